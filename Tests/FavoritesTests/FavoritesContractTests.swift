import EventLedger
import Favorites
import LedgerDomainContract
import Testing

/// The favourites domain keeps the domain contract: dishes favourited, unfavourited and
/// favourited again, at most once at a time, and every rule refused on the way.
@Suite struct FavoritesContractTests {
    static let scenario = DomainScenario(FavoritesDomain(), queries: [CheckedQuery("favorites")])
        .committing(FavoriteAdded(dishId: "har-gow"), FavoriteAdded(dishId: "siu-mai"))
        .refusingInEveryMode(FavoriteAdded(dishId: "har-gow"), rule: "dish is already a favourite", entity: "favorite-har-gow")
        .refusingInEveryMode(FavoriteRemoved(dishId: "egg-tart"), rule: "dish is not a favourite", entity: "favorite-egg-tart")
        // A failing event refuses its whole commit, and sees the earlier ones.
        .refusing(
            FavoriteAdded(dishId: "egg-tart"), FavoriteAdded(dishId: "egg-tart"), rule: "dish is already a favourite",
            entity: "favorite-egg-tart"
        )
        .committing(FavoriteAdded(dishId: "egg-tart"))
        .committing(FavoriteRemoved(dishId: "siu-mai"))
        .refusing(FavoriteRemoved(dishId: "siu-mai"), rule: "dish is not a favourite", entity: "favorite-siu-mai")
        .committing(FavoriteAdded(dishId: "siu-mai"))
        // An edit form's commit of several events: a dish unfavourited and favourited again.
        .committing(FavoriteRemoved(dishId: "har-gow"), FavoriteAdded(dishId: "rice"), FavoriteAdded(dishId: "har-gow"))
        .committing(FavoriteAdded(dishId: "char-siu"))

    @Test(arguments: ContractClause.allCases)
    func favoritesKeepTheDomainContract(_ clause: ContractClause) throws {
        try Self.scenario.check(clause)
    }

    @Test func theStoriesTellEveryEventType() {
        #expect(
            Self.scenario.committedEventTypes.union(FavoritesRestoreTests.restoring.committedEventTypes)
                == Set(FavoritesDomain().events.map(\.typeName)))
    }
}
