import EventLedger
import LedgerTestSupport
import Music
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Time travel over `artist-songs`: every query as of every position and commit time equals the
/// inline state at that point; renames, reassignments and an artist's deletion travel.
@Suite struct MusicTimeTravelTests {
    let domain = MusicDomain()

    /// Every query of the read model, with the arguments the fixture needs.
    static let queries: [(name: String, argument: String?, flags: Set<String>)] = [
        ("artists", nil, []), ("artist-songs", "a", []), ("artist-songs", "b", []), ("songs", nil, []),
        ("songs", nil, ["orphans"]),
    ]

    /// The answer of every query (its JSON, or the kind of error it failed with), now or as of `point`.
    func answers(_ ledger: Ledger, asOf point: LogPoint? = nil) -> [String] {
        Self.queries.map { query in
            let input = QueryDefinition.Input(argument: query.argument, flags: query.flags)
            do {
                let result = try point.map { try ledger.query(query.name, input, asOf: $0) } ?? ledger.query(query.name, input)
                return result.json.serializedString()
            } catch let error as LedgerError {
                return "error \(error.kind)"
            } catch {
                return "unexpected \(error)"
            }
        }
    }

    /// Ten commits, one of two events. Returns the answers after each commit by its last position.
    func withFixture(_ body: (Ledger, [UInt64: [String]]) throws -> Void) throws {
        try withTemporaryLedger(domain) { ledger throws in
            let commits: [[any DomainEvent]] = [
                [ArtistCreated(artistId: "a", name: "Alpha")],  // 1
                [
                    SongAdded(songId: "s1", title: "One", artistId: "a"),  // 2
                    SongAdded(songId: "s2", title: "Two", artistId: "a"),
                ],  // 3
                [ArtistRenamed(artistId: "a", name: "Alpha Prime")],  // 4
                [SongRetitled(songId: "s1", title: "Uno")],  // 5
                [ArtistCreated(artistId: "b", name: "Beta")],  // 6
                [SongReassigned(songId: "s2", artistId: "b")],  // 7
                [ArtistDeleted(artistId: "a")],  // 8
                [SongAdded(songId: "s3", title: "Three")],  // 9
                [SongDeleted(songId: "s2")],  // 10
                [ArtistRenamed(artistId: "b", name: "Beta Two")],  // 11
            ]
            var inline: [UInt64: [String]] = [0: answers(ledger)]
            for events in commits {
                usleep(200)
                let result = try ledger.append(events.map { PendingEvent($0) })
                inline[try #require(result.positions.last)] = answers(ledger)
            }
            try body(ledger, inline)
        }
    }

    @Test func everyCommitPositionEqualsTheInlineStateThen() throws {
        try withFixture { ledger, inline throws in
            #expect(inline.count == 11)
            for (position, expected) in inline {
                #expect(answers(ledger, asOf: .position(position)) == expected, "as of \(position)")
            }
            #expect(answers(ledger, asOf: .position(99)) == answers(ledger), "past the head: the current state")
        }
    }

    @Test func beforeTheFirstEventListsAreEmptyAndArtistsDoNotExist() throws {
        try withFixture { ledger, _ throws in
            let empty = ["[]", "error notFound", "error notFound", "[]", "[]"]
            #expect(answers(ledger, asOf: .position(0)) == empty)
            #expect(answers(ledger, asOf: .time(Timestamp(microseconds: 0))) == empty)
            let error = #expect(throws: LedgerError.self) {
                try ledger.read(asOf: .position(0)) { try MusicQueries.artistSongs("a", in: $0) }
            }
            #expect(error?.kind == .notFound)
        }
    }

    @Test func aPositionInsideABatchSeesOnlyTheEventsUpToIt() throws {
        try withFixture { ledger, _ throws in
            let after2 = try ledger.read(asOf: .position(2)) { try MusicQueries.artistSongs("a", in: $0) }
            #expect(after2 == ArtistSongs(artistId: "a", name: "Alpha", songs: [ArtistSong(songId: "s1", title: "One")]))
            let artists = try ledger.read(asOf: .position(2)) { try MusicQueries.artists(in: $0) }
            #expect(artists == [ArtistSummary(artistId: "a", name: "Alpha", songCount: 1)])
        }
    }

