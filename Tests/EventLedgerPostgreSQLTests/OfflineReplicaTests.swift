import Animals
import EventLedger
import EventLedgerPostgreSQL
import Favorites
import LedgerCLITestSupport
import LedgerTestSupport
import Music
import Testing

/// Replicas that queue what they cannot send: a write while the primary is unreachable is
/// checked against the replica, queued and shown by its reads; a sync sends the queue in
/// order, and the primary accepts or refuses each commit as an online write.
@Suite(TestPrimary.available) struct OfflineReplicaTests {
    /// A port nothing listens on: the primary, unreachable.
    static let unreachable = "postgresql://ledger@127.0.0.1:1/postgres"

    /// A replica at `path` of the primary at `url`, queueing what it cannot send.
    static func replica(_ path: String, _ url: String) throws -> Ledger {
        try Ledger(
            path: path, domains: [MusicDomain(), AnimalsDomain(), FavoritesDomain()],
            options: Ledger.Options(primary: PostgreSQLPrimary(url), whenUnreachable: .queue))
    }

    /// Replica files of one fresh primary, in a directory of their own.
    struct Fleet {
        let directory = TemporaryDirectory()
        let primary: String

        /// A fresh primary whose first event, `first`, replica `a` appended, then `synced` synced.
        init(first: some DomainEvent, synced: [String] = []) throws {
            primary = try TestPrimary.freshDatabase()
            try online("a").append(first)
            for name in synced { try online(name).sync() }
        }

        /// Replica `name`, reaching its primary.
        func online(_ name: String) throws -> Ledger { try replica(directory.file(name), primary) }

        /// Replica `name`, whose primary cannot be reached.
        func offline(_ name: String) throws -> Ledger { try replica(directory.file(name), unreachable) }

        /// Removes the files.
        func remove() { directory.remove() }
    }

    /// Every event of `ledger`'s log.
    static func log(_ ledger: Ledger) throws -> [RecordedEvent] {
        var events: [RecordedEvent] = []
        try ledger.forEachEvent {
            events.append($0); return true
        }
        return events
    }

    /// The names of the live categories, by name.
    static func categories(_ ledger: Ledger, confirmed: Bool = false) throws -> [String] {
        try ledger.read(confirmed: confirmed) { try AnimalsQueries.categories(in: $0).map(\.name) }
    }

    @Test func aWriteWhileThePrimaryIsUnreachableIsQueuedShownAndSentBySync() throws {
        let fleet = try Fleet(first: CategoryCreated(categoryId: "fish", name: "Fish"))
        defer { fleet.remove() }

        let offline = try fleet.offline("a")
        let queued = try offline.append(CategoryCreated(categoryId: "bird", name: "Bird"))
        #expect(queued.pendingCommit == 1)
        #expect(queued.positions.isEmpty)
        #expect(try Self.categories(offline) == ["Bird", "Fish"])
        #expect(try Self.categories(offline, confirmed: true) == ["Fish"])
        #expect(try offline.pendingCommits().map(\.id) == [1])
        #expect(try offline.pendingCommits()[0].events.map(\.type) == ["CategoryCreated"])
        let refused = #expect(throws: LedgerError.self) { try offline.append(CategoryCreated(categoryId: "bird2", name: "bird")) }
        #expect(refused?.message == #"rule violated: category name must be unique (category-bird2 ("Bird" is taken by category-bird))"#)
        #expect(try offline.pendingCommits().count == 1, "a refused write is not queued")

        let online = try fleet.online("a")
        let report = try online.sync()
        #expect(report.accepted.map(\.pending) == [1])
        #expect(report.accepted[0].result.positions == [2])
        #expect(report.refused.isEmpty)
        #expect(try online.pendingCommits().isEmpty)
        #expect(try Self.categories(online, confirmed: true) == ["Bird", "Fish"])

        let fresh = try fleet.online("fresh")
        try fresh.sync()
        #expect(try Self.log(fresh) == Self.log(online))
        #expect(try online.verify().isIntact)
    }

