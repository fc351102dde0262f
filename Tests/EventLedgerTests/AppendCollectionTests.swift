import LedgerTestSupport
import Testing

@testable import EventLedger

/// `Ledger.append(_:mode:)` with a collection: one commit; a small one gathered first, a large
/// one appended while it is read, on the helper thread, and read again when the write is rerun.
@Suite struct AppendCollectionTests {
    /// Counts the events a lazy collection makes as it is read.
    final class Counter: @unchecked Sendable {
        var made = 0
    }

    /// `count` new notes, made as they are read, with `metadata` each.
    func notes(
        _ count: Int, counting counter: Counter, metadata: [String: String] = [:],
        _ make: @escaping (Int) -> NoteCreated = { NoteCreated(noteId: "n\($0)", text: "note \($0)") }
    )
        -> LazyMapCollection<Range<Int>, PendingEvent>
    {
        (0..<count).lazy.map { index in
            counter.made += 1
            return PendingEvent(make(index), metadata: metadata)
        }
    }

    @Test func aLazyCollectionIsOneCommitLikeTheSameEventsInAnArray() throws {
        // More events than the append reads ahead before reading the rest as it goes.
        let count = 1_500
        try withNotesLedger { streamed, _ in
            let counter = Counter()
            let result = try streamed.append(notes(count, counting: counter))
            #expect(result.commit == 1)
            #expect(Array(result.positions) == Array(1...UInt64(count)))
            #expect(counter.made == count, "read once")
            try withNotesLedger { array, _ in
                try array.append((0..<count).map { PendingEvent(NoteCreated(noteId: "n\($0)", text: "note \($0)")) })
                #expect(try queryJSON(streamed, "notes") == queryJSON(array, "notes"))
                let shape = { (event: RecordedEvent) in
                    "\(event.position) \(event.commit) \(event.stream) \(event.version) \(event.data.serializedString())"
                }
                #expect(try allEvents(streamed).map(shape) == allEvents(array).map(shape))
            }
            #expect(try streamed.verify().isIntact)
        }
    }

    @Test func aWriteThatFillsTheMapReadsTheEventsAgainFromTheirStart() throws {
        try withNotesLedger(initialMapSize: 1 << 20) { ledger, _ in
            // Each event takes more room than the append reserves for it: the map fills.
            let counter = Counter()
            let filler = String(repeating: "x", count: 4_000)
            try ledger.append(notes(1_500, counting: counter, metadata: ["filler": filler]))
            #expect(counter.made > 1_500, "the write was rerun")
            let events = try allEvents(ledger)
            #expect(events.count == 1_500)
            #expect(Set(events.map(\.commit)) == [1])
            #expect(try ledger.verify().isIntact)
        }
    }

    @Test func aRefusedEventFarIntoTheCollectionIsNamedAndNothingIsAppended() throws {
        try withNotesLedger { ledger, _ in
            // Event 1,200 creates note n5 a second time.
            let counter = Counter()
            let events = notes(1_500, counting: counter) { index in
                NoteCreated(noteId: index == 1_200 ? "n5" : "n\(index)", text: "note \(index)")
            }
            let error = #expect(throws: LedgerError.self) { try ledger.append(events) }
            #expect(error?.kind == .ruleViolation)
            #expect(error?.eventIndex == 1_200)
            #expect(counter.made <= 1_500, "read no further than the batch")
            let head = try ledger.head()
            #expect(head.position == 0, "nothing appended")
        }
    }

    @Test func aSmallCollectionIsGatheredWholeAndALargeOneReadOnlyAsFarAsItIsAppended() throws {
        try withNotesLedger { ledger, _ in
            // Each creates note n5 a second time early on.
            let small = Counter()
            let smallError = #expect(throws: LedgerError.self) {
                try ledger.append(
                    notes(Ledger.largeBatch - 1, counting: small) { NoteCreated(noteId: $0 == 10 ? "n5" : "n\($0)", text: "note \($0)") })
            }
            #expect(smallError?.eventIndex == 10)
            #expect(small.made == Ledger.largeBatch - 1, "gathered before it was appended")
            let large = Counter()
            let largeError = #expect(throws: LedgerError.self) {
                try ledger.append(notes(20_000, counting: large) { NoteCreated(noteId: $0 == 1_200 ? "n5" : "n\($0)", text: "note \($0)") })
            }
            #expect(largeError?.eventIndex == 1_200)
            #expect(large.made < 3_000, "read a few steps ahead of the append, no further: \(large.made) events")
            let head = try ledger.head()
            #expect(head.position == 0, "nothing appended")
        }
    }

    @Test func anEmptyCollectionIsInvalidInput() throws {
        try withNotesLedger { ledger, _ in
            let error = #expect(throws: LedgerError.self) { try ledger.append([PendingEvent]()) }
            #expect(error?.kind == .invalidInput)
        }
    }
}
