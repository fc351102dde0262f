import EventLedger
import Testing

@testable import Music

/// The rows and keys Music stores through their own fields write what `Codable` writes.
@Suite struct MusicFieldsTests {
    @Test func everyFieldsConformanceWritesWhatCodableWrites() throws {
        let values: [any BinaryFields] = [
            ArtistRecord(name: "Ärtist", isDeleted: true), ArtistRecord(name: "", isDeleted: false),
            ListedArtist(name: "a", songCount: 12), ListedArtist(name: "", songCount: 0),
            SongRecord(title: "t", artistId: "a1", durationSeconds: 245, isDeleted: true), SongRecord(title: "t"),
            ListedSong(title: "t", artistId: "a1", durationSeconds: 1), ListedSong(title: "t", artistId: nil, durationSeconds: nil),
            ArtistSongRow(title: "t", durationSeconds: 3), ArtistSongRow(title: "t", durationSeconds: nil),
            ArtistSongKey(artistId: "a\u{0}1", title: "Zebra", songId: "s1"),
        ]
        for value in values {
            #expect(try value.fieldsMatchCodable(), "\(value)")
        }
    }
}
