import Foundation
import LedgerCLITestSupport
import Testing

/// Names and titles too long to be a whole LMDB key (180 CJK characters take 540 bytes)
/// still list in their order, now, in the past, and after a rebuild.
@Suite struct LongKeyOrderTests {
    /// 180 CJK characters: `head` first, then a run shared by every title, then `tail`
    /// last, so titles with different tails differ only near their end.
    static func longTitle(head: Int, tail: Int) -> String {
        func character(_ offset: Int) -> String { String(UnicodeScalar(0x4E00 + offset)!) }
        return character(head) + String(repeating: "歌", count: 178) + character(tail)
    }

    /// Songs of one artist: ten whose titles differ only in their last character, added in
    /// an order that is not theirs, two that differ in their first, and a twin title
    /// that only its id sets apart.
    static let songs: [(songId: String, title: String)] =
        [7, 2, 9, 0, 5, 3, 8, 1, 6, 4].map { tail in
            (songId: "tail-\(tail)", title: longTitle(head: 50, tail: tail))
        } + [
            (songId: "head-late", title: longTitle(head: 90, tail: 0)),
            (songId: "head-early", title: longTitle(head: 10, tail: 0)),
            (songId: "twin", title: longTitle(head: 50, tail: 4)),
        ]

    /// The song ids in title order, then by id (titles of one script compare by code point).
    static let expectedOrder = songs.sorted { ($0.title, $0.songId) < ($1.title, $1.songId) }.map(\.songId)

    /// Song ids as `artist-songs` and `songs` list them, with `options`.
    func listedSongs(
        _ sandbox: LedgerSandbox, _ options: [String] = [],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> (artistSongs: [String?], songs: [String?]) {
        let artist = try sandbox.object(["query", "artist-songs", "band"] + options, sourceLocation: sourceLocation)
        let songs = try sandbox.array(["query", "songs"] + options, sourceLocation: sourceLocation)
        return (
            try #require(artist.objects("songs"), sourceLocation: sourceLocation).map { $0.string("songId") },
            songs.map { $0.string("songId") }
        )
    }

    /// Checks both listings against `expected`.
    func expectListed(
        _ sandbox: LedgerSandbox, _ options: [String] = [], _ expected: [String],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let listed = try listedSongs(sandbox, options, sourceLocation: sourceLocation)
        #expect(listed.artistSongs == expected, "artist-songs \(options)", sourceLocation: sourceLocation)
        #expect(listed.songs == expected, "songs \(options)", sourceLocation: sourceLocation)
    }

    @Test func longTitlesListInTitleOrderNowInThePastAndAfterARebuild() throws {
        #expect(Self.songs.allSatisfy { $0.title.utf8.count == 540 })
        let sandbox = try LedgerSandbox()
        try sandbox.ok(["append", "ArtistCreated", #"{"artistId":"band","name":"Band"}"#])
        for song in Self.songs {
            try sandbox.ok(["append", "SongAdded", #"{"songId":"\#(song.songId)","title":"\#(song.title)","artistId":"band"}"#])
        }
        let firstFive = Set(Self.songs.prefix(5).map(\.songId))
        let expectedAtSix = Self.expectedOrder.filter(firstFive.contains)
        try expectListed(sandbox, [], Self.expectedOrder)
        try expectListed(sandbox, ["--as-of", "6"], expectedAtSix)
        try expectListed(sandbox, ["--as-of", String(Self.songs.count + 1)], Self.expectedOrder)

        try sandbox.ok(["rebuild"])
        try sandbox.ok(["verify"])
        try expectListed(sandbox, [], Self.expectedOrder)
        try expectListed(sandbox, ["--as-of", "6"], expectedAtSix)
    }

    @Test func longArtistNamesListInNameOrder() throws {
        let sandbox = try LedgerSandbox()
        let tails = [3, 0, 4, 1, 2]
        let batch = tails.map { tail in
            #"{"type":"ArtistCreated","data":{"artistId":"artist-\#(tail)","name":"\#(Self.longTitle(head: 50, tail: tail))"}}"#
        }
        try sandbox.ok(["append", "--batch", "-"], input: batch.joined(separator: "\n"))
        let expected = tails.sorted().map { "artist-\($0)" }
        #expect(try sandbox.array(["query", "artists"]).map { $0.string("artistId") } == expected)
        #expect(try sandbox.array(["query", "artists", "--as-of", "5"]).map { $0.string("artistId") } == expected)
    }
}
