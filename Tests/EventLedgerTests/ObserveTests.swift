import EventLedger
import LedgerTestSupport
import Testing

/// Observations as they begin and end, with no commit waited for: `Ledger.observe` returns
/// with its first value read, throws the first read's error, and ends when its task is
/// cancelled; `LiveQuery` gives its first value to whoever awaits it. The updates after
/// commits are tested in LedgerTimedTests (LiveQueryTests).
@Suite struct ObserveTests {
    /// The live notes' texts, as a typed observation reads them.
    @Sendable static func texts(_ reader: ReadModelReader) throws -> [String] {
        try reader.rows(NotesDomain.notes).filter { !$0.row.isArchived }.map(\.row.text)
    }

    /// The error an observed closure throws.
    struct Unreadable: Error, Equatable {}

    @Test func theFirstValueIsTheStateWhenObserveReturned() async throws {
        try await withObservedNotes { ledger in
            try ledger.append(NoteCreated(noteId: "a", text: "one"))
            var values = try await ledger.observe(Self.texts).makeAsyncIterator()
            try ledger.append(NoteCreated(noteId: "b", text: "two"))
            #expect(try await values.next() == ["one"])
        }
    }

    @Test func theClosuresErrorOnTheFirstReadIsThrownByObserve() async throws {
        try await withObservedNotes { ledger in
            await #expect(throws: Unreadable()) {
                _ = try await ledger.observe { _ -> [String] in throw Unreadable() }
            }
        }
    }

    @Test func theNamedFormYieldsTheQueryResultFirst() async throws {
        try await withObservedNotes { ledger in
            try ledger.append(NoteCreated(noteId: "a", text: "one"))
            var results = try await ledger.observe("notes").makeAsyncIterator()
            let first = try #require(try await results.next())
            #expect(first.json == .array([.string("one")]))
            #expect(first.rows == [["one"]])
        }
    }

    @Test func anUnknownQueryIsThrownByObserve() async throws {
        try await withObservedNotes { ledger in
            let error = await #expect(throws: LedgerError.self) { _ = try await ledger.observe("no-such-query") }
            #expect(error?.kind == .invalidInput)
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func cancellingTheConsumingTaskEndsTheSequence() async throws {
        try await withObservedNotes { ledger in
            try ledger.append(NoteCreated(noteId: "a", text: "one"))
            let values = try await ledger.observe(Self.texts)
            let (tookFirst, tellTookFirst) = AsyncStream<Void>.makeStream()
            let consumer = Task {
                var iterator = values.makeAsyncIterator()
                let first = try await iterator.next()
                tellTookFirst.yield()
                return (first, try await iterator.next())
            }
            var signals = tookFirst.makeAsyncIterator()
            await signals.next()
            consumer.cancel()
            let (first, afterCancelling) = try await consumer.value
            #expect(first == ["one"])
            #expect(afterCancelling == nil)
        }
    }

    @MainActor @Test func aLiveQueryGivesItsFirstValueToWhoeverAwaitsIt() async throws {
        try await withObservedNotes { ledger in
            try ledger.append(NoteCreated(noteId: "a", text: "one"))
            let live = LiveQuery(ledger, Self.texts)
            #expect(try await live.firstValue() == ["one"])
            #expect(live.value == ["one"])
            #expect(live.error == nil)
            live.cancel()
        }
    }

    @MainActor @Test func aLiveQueryWhoseFirstReadFailsHoldsTheError() async throws {
        try await withObservedNotes { ledger in
            let live = LiveQuery(ledger) { _ -> [String] in throw Unreadable() }
            await #expect(throws: Unreadable()) { try await live.firstValue() }
            #expect(live.error as? Unreadable == Unreadable())
            #expect(live.value == nil)
        }
    }

    /// Runs `body`, on the caller's actor, with a new notes ledger in its own temporary directory.
    func withObservedNotes(
        isolation: isolated (any Actor)? = #isolation, _ body: (Ledger) async throws -> Void
    ) async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        try await body(Ledger(path: directory.file("notes.lmdb"), domains: [NotesDomain()]))
    }
}
