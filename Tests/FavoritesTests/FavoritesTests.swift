import EventLedger
import LedgerTestSupport
import Testing

@testable import Favorites

/// The query of favourites: listed in the order added, with the time and position each was added at.
@Suite struct FavoritesTests {
    let domain = FavoritesDomain()

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

    @Test func theQueryIsDeclared() {
        #expect(domain.queries.map(\.name) == ["favorites"])
        #expect(domain.readModelName == "favorites")
    }
}
