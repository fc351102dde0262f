import Animals
import EventLedger
import Favorites
import Foundation
import LedgerCLITestSupport
import Music
import Testing

/// Live queries: `Ledger.observe` yields a query's result now and after each commit,
/// from any process, that changed it; `LiveQuery` holds the latest one for UI code.
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

    /// Adds a song by `ledger append` in a process of its own.
    func addSong(_ songId: String, by artistId: String) throws {
        try sandbox.ok(["append", "SongAdded", #"{"songId":"\#(songId)","title":"\#(songId)","artistId":"\#(artistId)"}"#])
    }

    @Test(.timeLimit(.minutes(1)))
    func anotherProcesssCommitIsYielded() async throws {
        var results = ledger.observe("artist-songs", queen).makeAsyncIterator()
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
        var results = ledger.observe("artist-songs", queen).makeAsyncIterator()
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
            for try await _ in ledger.observe("artist-songs", queen) { count += 1 }
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

    @MainActor @Test(.timeLimit(.minutes(1)))
    func liveQueryHoldsTheResultOfTheLatestCommit() async throws {
        let live = LiveQuery(ledger, query: "artist-songs", queen)
        #expect(try await eventually { live.result != nil }, "no first result")
        #expect(songIds(live.result).count == 3)
        try addSong("innuendo", by: "queen")
        #expect(try await eventually { songIds(live.result).contains("innuendo") }, "the commit did not show")
        #expect(songIds(live.result).count == 4)
        #expect(live.error == nil)
        live.cancel()
    }

    @MainActor @Test(.timeLimit(.minutes(1)))
    func releasingALiveQueryFreesItsThreadAndDescriptor() async throws {
        let before = WatchResources.now()
        var live: LiveQuery? = LiveQuery(ledger, query: "artist-songs", queen)
        #expect(try await eventually { live?.result != nil }, "no first result")
        #expect(WatchResources.now().threads > before.threads, "the live query runs no watch thread")
        live = nil
        #expect(
            try await eventually { WatchResources.now().isWithin(before) },
            "before: \(before); after releasing: \(WatchResources.now())")
    }

    @MainActor @Test(.timeLimit(.minutes(1)))
    func liveQueryOfAMissingEntityHoldsTheError() async throws {
        let live = LiveQuery(ledger, query: "artist-songs", .init(argument: "nobody"))
        #expect(try await eventually { live.error != nil }, "no error")
        #expect((live.error as? LedgerError)?.kind == .notFound)
        #expect(live.result == nil)
    }
}
