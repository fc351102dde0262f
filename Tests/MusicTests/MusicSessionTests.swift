import EventLedger
import LedgerTestSupport
import Testing

@testable import Music

/// Form sessions over artists and songs: the typed `MusicQueries` on a session's
/// preview, staging against the ledger plus staged events, commit, conflicts, discard.
@Suite struct MusicSessionTests {
    let domain = MusicDomain()

    /// Pink Floyd with the song "Money2" (id `money`), Queen with "Bohemian Rhapsody".
    func withFixture(_ body: (Ledger) throws -> Void) throws {
        try withTemporaryLedger(domain) { ledger in
            try ledger.append([
                PendingEvent(ArtistCreated(artistId: "pink-floyd", name: "Pink Floyd")),
                PendingEvent(ArtistCreated(artistId: "queen", name: "Queen")),
                PendingEvent(SongAdded(songId: "money", title: "Money2", artistId: "pink-floyd")),
                PendingEvent(SongAdded(songId: "bohemian-rhapsody", title: "Bohemian Rhapsody", artistId: "queen")),
            ])
            try body(ledger)
        }
    }

    func pinkFloyd(_ songs: ArtistSong...) -> ArtistSongs {
        ArtistSongs(artistId: "pink-floyd", name: "Pink Floyd", songs: songs)
    }

    @Test func thePreviewAnswersTheTypedQueriesAsIfCommitted() throws {
        try withFixture { ledger in
            let session = try ledger.beginSession(name: "pink floyd songs")
            try session.stage(SongAdded(songId: "hey-you", title: "Hey You", artistId: "pink-floyd"))
            try session.stage(SongRetitled(songId: "money", title: "Money"))

            let preview = try session.preview { reader in
                (
                    try MusicQueries.artistSongs("pink-floyd", in: reader), try MusicQueries.artists(in: reader),
                    try MusicQueries.songs(in: reader)
                )
            }
            #expect(
                preview.0
                    == pinkFloyd(
                        ArtistSong(songId: "hey-you", title: "Hey You", durationSeconds: nil),
                        ArtistSong(songId: "money", title: "Money", durationSeconds: nil)))
            #expect(
                preview.1 == [
                    ArtistSummary(artistId: "pink-floyd", name: "Pink Floyd", songCount: 2),
                    ArtistSummary(artistId: "queen", name: "Queen", songCount: 1),
                ])
            #expect(preview.2.map(\.title) == ["Bohemian Rhapsody", "Hey You", "Money"])

            let live = try ledger.read { try MusicQueries.artistSongs("pink-floyd", in: $0) }
            #expect(live == pinkFloyd(ArtistSong(songId: "money", title: "Money2", durationSeconds: nil)), "nothing shows without the session")
            #expect(try ledger.read { try MusicQueries.artists(in: $0) }.first?.songCount == 1)

