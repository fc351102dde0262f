import EventLedger
import Testing

@testable import Favorites

/// The rows Favorites stores through their own fields write what `Codable` writes.
@Suite struct FavoritesFieldsTests {
    @Test func everyFieldsConformanceWritesWhatCodableWrites() throws {
        let values: [any BinaryFields] = [
            FavoriteRecord(addedAt: Timestamp(microseconds: 1_700_000_000_000_000), position: 7),
            FavoriteRecord(addedAt: Timestamp(microseconds: -5), position: .max),
            FavoritesTables.PositionRow(dishId: "d1", addedAt: Timestamp(microseconds: 0)),
        ]
        for value in values {
            #expect(try value.fieldsMatchCodable(), "\(value)")
        }
    }
}
