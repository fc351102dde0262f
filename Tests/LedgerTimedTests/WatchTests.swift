import Dispatch
import LedgerTestSupport
import Synchronization
import Testing

@testable import EventLedger

#if canImport(Glibc)
import Glibc
#endif

/// Live updates at the library level: `Ledger.watch(from:_:)` and the
/// `commits(from:)` AsyncSequence of `CommittedBatch`.
@Suite struct WatchTests {
    /// Commits collected by a watcher running on another thread.
    final class Collected: Sendable {
        let batches = Mutex<[CommittedBatch]>([])
        let failure = Mutex<(any Error)?>(nil)

        var count: Int { batches.withLock { $0.count } }
        var all: [CommittedBatch] { batches.withLock { $0 } }

        func add(_ batch: CommittedBatch) -> Int {
            batches.withLock {
                $0.append(batch); return $0.count
            }
        }
    }

    /// Polls `condition` until it holds or `seconds` pass; returns whether it held.
    func eventually(within seconds: Double = 5, _ condition: () -> Bool) async throws -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while ContinuousClock.now < deadline {
            if condition() { return true }
            try await Task.sleep(for: .milliseconds(10))
        }
        return condition()
    }

    /// The first `count` commits of `stream`, or nil when they do not all arrive within `seconds`.
    func first(
        _ count: Int, of stream: AsyncThrowingStream<CommittedBatch, any Error>,
        within seconds: Double = 5
    ) async throws -> [CommittedBatch]? {
        let collecting = Task {
            var batches: [CommittedBatch] = []
            for try await batch in stream {
                batches.append(batch)
                if batches.count == count { break }
            }
            return batches
        }
        defer { collecting.cancel() }
        return try await value(of: collecting, within: seconds)
    }

    /// The value of `task`, or nil when it does not finish within `seconds`.
    func value<T: Sendable>(of task: Task<T, any Error>, within seconds: Double = 5) async throws -> T? {
        try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { try await task.value }
            group.addTask {
                try await Task.sleep(for: .milliseconds(Int(seconds * 1000)))
                return nil
            }
            let result = try await group.next() ?? nil
            group.cancelAll()
            return result
        }
    }

    // MARK: - watch(from:_:)

    @Test func watchFromAPositionReplaysTheCommitsFromThereGroupedByCommit() throws {
        try withNotesLedger { ledger, _ in
            try ledger.append(NoteCreated(noteId: "a", text: "one"))
            let second = try ledger.append([
                PendingEvent(NoteEdited(noteId: "a", text: "two")),
                PendingEvent(NoteCreated(noteId: "b", text: "three")),
            ])
            let third = try ledger.append(NoteEdited(noteId: "b", text: "four"))
            var seen: [CommittedBatch] = []
            try ledger.watch(from: 2) { batch in
                seen.append(batch)
                return seen.count < 2
            }
            #expect(seen.map(\.commit) == [second.commit, third.commit])
            #expect(seen.map { $0.events.map(\.position) } == [[2, 3], [4]])
            #expect(seen[0].events.map(\.type) == ["NoteEdited", "NoteCreated"])
            #expect(seen[1].events.first?.data == .object(["noteId": .string("b"), "text": .string("four")]))
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func watchDeliversCommitsMadeWhileItWaits() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let ledger = try Ledger(path: directory.file("notes.lmdb"), domains: [NotesDomain()])
        try ledger.append(NoteCreated(noteId: "old", text: "before the watch"))
        let collected = Collected()
        let finished = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            do {
                try ledger.watch(from: 2) { batch in collected.add(batch) < 2 }
            } catch {
                collected.failure.withLock { $0 = error }
            }
            finished.signal()
        }
        try await Task.sleep(for: .milliseconds(50))
        let first = try ledger.append(NoteCreated(noteId: "a", text: "one"))
        let second = try ledger.append([
            PendingEvent(NoteEdited(noteId: "a", text: "two")),
            PendingEvent(NoteCreated(noteId: "b", text: "three")),
        ])
        #expect(try await eventually { collected.count == 2 }, "the watcher did not see both commits")
        #expect(finished.wait(timeout: .now() + 5) == .success, "watch did not return after its body returned false")
        #expect(collected.failure.withLock { $0 } == nil)
        let batches = collected.all
        #expect(batches.map(\.commit) == [first.commit, second.commit])
        #expect(batches.map { $0.events.map(\.position) } == [Array(first.positions), Array(second.positions)])
        #expect(batches.allSatisfy { $0.events.allSatisfy { $0.stream != "note-old" } })
    }

    // MARK: - commits(from:)

    @Test(.timeLimit(.minutes(1)))
    func commitsDeliversACommitMadeAfterIterationStarted() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let ledger = try Ledger(path: directory.file("notes.lmdb"), domains: [NotesDomain()])
        try ledger.append(NoteCreated(noteId: "old", text: "not delivered"))
        let stream = ledger.commits()
        let consumer = Task { try await first(1, of: stream) }
        try await Task.sleep(for: .milliseconds(100))
        let id = EventID.generate()
        let result = try ledger.append([
            PendingEvent(NoteCreated(noteId: "a", text: "one"), id: id, metadata: ["user": "ann"]),
            PendingEvent(NoteEdited(noteId: "a", text: "two")),
        ])
        let received = try #require(try await value(of: consumer) ?? nil, "no commit arrived within 5 s")
        let batch = try #require(received.first)
        #expect(batch.commit == result.commit)
        #expect(batch.commit == 2)
        #expect(batch.events.map(\.position) == Array(result.positions))
        #expect(batch.events.map(\.commit) == [2, 2])
        #expect(batch.events.map(\.type) == ["NoteCreated", "NoteEdited"])
        #expect(batch.events.first?.id == id)
        #expect(batch.events.first?.metadata == ["user": "ann"])
        #expect(batch.events.allSatisfy { $0.recordedAt == result.recordedAt })
    }

    @Test(.timeLimit(.minutes(1)))
    func commitsFromAPositionReplaysThenFollows() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let ledger = try Ledger(path: directory.file("notes.lmdb"), domains: [NotesDomain()])
        try ledger.append(NoteCreated(noteId: "a", text: "one"))
        try ledger.append(NoteCreated(noteId: "b", text: "two"))
        let stream = ledger.commits(from: 1)
        let consumer = Task { try await first(3, of: stream) }
        try await Task.sleep(for: .milliseconds(100))
        try ledger.append(NoteEdited(noteId: "a", text: "three"))
        let batches = try #require(try await value(of: consumer) ?? nil, "three commits did not arrive within 5 s")
        #expect(batches.map(\.commit) == [1, 2, 3])
        #expect(batches.map { $0.events.map(\.position) } == [[1], [2], [3]])
        #expect(batches.last?.events.first?.type == "NoteEdited")
    }

    @Test(.timeLimit(.minutes(1)))
    func twoStreamsEachReceiveTheCommit() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let ledger = try Ledger(path: directory.file("notes.lmdb"), domains: [NotesDomain()])
        let one = ledger.commits(), two = ledger.commits()
        let first = Task { try await self.first(1, of: one) }
        let second = Task { try await self.first(1, of: two) }
        let result = try ledger.append(NoteCreated(noteId: "a", text: "one"))
        let a = try #require(try await value(of: first) ?? nil)
        let b = try #require(try await value(of: second) ?? nil)
        #expect(a.map(\.commit) == [result.commit])
        #expect(a == b)
    }

    @Test(.timeLimit(.minutes(1)))
    func cancellingTheConsumingTaskEndsTheSequence() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let ledger = try Ledger(path: directory.file("notes.lmdb"), domains: [NotesDomain()])
        let collected = Collected()
        let stream = ledger.commits()
        let consumer = Task {
            for try await batch in stream { _ = collected.add(batch) }
            return collected.count
        }
        try ledger.append(NoteCreated(noteId: "a", text: "one"))
        #expect(try await eventually { collected.count == 1 }, "the commit did not arrive within 5 s")
        consumer.cancel()
        let ended = try await value(of: consumer)
        #expect(ended == 1, "the consuming loop did not end within 5 s of being cancelled")
        // The ledger stays usable, and nothing more is delivered.
        try ledger.append(NoteCreated(noteId: "b", text: "two"))
        try await Task.sleep(for: .milliseconds(200))
        #expect(collected.count == 1)
        #expect(try ledger.head().position == 2)
    }

    // MARK: - the ledger file removed or replaced

    /// What happens to the watched ledger's path.
    enum FileChange: String, CaseIterable, Sendable {
        case removed, replaced

        /// Removes `path`, or renames `other` over it.
        func apply(to path: String, other: String) {
            switch self {
            case .removed: unlink(path)
            case .replaced: rename(other, path)
            }
        }
    }

    @Test(.timeLimit(.minutes(1)), arguments: FileChange.allCases)
    func theSequenceEndsWithAStorageErrorWhenTheFileIsRemovedOrReplaced(_ change: FileChange) async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let ledger = try Ledger(path: directory.file("notes.lmdb"), domains: [NotesDomain()])
        try ledger.append(NoteCreated(noteId: "a", text: "one"))
        let other = directory.file("other.lmdb")
        try Ledger(path: other, domains: [NotesDomain()]).append(NoteCreated(noteId: "b", text: "elsewhere"))
        let stream = ledger.commits(from: 1)
        let consumer = Task { () -> LedgerError? in
            do {
                // The first commit shows the watch has begun: change the file then.
                for try await _ in stream { change.apply(to: ledger.path, other: other) }
                return nil
            } catch let error as LedgerError {
                return error
            }
        }
        let timeout = Task {
            try await Task.sleep(for: .seconds(10))
            consumer.cancel()
        }
        defer { timeout.cancel() }
        let error = try #require(await consumer.value, "the sequence did not end with an error within 10 s of the file being \(change)")
        #expect(error.kind == .storage)
        #expect(error.message.contains(change.rawValue), "\(error.message)")
        #expect(error.message.contains(ledger.path), "\(error.message)")
    }
}
