import EventLedger
import Favorites
import LedgerTestSupport
import Testing

/// `FavoriteRestored`, the event undo appends, on a read model in memory, and undo of
/// favourites commits through a ledger.
@Suite struct FavoritesRestoreTests {
    let domain = FavoritesDomain()
    let favorites = [CheckedQuery("favorites")]

    @Test func aRestoredFavouriteHasBothATimeAndAPositionOrNeither() throws {
        let restored = try FavoriteRestored(payload: payload(#"{"dishId":"har-gow","addedAt":1000,"position":7}"#))
        #expect(restored == FavoriteRestored(dishId: "har-gow", addedAt: Timestamp(microseconds: 1000), position: 7))
        #expect(try FavoriteRestored(payload: payload(#"{"dishId":"har-gow"}"#)) == FavoriteRestored(dishId: "har-gow", addedAt: nil, position: nil))
        expectInvalidField("position") { try FavoriteRestored(payload: payload(#"{"dishId":"har-gow","addedAt":1000}"#)) }
        expectInvalidField("addedAt") { try FavoriteRestored(payload: payload(#"{"dishId":"har-gow","position":7}"#)) }
        expectInvalidField("position") { try FavoriteRestored(payload: payload(#"{"dishId":"har-gow","addedAt":1000,"position":0}"#)) }
    }

    @Test func aRestoreReplacesTheDishsFavouriteWithExactlyItsTimeAndPosition() throws {
        let model = InMemoryReadModel(domain)
        try model.append(FavoriteAdded(dishId: "har-gow"), recordedAt: Timestamp(microseconds: 10))
        try model.append(FavoriteAdded(dishId: "siu-mai"), recordedAt: Timestamp(microseconds: 20))
        try model.append(FavoriteRestored(dishId: "egg-tart", addedAt: Timestamp(microseconds: 5), position: 9))
        try model.append(FavoriteRestored(dishId: "har-gow", addedAt: Timestamp(microseconds: 30), position: 12))
        #expect(
            try FavoritesQueries.favorites(in: model.reader)
                == [
                    FavoriteDish(dishId: "siu-mai", addedAt: Timestamp(microseconds: 20), position: 2),
                    FavoriteDish(dishId: "egg-tart", addedAt: Timestamp(microseconds: 5), position: 9),
                    FavoriteDish(dishId: "har-gow", addedAt: Timestamp(microseconds: 30), position: 12),
                ])
        try model.append(FavoriteRestored(dishId: "siu-mai", addedAt: nil, position: nil))
        try model.append(FavoriteRestored(dishId: "rice", addedAt: nil, position: nil))
        #expect(try FavoritesQueries.favorites(in: model.reader).map(\.dishId) == ["egg-tart", "har-gow"])
        // A dish restored at its own position keeps it.
        try model.append(FavoriteRestored(dishId: "egg-tart", addedAt: Timestamp(microseconds: 6), position: 9))
        #expect(try FavoritesQueries.favorites(in: model.reader).first?.addedAt == Timestamp(microseconds: 6))
    }

    @Test func aPositionHeldByAnotherDishIsRefused() throws {
        try withTemporaryLedger(domain) { ledger in
            try ledger.append(FavoriteAdded(dishId: "har-gow"))
            for mode in [RuleMode.strict, .importing] {
                try expectRuleViolation(
                    "favourite position must not be held by another dish",
                    entity: "favorite-egg-tart (position 1 is held by favorite-har-gow)",
                    appending: [PendingEvent(FavoriteRestored(dishId: "egg-tart", addedAt: Timestamp(microseconds: 1), position: 1))],
                    to: ledger, domain, mode: mode)
            }
        }
    }

    @Test func undoOfACommitOfEachEventTypeReturnsTheFavouritesToTheirPastState() throws {
        try withTemporaryLedger(domain) { ledger in
            try ledger.append([PendingEvent(FavoriteAdded(dishId: "har-gow")), PendingEvent(FavoriteAdded(dishId: "siu-mai"))])
            let events: [any DomainEvent] = [
                FavoriteAdded(dishId: "egg-tart"),
                FavoriteRemoved(dishId: "har-gow"),
                FavoriteRestored(dishId: "siu-mai", addedAt: Timestamp(microseconds: 1), position: 40),
                FavoriteRestored(dishId: "har-gow", addedAt: nil, position: nil),
            ]
            #expect(Set(events.map { type(of: $0).typeName }) == Set(ledger.eventTypeNames).subtracting([EntityRestored.typeName]))
            for event in events {
                let done = try ledger.append([PendingEvent(event)])
                let undo = try undoExpectingPastAnswers(ledger, done, favorites)
                #expect(try allEvents(ledger).last?.metadata == ["undoes": String(done.commit)])
                // Undo of the undo redoes.
                try ledger.undo(commit: undo.commit)
                expectAnswers(ledger, favorites, asOf: done.positions[0], "after redoing \(type(of: event).typeName)")
                try ledger.undo(commit: undo.commit + 1)
            }
            // A rebuild from the log, undos included, gives the read models as they are.
            #expect(try ledger.verify().problems == [])
        }
    }

    @Test func aCommitOfSeveralEventsIsUndoneInOneCommit() throws {
        try withTemporaryLedger(domain) { ledger in
            try ledger.append([PendingEvent(FavoriteAdded(dishId: "har-gow")), PendingEvent(FavoriteAdded(dishId: "siu-mai"))])
            let session = try ledger.beginSession()
            try session.stage(FavoriteRemoved(dishId: "har-gow"))
            try session.stage(FavoriteAdded(dishId: "egg-tart"))
            try session.stage(FavoriteRemoved(dishId: "siu-mai"))
            try session.stage(FavoriteAdded(dishId: "har-gow"))
            let done = try session.commit()
            let undo = try undoExpectingPastAnswers(ledger, done, favorites)
            #expect(undo.positions.count == 3)
            #expect(try ledger.head().commit == undo.commit)
        }
    }
}