    @Test func twoReplicasOfflineCreatingTheSameNameKeepTheFirstSentAndRefuseTheOtherWithItsRule() throws {
        let fleet = try Fleet(first: ArtistCreated(artistId: "queen", name: "Queen"), synced: ["b"])
        defer { fleet.remove() }

        let a = try fleet.offline("a")
        try a.append(CategoryCreated(categoryId: "mammal-a", name: "Mammal"))
        try a.append(AnimalAdded(animalId: "cat", name: "Cat", diet: .carnivorous, categoryId: "mammal-a"))
        let b = try fleet.offline("b")
        try b.append(CategoryCreated(categoryId: "mammal-b", name: "mammal"))
        try b.append(AnimalAdded(animalId: "dog", name: "Dog", diet: .omnivorous, categoryId: "mammal-b"))
        try b.append(ArtistRenamed(artistId: "queen", name: "Queen II"))

        #expect(try fleet.online("a").sync().accepted.count == 2)
        let report = try fleet.online("b").sync()
        #expect(report.accepted.map(\.pending) == [3], "the rename is accepted")
        #expect(report.refused.map(\.id) == [1, 2])
        #expect(report.refused[0].reason.rule == "category name must be unique")
        // The animal needed the refused category: checked on its own merits, its category does not exist.
        #expect(report.refused[1].reason == LedgerError.rule("category must exist", entity: "category-mammal-b"))

        let b2 = try fleet.online("b")
        #expect(try b2.refusedCommits().map(\.id) == [1, 2])
        #expect(try b2.refusedCommits()[0].events.map(\.type) == ["CategoryCreated"])
        #expect(try Self.categories(b2) == ["Mammal"])
        let a2 = try fleet.online("a")
        try a2.sync()
        #expect(try Self.log(a2) == Self.log(b2))
        #expect(try a2.read { try MusicQueries.artists(in: $0).map(\.name) } == ["Queen II"])
        #expect(try a2.verify().isIntact && b2.verify().isIntact)
    }

    @Test func anExpectedVersionThePrimaryMovedPastIsAConflictAndAnEditWithoutOneIsKept() throws {
        let fleet = try Fleet(first: ArtistCreated(artistId: "queen", name: "Queen"))
        defer { fleet.remove() }
        try fleet.online("a").append(ArtistCreated(artistId: "abba", name: "ABBA"))
        try fleet.online("b").sync()

        let a = try fleet.offline("a")
        try a.append(ArtistRenamed(artistId: "abba", name: "ABBA (no expectation)"))
        try a.append(ArtistRenamed(artistId: "queen", name: "Queen (expected)"), expect: .exactly(1))
        try a.append(ArtistCreated(artistId: "muse", name: "Muse"))
        let b = try fleet.online("b")
        try b.append(ArtistRenamed(artistId: "queen", name: "Queen (b)"))
        try b.append(ArtistRenamed(artistId: "abba", name: "ABBA (b)"))

        // Sent in one write, the commit refused in the middle leaves those around it accepted.
        let report = try fleet.online("a").sync()
        #expect(report.refused.map(\.id) == [2])
        #expect(report.refused[0].reason.kind == .conflict)
        #expect(report.accepted.map(\.pending) == [1, 3])
        #expect(report.accepted.map(\.result.commit) == [5, 6])
        let names = try fleet.online("a").read { try MusicQueries.artists(in: $0).map(\.name) }
        #expect(names == ["ABBA (no expectation)", "Muse", "Queen (b)"])
    }

    @Test func aPendingCommitSentAgainAfterThePrimaryTookItIsNotDoubled() throws {
        let fleet = try Fleet(first: CategoryCreated(categoryId: "fish", name: "Fish"))
        defer { fleet.remove() }
        try fleet.offline("a").append(CategoryCreated(categoryId: "bird", name: "Bird"))
        // A copy of the file before the sync: as if the process died after the primary's
        // commit of the pending commit and before its own.
        let before = try fleet.offline("a")
        try before.backup(to: fleet.directory.file("before"))

        try fleet.online("a").sync()
        let resent = try fleet.online("before")
        #expect(try resent.pendingCommits().count == 1)
        let report = try resent.sync()
        #expect(report.accepted.map(\.pending) == [1])
        #expect(report.accepted[0].result.appended == false, "its events were found in the log")
        #expect(try Self.log(resent).count == 2)
        #expect(try Self.log(resent) == Self.log(fleet.online("a")))
    }

    @Test func aDiscardedPendingCommitLeavesTheReadsAndARefusedOneIsRetried() throws {
        let fleet = try Fleet(first: CategoryCreated(categoryId: "fish", name: "Fish"), synced: ["b"])
        defer { fleet.remove() }

        let a = try fleet.offline("a")
        try a.append(CategoryCreated(categoryId: "bird", name: "Bird"))
        try a.append(CategoryCreated(categoryId: "reptile", name: "Reptile"))
        #expect(try a.discardPending(1).events.map(\.type) == ["CategoryCreated"])
        #expect(try Self.categories(a) == ["Fish", "Reptile"])
        #expect(throws: LedgerError(.notFound, "no pending commit 1", subject: "1")) { try a.discardPending(1) }

        try fleet.online("b").append(CategoryCreated(categoryId: "reptile-b", name: "Reptile"))
        let online = try fleet.online("a")
        #expect(try online.sync().refused.map(\.id) == [2])
        try online.append(CategoryDeleted(categoryId: "reptile-b"))
        let retried = try online.retryRefused(2)
        #expect(try online.refusedCommits().isEmpty)
        #expect(try online.pendingCommits().map(\.id) == [retried])
        #expect(try online.sync().accepted.map(\.pending) == [retried])
        #expect(try Self.categories(online) == ["Fish", "Reptile"])
        #expect(try online.pendingCommits().isEmpty && online.refusedCommits().isEmpty)
    }