            let before = try ledger.head()
            let result = try session.commit()
            #expect(result.commit == before.commit + 1)
            #expect(result.positions == [before.position + 1, before.position + 2])
            let after = try ledger.read { try MusicQueries.artistSongs("pink-floyd", in: $0) }
            #expect(after == preview.0, "the committed read model equals the preview")
        }
    }

    @Test func aStagedArtistDeletionOrphansItsSongsInThePreviewOnly() throws {
        try withFixture { ledger in
            let before = try snapshot(ledger, domain)
            let session = try ledger.beginSession()
            try session.stage(ArtistDeleted(artistId: "pink-floyd"))
            let orphans = try session.preview { try MusicQueries.songs(orphansOnly: true, in: $0) }
            #expect(orphans == [SongSummary(songId: "money", title: "Money2", artistId: nil, durationSeconds: nil)])
            let artists = try session.preview { try MusicQueries.artists(in: $0) }
            #expect(artists.map(\.artistId) == ["queen"])
            let missing = #expect(throws: LedgerError.self) {
                try session.preview { try MusicQueries.artistSongs("pink-floyd", in: $0) }
            }
            #expect(missing?.kind == .notFound)
            #expect(try snapshot(ledger, domain) == before, "a preview leaves the ledger as it was")
            #expect(try ledger.read { try MusicQueries.songs(orphansOnly: true, in: $0) }.isEmpty)
        }
    }

    @Test func stagingChecksTheLedgerPlusTheEarlierStagedEvents() throws {
        try withFixture { ledger in
            let session = try ledger.beginSession()
            try session.stage(ArtistCreated(artistId: "radiohead", name: "Radiohead"))
            try session.stage(SongAdded(songId: "karma-police", title: "Karma Police", artistId: "radiohead"))
            try session.stage(SongDeleted(songId: "money"))

            let unknownArtist = #expect(throws: LedgerError.self) {
                try session.stage(SongAdded(songId: "x", title: "X", artistId: "nobody"))
            }
            #expect(unknownArtist?.kind == .ruleViolation)
            #expect(unknownArtist?.subject == "artist-nobody")
            let deletedSong = #expect(throws: LedgerError.self) { try session.stage(SongRetitled(songId: "money", title: "Money")) }
            #expect(deletedSong?.kind == .ruleViolation)
            #expect(deletedSong?.rule == "song must not be deleted")
            let badTitle = #expect(throws: LedgerError.self) {
                try session.stage(PendingEvent(type: "SongRetitled", payload: ["songId": .string("bohemian-rhapsody"), "title": .string("  ")]))
            }
            #expect(badTitle?.kind == .invalidInput)

            let info = try session.info()
            #expect(info.events.map(\.type) == ["ArtistCreated", "SongAdded", "SongDeleted"])
            #expect(info.streams == ["artist-radiohead": 0, "song-karma-police": 0, "song-money": 1])
            let radiohead = try session.preview { try MusicQueries.artistSongs("radiohead", in: $0) }
            #expect(
                radiohead
                    == ArtistSongs(
                        artistId: "radiohead", name: "Radiohead",
                        songs: [ArtistSong(songId: "karma-police", title: "Karma Police", durationSeconds: nil)]))
            #expect(try session.preview { try MusicQueries.artistSongs("pink-floyd", in: $0) }.songs.isEmpty)
        }
    }

    @Test func aCommitFindingARuleBrokenAppendsNothingAndKeepsTheSession() throws {
        try withFixture { ledger in
            let session = try ledger.beginSession()
            try session.stage(SongAdded(songId: "under-pressure", title: "Under Pressure", artistId: "queen"))
            try ledger.append(ArtistDeleted(artistId: "queen"))
            let before = try snapshot(ledger, domain)
            let error = #expect(throws: LedgerError.self) { try session.commit() }
            #expect(error?.kind == .ruleViolation)
            #expect(error?.subject == "artist-queen")
            #expect(try snapshot(ledger, domain) == before)
            #expect(try ledger.session(session.id).info().events.map(\.type) == ["SongAdded"])
        }
    }

    @Test func twoSessionsEditingOneSongTheFirstCommitWins() throws {
        try withFixture { ledger in
            let first = try ledger.beginSession()
            let second = try ledger.beginSession()
            try first.stage(SongRetitled(songId: "money", title: "Money"))
            try second.stage(SongRetitled(songId: "money", title: "Money!"))
            try first.commit()
            let afterFirst = try snapshot(ledger, domain)

            let error = #expect(throws: LedgerError.self) { try second.commit() }
            #expect(error?.kind == .conflict)
            #expect(error?.subject == "song-money")
            #expect(try snapshot(ledger, domain) == afterFirst)
            #expect(try ledger.sessions().map(\.id) == [second.id])
            #expect(
                try second.preview { try MusicQueries.songs(in: $0) }.first { $0.songId == "money" }?.title == "Money!",
                "the kept session still previews its own edit")
            try second.discard()
            #expect(try snapshot(ledger, domain) == afterFirst)
            #expect(
                try ledger.read { try MusicQueries.artistSongs("pink-floyd", in: $0) }
                    == pinkFloyd(ArtistSong(songId: "money", title: "Money", durationSeconds: nil)))
        }
    }

    @Test func discardingChangesNoReadModel() throws {
        try withFixture { ledger in
            let before = try snapshot(ledger, domain)
            let session = try ledger.beginSession()
            try session.stage(ArtistRenamed(artistId: "queen", name: "Queen + Adam Lambert"))
            try session.stage(SongReassigned(songId: "money", artistId: "queen"))
            #expect(try session.preview { try MusicQueries.artistSongs("queen", in: $0) }.songs.count == 2)
            try session.discard()
            #expect(try snapshot(ledger, domain) == before)
            #expect(try ledger.sessions().isEmpty)
        }
    }
}
