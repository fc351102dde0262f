import Animals
import EventLedger
import Favorites
import Foundation
import LedgerCLITestSupport
import LedgerTestSupport
import Testing

@testable import Music

/// Live queries: `Ledger.observe` yields a typed value, or a named query's result, now and
/// after each commit, from any process, that changed it; `LiveQuery` holds the latest one
/// for UI code.
/// Serialized: one test counts the watch threads of the process, which the others start.
@Suite(.serialized) struct LiveQueryTests {
    /// Each test's own seeded ledger, written by `ledger` processes.
    let sandbox: LedgerSandbox
    /// The library's ledger on the sandbox's file.
    let ledger: Ledger

    /// Seeds a new sandbox and opens its ledger.
    init() throws {
        sandbox = try LedgerSandbox()
        try sandbox.loadSeeds()
        ledger = try Ledger(path: sandbox.ledgerPath, domains: [MusicDomain(), AnimalsDomain(), FavoritesDomain()])
    }

    /// The input of `artist-songs` for Queen, an artist of the seeds.
    let queen = QueryDefinition.Input(argument: "queen")

    /// The song ids of an `artist-songs` result.
    func songIds(_ result: QueryResult?) -> [String] {
        result?.json.objectValue?["songs"]?.arrayValue?.compactMap { song -> String? in
            guard case .string(let id)? = song.objectValue?["songId"] else { return nil }
            return id
        } ?? []
    }

    /// Queen's songs, as a typed observation reads them.
    @Sendable static func queenSongs(_ reader: ReadModelReader) throws -> ArtistSongs {
        try MusicQueries.artistSongs("queen", in: reader)
    }

    /// Adds a song by `ledger append` in a process of its own.
    func addSong(_ songId: String, by artistId: String) throws {
        try sandbox.ok(["append", "SongAdded", #"{"songId":"\#(songId)","title":"\#(songId)","artistId":"\#(artistId)"}"#])
    }

    @Test(.timeLimit(.minutes(1)))
    func anotherProcesssCommitIsYielded() async throws {
        var results = try await ledger.observe("artist-songs", queen).makeAsyncIterator()
        let first = try #require(try await results.next())
        #expect(songIds(first).count == 3)
        #expect(!songIds(first).contains("innuendo"))
        try addSong("innuendo", by: "queen")
        let next = try #require(try await results.next())
        #expect(songIds(next).count == 4)
        #expect(songIds(next).contains("innuendo"))
    }

    @Test(.timeLimit(.minutes(3)))
    func commitsThatLeaveTheResultAsItWasYieldNothing() async throws {
        var results = try await ledger.observe("artist-songs", queen).makeAsyncIterator()
        let first = try #require(try await results.next())
        for number in 0..<1_000 {
            try ledger.append(SongAdded(songId: "other-\(number)", title: "Other \(number)", artistId: "radiohead"))
        }
        try addSong("innuendo", by: "queen")
        // Had any of the 1,000 commits yielded, this would be a result without the new song.
        let next = try #require(try await results.next())
        #expect(songIds(next) != songIds(first))
        #expect(songIds(next).contains("innuendo"))
    }

    @Test(.timeLimit(.minutes(1)))
    func cancellingTheTaskEndsTheObservationAndFreesItsThreadAndDescriptor() async throws {
        let before = WatchResources.now()
        let observer = Task { [ledger, queen] in
            var count = 0
            for try await _ in try await ledger.observe("artist-songs", queen) { count += 1 }
            return count
        }
        #expect(
            try await eventually {
                WatchResources.now().threads > before.threads
                    && WatchResources.now().descriptors > before.descriptors
            },
            "the observation started no watch thread: \(WatchResources.now())")
        observer.cancel()
        let yielded = try await observer.value
        #expect(yielded <= 1)
        // A watcher of an earlier test may still be ending meanwhile: none may be left over.
        #expect(
            try await eventually { WatchResources.now().isWithin(before) },
            "before: \(before); after cancelling: \(WatchResources.now())")
    }

