import EventLedger
import LedgerTestSupport
import Testing

@testable import Favorites

/// `FavoriteRestored`, the event undo appended before the ledger's own `EntityRestored`, which
/// files still hold: its payload and `apply`, on a read model in memory, and as any event of
/// the domain contract.
@Suite struct FavoritesRestoreTests {
    let domain = FavoritesDomain()

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
        for dishId in ["rice", "char-siu"] { try model.append(FavoriteAdded(dishId: dishId)) }
        for dishId in ["rice", "char-siu"] { try model.append(FavoriteRemoved(dishId: dishId)) }
        try model.append(FavoriteRestored(dishId: "egg-tart", addedAt: Timestamp(microseconds: 5), position: 3))
        try model.append(FavoriteRestored(dishId: "har-gow", addedAt: Timestamp(microseconds: 30), position: 4))
        #expect(
            try FavoritesQueries.favorites(in: model.reader)
                == [
                    FavoriteDish(dishId: "siu-mai", addedAt: Timestamp(microseconds: 20), position: 2),
                    FavoriteDish(dishId: "egg-tart", addedAt: Timestamp(microseconds: 5), position: 3),
                    FavoriteDish(dishId: "har-gow", addedAt: Timestamp(microseconds: 30), position: 4),
                ])
        try model.append(FavoriteRestored(dishId: "siu-mai", addedAt: nil, position: nil))
        try model.append(FavoriteRestored(dishId: "rice", addedAt: nil, position: nil))
        #expect(try FavoritesQueries.favorites(in: model.reader).map(\.dishId) == ["egg-tart", "har-gow"])
        // A dish restored at its own position keeps it.
        try model.append(FavoriteRestored(dishId: "egg-tart", addedAt: Timestamp(microseconds: 6), position: 3))
        #expect(try FavoritesQueries.favorites(in: model.reader).first?.addedAt == Timestamp(microseconds: 6))
    }

    /// Restoring events appended as any other: the rules they obey refused, their commits
    /// undone and redone. A restored position is never after the latest favourite added,
    /// which a later `FavoriteAdded` would take.
    static let restoring = DomainScenario(FavoritesDomain(), queries: FavoritesContractTests.scenario.queries)
        .refusing(
            FavoriteRestored(dishId: "egg-tart", addedAt: Timestamp(microseconds: 1), position: 1),
            rule: "favourite position must not be after the latest favourite added", entity: "favorite-egg-tart (no favourite was added yet)"
        )
        .committing(FavoriteAdded(dishId: "har-gow"), FavoriteAdded(dishId: "siu-mai"))
        .refusingInEveryMode(
            FavoriteRestored(dishId: "egg-tart", addedAt: Timestamp(microseconds: 1), position: 3),
            rule: "favourite position must not be after the latest favourite added", entity: "favorite-egg-tart (position 3 is after 2)"
        )
        .refusingInEveryMode(
            FavoriteRestored(dishId: "egg-tart", addedAt: Timestamp(microseconds: 1), position: 1),
            rule: "favourite position must not be held by another dish", entity: "favorite-egg-tart (1 is taken by favorite-har-gow)"
        )
        .committing(FavoriteRestored(dishId: "siu-mai", addedAt: Timestamp(microseconds: 1), position: 2))
        .committing(FavoriteRestored(dishId: "har-gow", addedAt: nil, position: nil))
        // Its position is free once har-gow is no favourite.
        .committing(FavoriteRestored(dishId: "egg-tart", addedAt: Timestamp(microseconds: 5), position: 1))

    @Test(arguments: ContractClause.allCases)
    func restoringEventsKeepTheDomainContract(_ clause: ContractClause) throws {
        try Self.restoring.check(clause)
    }
}
