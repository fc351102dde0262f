import EventLedger
import Favorites
import LedgerTestSupport
import Testing

/// The rules and the query of favourites: at most once at a time, listed in the order added.
@Suite struct FavoritesTests {
    let domain = FavoritesDomain()

    @Test func aDishIsFavouritedAtMostOnceAtATime() throws {
        try withTemporaryLedger(domain) { ledger in
            try ledger.append(FavoriteAdded(dishId: "har-gow"))
            for mode in [RuleMode.strict, .importing] {
                try expectRuleViolation(
                    "dish is already a favourite", entity: "favorite-har-gow",
                    appending: [PendingEvent(FavoriteAdded(dishId: "har-gow"))], to: ledger, domain, mode: mode)
                try expectRuleViolation(
                    "dish is not a favourite", entity: "favorite-siu-mai",
                    appending: [PendingEvent(FavoriteRemoved(dishId: "siu-mai"))], to: ledger, domain, mode: mode)
            }
            try ledger.append(FavoriteRemoved(dishId: "har-gow"))
            try expectRuleViolation(
                "dish is not a favourite", entity: "favorite-har-gow",
                appending: [PendingEvent(FavoriteRemoved(dishId: "har-gow"))], to: ledger, domain)
            try ledger.append(FavoriteAdded(dishId: "har-gow"))
            #expect(try ledger.read { try FavoritesQueries.favorites(in: $0) }.map(\.position) == [3])
        }
    }

    @Test func favouritesAreListedInTheOrderAddedWithTimeAndPosition() throws {
        try withTemporaryLedger(domain) { ledger in
            let first = try ledger.append([
                PendingEvent(FavoriteAdded(dishId: "har-gow")),
                PendingEvent(FavoriteAdded(dishId: "siu-mai")),
            ])
            let second = try ledger.append(FavoriteAdded(dishId: "egg-tart"))
            try ledger.append(FavoriteRemoved(dishId: "siu-mai"))
            let third = try ledger.append(FavoriteAdded(dishId: "siu-mai"))

            let (t1, t2, t3) = (first.recordedAt.description, second.recordedAt.description, third.recordedAt.description)
            #expect(
                try queryJSON(ledger, "favorites") == #"[{"addedAt":"\#(t1)","dishId":"har-gow","position":1},"#
                    + #"{"addedAt":"\#(t2)","dishId":"egg-tart","position":3},{"addedAt":"\#(t3)","dishId":"siu-mai","position":5}]"#)
            #expect(t1.utf8.count == 27 && t1.hasSuffix("Z"))
            let typed = try ledger.read { try FavoritesQueries.favorites(in: $0) }
            #expect(typed.first == FavoriteDish(dishId: "har-gow", addedAt: first.recordedAt, position: 1))

            let table = try ledger.query("favorites")
            #expect(table.columns == ["DISH ID", "ADDED AT", "POSITION"])
            #expect(table.rows == [["har-gow", t1, "1"], ["egg-tart", t2, "3"], ["siu-mai", t3, "5"]])
        }
    }

    @Test func aLaterEventOfABatchSeesAnEarlierOne() throws {
        try withTemporaryLedger(domain) { ledger in
            try ledger.append([
                PendingEvent(FavoriteAdded(dishId: "egg-tart")),
                PendingEvent(FavoriteRemoved(dishId: "egg-tart")),
                PendingEvent(FavoriteAdded(dishId: "egg-tart")),
            ])
            #expect(try ledger.read { try FavoritesQueries.favorites(in: $0) }.map(\.position) == [3])
        }
    }

    @Test func aFailingEventRejectsTheWholeBatch() throws {
        try withTemporaryLedger(domain) { ledger in
            try ledger.append(FavoriteAdded(dishId: "har-gow"))
            let batch = [PendingEvent(FavoriteAdded(dishId: "egg-tart")), PendingEvent(FavoriteAdded(dishId: "egg-tart"))]
            try expectRuleViolation(
                "dish is already a favourite", entity: "favorite-egg-tart",
                appending: batch, to: ledger, domain)
            let error = #expect(throws: LedgerError.self) { try ledger.append(batch) }
            #expect(error?.eventIndex == 1)
            #expect(try ledger.read { try FavoritesQueries.favorites(in: $0) }.map(\.dishId) == ["har-gow"])
        }
    }

    @Test func theQueryIsDeclared() {
        #expect(domain.queries.map(\.name) == ["favorites"])
        #expect(domain.readModelName == "favorites")
    }
}