    @Test(.timeLimit(.minutes(1)))
    func aTypedObservationYieldsTheValueAfterAnotherProcesssCommit() async throws {
        var songs = try await ledger.observe(Self.queenSongs).makeAsyncIterator()
        let first = try #require(try await songs.next())
        #expect(first.name == "Queen")
        #expect(first.songs.count == 3)
        try addSong("innuendo", by: "queen")
        let next = try #require(try await songs.next())
        #expect(next.songs.count == 4)
        #expect(next.songs.contains(ArtistSong(songId: "innuendo", title: "innuendo", durationSeconds: nil)))
    }

    @Test(.timeLimit(.minutes(1)))
    func aCommitMadeRightAfterTheAwaitedStartIsSeen() async throws {
        let songs = try await ledger.observe(Self.queenSongs)
        try ledger.append(SongAdded(songId: "innuendo", title: "Innuendo", artistId: "queen"))
        var values = songs.makeAsyncIterator()
        let first = try #require(try await values.next())
        #expect(!first.songs.map(\.songId).contains("innuendo"))
        let next = try #require(try await values.next())
        #expect(next.songs.map(\.songId).contains("innuendo"))
    }

    @Test(.timeLimit(.minutes(1)))
    func aCommitLeavingTheTypedValueAsItWasYieldsNothing() async throws {
        var songs = try await ledger.observe(Self.queenSongs).makeAsyncIterator()
        let first = try #require(try await songs.next())
        try ledger.append(SongAdded(songId: "other", title: "Other", artistId: "radiohead"))
        try ledger.append(SongAdded(songId: "innuendo", title: "Innuendo", artistId: "queen"))
        // Had the commit of Radiohead's song yielded, the next value would equal the first.
        let next = try #require(try await songs.next())
        #expect(next != first)
        #expect(next.songs.map(\.songId).contains("innuendo"))
    }

    @Test(.timeLimit(.minutes(1)))
    func theClosuresErrorEndsTheTypedSequence() async throws {
        var songs = try await ledger.observe(Self.queenSongs).makeAsyncIterator()
        #expect(try await songs.next()?.songs.count == 3)
        try sandbox.ok(["append", "ArtistDeleted", #"{"artistId":"queen"}"#])
        let error = await #expect(throws: LedgerError.self) { try await songs.next() }
        #expect(error?.kind == .notFound)
        #expect(error?.subject == "artist-queen")
    }

    @MainActor @Test(.timeLimit(.minutes(1)))
    func aLiveQueryOfATypedValueHoldsTheValueOfTheLatestCommit() async throws {
        let live = LiveQuery(ledger, Self.queenSongs)
        #expect(try await live.firstValue().songs.count == 3)
        try addSong("innuendo", by: "queen")
        await untilObserved { live.value?.songs.count == 4 }
        #expect(live.value?.songs.map(\.songId).contains("innuendo") == true)
        #expect(live.error == nil)
        live.cancel()
    }

    @MainActor @Test(.timeLimit(.minutes(1)))
    func aLiveQueryOfANamedQueryHoldsTheResultOfTheLatestCommit() async throws {
        let live = LiveQuery(ledger, query: "artist-songs", queen)
        #expect(songIds(try await live.firstValue()).count == 3)
        try addSong("innuendo", by: "queen")
        await untilObserved { songIds(live.value).count == 4 }
        #expect(songIds(live.value).contains("innuendo"))
        #expect(live.error == nil)
        live.cancel()
    }

    @MainActor @Test(.timeLimit(.minutes(1)))
    func releasingALiveQueryFreesItsThreadAndDescriptor() async throws {
        let before = WatchResources.now()
        var live: LiveQuery? = LiveQuery(ledger, Self.queenSongs)
        _ = try await live?.firstValue()
        #expect(WatchResources.now().descriptors > before.descriptors, "the live query watches no file")
        #expect(try await eventually { WatchResources.now().threads > before.threads }, "the live query runs no watch thread")
        live = nil
        #expect(
            try await eventually { WatchResources.now().isWithin(before) },
            "before: \(before); after releasing: \(WatchResources.now())")
    }

    @MainActor @Test(.timeLimit(.minutes(1)))
    func liveQueryOfAMissingEntityHoldsTheError() async throws {
        let live = LiveQuery(ledger, query: "artist-songs", .init(argument: "nobody"))
        let error = await #expect(throws: LedgerError.self) { try await live.firstValue() }
        #expect(error?.kind == .notFound)
        #expect((live.error as? LedgerError)?.kind == .notFound)
        #expect(live.value == nil)
    }
}