    @Test func withoutQueueingAWriteWhileThePrimaryIsUnreachableFailsAndQueuesNothing() throws {
        let fleet = try Fleet(first: CategoryCreated(categoryId: "fish", name: "Fish"))
        defer { fleet.remove() }
        let failing = try Ledger(
            path: fleet.directory.file("a"), domains: [MusicDomain(), AnimalsDomain(), FavoritesDomain()],
            options: Ledger.Options(primary: PostgreSQLPrimary(Self.unreachable)))
        let error = #expect(throws: LedgerError.self) { try failing.append(CategoryCreated(categoryId: "bird", name: "Bird")) }
        #expect(error?.isPrimaryUnreachable == true)
        #expect(try failing.pendingCommits().isEmpty)
    }

    @Test(.timeLimit(.minutes(1)))
    func aLiveQueryShowsAPendingEditAndTheConfirmedStateOnceItIsRefusedAndTheAppIsToldWhy() async throws {
        let fleet = try Fleet(first: CategoryCreated(categoryId: "fish", name: "Fish"), synced: ["b"])
        defer { fleet.remove() }

        let offline = try fleet.offline("a")
        var names = try await offline.observe { try AnimalsQueries.categories(in: $0).map(\.name) }.makeAsyncIterator()
        #expect(try await names.next() == ["Fish"])
        try offline.append(CategoryCreated(categoryId: "bird", name: "Bird"))
        #expect(try await names.next() == ["Bird", "Fish"], "the pending edit shows at once")

        var refusals = offline.refusals().makeAsyncIterator()
        try fleet.online("b").append(CategoryCreated(categoryId: "bird-b", name: "bird"))
        #expect(try fleet.online("a").sync().refused.map(\.id) == [1])
        #expect(try await names.next() == ["bird", "Fish"], "the refused edit leaves the screen")
        let refused = try await refusals.next()
        #expect(refused?.id == 1)
        #expect(refused?.reason.rule == "category name must be unique", "and the app is told why")
    }

    @Test func aSessionCommittedAndAnUndoMadeOfflineAreOnePendingCommitEach() throws {
        let fleet = try Fleet(first: CategoryCreated(categoryId: "fish", name: "Fish"))
        defer { fleet.remove() }
        let bird = try fleet.online("a").append(CategoryCreated(categoryId: "bird", name: "Bird"))

        let offline = try fleet.offline("a")
        let session = try offline.beginSession(name: "reptiles")
        try session.stage(CategoryCreated(categoryId: "reptile", name: "Reptile"))
        try session.stage(AnimalAdded(animalId: "gecko", name: "Gecko", diet: .carnivorous, categoryId: "reptile"))
        #expect(try session.commit().pendingCommit == 1)
        #expect(try offline.sessions().isEmpty, "the session is gone with its commit")
        #expect(try offline.pendingCommits()[0].events.count == 2)
        #expect(try offline.undo(commit: bird.commit)?.pendingCommit == 2)
        #expect(try Self.categories(offline) == ["Fish", "Reptile"])
        try offline.append(CategoryRenamed(categoryId: "fish", name: "Fishes"))
        let conflict = #expect(throws: LedgerError.self) { try offline.undo(commit: 1) }
        #expect(conflict?.kind == .conflict, "undoing a commit a pending one changed since is a conflict")
        #expect(conflict?.message == "commit 1 cannot be undone: pending commit 3 changed category-fish since")

        let online = try fleet.online("a")
        #expect(try online.sync().accepted.map(\.pending) == [1, 2, 3])
        #expect(try Self.categories(online, confirmed: true) == ["Fishes", "Reptile"])
        let sent = try Self.log(online).suffix(4)
        #expect(sent.map(\.type) == ["CategoryCreated", "AnimalAdded", "EntityRestored", "CategoryRenamed"])
        #expect(sent.map(\.commit) == [3, 3, 4, 5], "the session's events are one commit")
        #expect(sent.dropFirst(2).first?.metadata == ["undoes": String(bird.commit)])
    }

    @Test func aPendingEventIsDatedWhenItsCommitWasQueuedAndTakesItsPlaceWhenSent() throws {
        let fleet = try Fleet(first: FavoriteAdded(dishId: "soup"))
        defer { fleet.remove() }
        let offline = try fleet.offline("a")
        let queued = try offline.append(FavoriteAdded(dishId: "pie"))
        let pending = try offline.read { try FavoritesQueries.favorites(in: $0) }
        #expect(pending.map(\.dishId) == ["soup", "pie"])
        #expect(pending.last?.addedAt == queued.recordedAt, "dated when queued, as the commit says")

        let online = try fleet.online("a")
        let sent = try online.sync().accepted[0].result
        let confirmed = try online.read { try FavoritesQueries.favorites(in: $0) }
        #expect(confirmed.last?.position == sent.positions[0])
        #expect(confirmed.last?.addedAt == sent.recordedAt, "then dated by the primary's commit")
    }
}