    @Test func everyCommitTimeEqualsTheInlineStateThenAndNotALaterOne() throws {
        try withFixture { ledger, inline throws in
            var commits: [(commit: UInt64, time: Timestamp, last: UInt64)] = []
            try ledger.forEachEvent { event in
                if commits.last?.commit == event.commit {
                    commits[commits.count - 1].last = event.position
                } else {
                    commits.append((event.commit, event.recordedAt, event.position))
                }
                return true
            }
            #expect(commits.count == 10)
            for (index, commit) in commits.enumerated() {
                let previous: UInt64 = index == 0 ? 0 : commits[index - 1].last
                try #require(index == 0 || commits[index - 1].time < commit.time)
                #expect(answers(ledger, asOf: .time(commit.time)) == inline[commit.last], "at commit \(commit.commit)")
                #expect(
                    answers(ledger, asOf: .time(Timestamp(microseconds: commit.time.microseconds - 1))) == inline[previous],
                    "1 µs before commit \(commit.commit)")
            }
        }
    }

    @Test func anArtistsSongsAreUnderItBeforeItsDeletionAndOrphansAfter() throws {
        try withFixture { ledger, _ throws in
            let before = try ledger.read(asOf: .position(7)) { state in
                (try MusicQueries.artistSongs("a", in: state), try MusicQueries.songs(orphansOnly: true, in: state))
            }
            #expect(before.0 == ArtistSongs(artistId: "a", name: "Alpha Prime", songs: [ArtistSong(songId: "s1", title: "Uno")]))
            #expect(before.1 == [])
            let error = #expect(throws: LedgerError.self) {
                try ledger.read(asOf: .position(8)) { try MusicQueries.artistSongs("a", in: $0) }
            }
            #expect(error?.kind == .notFound)
            let after = try ledger.read(asOf: .position(8)) { state in
                (try MusicQueries.songs(orphansOnly: true, in: state), try MusicQueries.artists(in: state))
            }
            #expect(after.0 == [SongSummary(songId: "s1", title: "Uno", artistId: nil)])
            #expect(after.1 == [ArtistSummary(artistId: "b", name: "Beta", songCount: 1)])
            #expect(try ledger.history(of: "artist-a").map(\.position) == [1, 4, 8])
        }
    }

    @Test func namesTitlesAndAssignmentsAreThoseOfTheirTime() throws {
        try withFixture { ledger, _ throws in
            func artists(at position: UInt64) throws -> [String] {
                try ledger.read(asOf: .position(position)) { try MusicQueries.artists(in: $0).map { "\($0.artistId) \($0.name) \($0.songCount)" } }
            }
            func songs(at position: UInt64) throws -> [String] {
                try ledger.read(asOf: .position(position)) {
                    try MusicQueries.songs(in: $0).map { "\($0.songId) \($0.title) \($0.artistId ?? "-")" }
                }
            }
            #expect(try artists(at: 1) == ["a Alpha 0"])
            #expect(try artists(at: 3) == ["a Alpha 2"])
            #expect(try artists(at: 4) == ["a Alpha Prime 2"])
            #expect(try artists(at: 6) == ["a Alpha Prime 2", "b Beta 0"])
            #expect(try artists(at: 7) == ["a Alpha Prime 1", "b Beta 1"])
            #expect(try artists(at: 10) == ["b Beta 0"])
            #expect(try artists(at: 11) == ["b Beta Two 0"])
            #expect(try songs(at: 4) == ["s1 One a", "s2 Two a"])
            #expect(try songs(at: 5) == ["s2 Two a", "s1 Uno a"])
            #expect(try songs(at: 7) == ["s2 Two b", "s1 Uno a"])
            #expect(try songs(at: 8) == ["s2 Two b", "s1 Uno -"])
            #expect(try songs(at: 9) == ["s3 Three -", "s2 Two b", "s1 Uno -"])
            #expect(try songs(at: 10) == ["s3 Three -", "s1 Uno -"])
        }
    }
}
