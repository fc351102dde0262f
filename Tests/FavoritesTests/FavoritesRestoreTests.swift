import EventLedger
import Favorites
import LedgerTestSupport
import Testing

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

    /// Restoring events appended as any other: the rule they obey refused, their commits
    /// undone and redone.
    static let restoring = DomainScenario(FavoritesDomain(), queries: FavoritesContractTests.scenario.queries)
        .committing(FavoriteAdded(dishId: "har-gow"), FavoriteAdded(dishId: "siu-mai"))
        .refusing(
            FavoriteRestored(dishId: "egg-tart", addedAt: Timestamp(microseconds: 1), position: 1),
            rule: "favourite position must not be held by another dish", entity: "favorite-egg-tart (1 is taken by favorite-har-gow)"
        )
        .refusing(
            FavoriteRestored(dishId: "egg-tart", addedAt: Timestamp(microseconds: 1), position: 1), mode: .importing,
            rule: "favourite position must not be held by another dish", entity: "favorite-egg-tart (1 is taken by favorite-har-gow)"
        )
        .committing(FavoriteRestored(dishId: "siu-mai", addedAt: Timestamp(microseconds: 1), position: 40))
        .committing(FavoriteRestored(dishId: "har-gow", addedAt: nil, position: nil))
        .committing(FavoriteRestored(dishId: "egg-tart", addedAt: Timestamp(microseconds: 5), position: 9))

    @Test(arguments: ContractClause.allCases)
    func restoringEventsKeepTheDomainContract(_ clause: ContractClause) throws {
        try Self.restoring.check(clause)
    }
}
