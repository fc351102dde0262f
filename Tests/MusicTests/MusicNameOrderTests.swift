import EventLedger
import LedgerTestSupport
import Music
import Testing

/// Artists and songs list by name and title ignoring case (Unicode case folding), then
/// id: now, in the past, and after a rebuild.
@Suite struct MusicNameOrderTests {
    let domain = MusicDomain()

    /// Names in the order they are created, with ids `a1`, `a2`…
    static let names = ["Echoes", "echoes", "Zebra", "apple", "Straße", "STRASSE", "ß", "ss"]
    /// The artist ids as the `artists` query lists them.
    static let expectedOrder = ["a4", "a1", "a2", "a7", "a8", "a5", "a6", "a3"]

    /// A ledger with an artist of each name (`a1`…`a8`, positions 1–8), then a song of
    /// each title (`s1`…`s8`), all by `a1`.
    func withLedger(_ body: (Ledger) throws -> Void) throws {
        try withTemporaryLedger(domain) { ledger in
            for (index, name) in Self.names.enumerated() {
                try ledger.append(ArtistCreated(artistId: "a\(index + 1)", name: name))
            }
            for (index, name) in Self.names.enumerated() {
                try ledger.append(SongAdded(songId: "s\(index + 1)", title: name, artistId: "a1"))
            }
            try body(ledger)
        }
    }

    /// The artist ids as the `artists` query lists them in `state`.
    func artistIds(_ state: ReadModelReader) throws -> [String] { try MusicQueries.artists(in: state).map(\.artistId) }

    @Test func artistsAndSongsListIgnoringCaseThenId() throws {
        try withLedger { ledger in
            let songOrder = Self.expectedOrder.map { "s" + $0.dropFirst() }
            #expect(try ledger.read(artistIds) == Self.expectedOrder)
            #expect(try ledger.read { try MusicQueries.songs(in: $0).map(\.songId) } == songOrder)
            #expect(try ledger.read { try MusicQueries.artistSongs("a1", in: $0).songs.map(\.songId) } == songOrder)
            #expect(
                try ledger.read { try MusicQueries.artistSongs("a1", in: $0).songs.map(\.title) }
                    == ["apple", "Echoes", "echoes", "ß", "ss", "Straße", "STRASSE", "Zebra"])
            try ledger.append(ArtistDeleted(artistId: "a1"))
            #expect(try ledger.read { try MusicQueries.songs(orphansOnly: true, in: $0).map(\.songId) } == songOrder)
        }
    }

    @Test func orderHoldsInThePastAndAfterARebuild() throws {
        try withLedger { ledger in
            try ledger.append(ArtistRenamed(artistId: "a3", name: "aardvark"))
            let past = ["a4", "a1", "a2", "a5", "a6", "a3"]
            #expect(try ledger.read(asOf: .position(6), artistIds) == past)
            #expect(try ledger.read(artistIds) == ["a3"] + Self.expectedOrder.dropLast())
            _ = try ledger.rebuild()
            #expect(try ledger.verify().isIntact)
            #expect(try ledger.read(asOf: .position(6), artistIds) == past)
            #expect(try ledger.read(artistIds) == ["a3"] + Self.expectedOrder.dropLast())
        }
    }
}
