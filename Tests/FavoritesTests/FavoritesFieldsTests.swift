import EventLedger
import Testing

@testable import Favorites

/// A favourite's row writes through its own fields what `Codable` writes.
@Suite struct FavoritesFieldsTests {
    @Test func favoriteRowWritesWhatCodableWrites() throws {
        let row = FavoriteRecord(addedAt: Timestamp(microseconds: 1_764_000_000_000_000), position: 42)
        #expect(try row.fieldsMatchCodable())
    }
}
