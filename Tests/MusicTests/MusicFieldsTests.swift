import EventLedger
import Testing

@testable import Music

/// The rows Music stores through their own fields write what `Codable` writes.
@Suite struct MusicFieldsTests {
    @Test func everyFieldsConformanceWritesWhatCodableWrites() throws {
        let values: [any BinaryFields] = [
            ArtistRecord(name: "Ärtist", isDeleted: true), ArtistRecord(name: "", isDeleted: false),
            SongRecord(title: "t", artistId: "a1", durationSeconds: 245, isDeleted: true), SongRecord(title: "t"),
        ]
        for value in values {
            #expect(try value.fieldsMatchCodable(), "\(value)")
        }
    }
}
