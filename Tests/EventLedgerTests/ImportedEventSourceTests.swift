import LedgerTestSupport
import Testing

@testable import EventLedger

/// `Ledger.importEvents(from:)`: an import reads its source one event at a time, appends one
/// source commit at a time, reads the source again when a write is rerun, and checks the hash
/// chain as it goes, whatever the order of the lines.
@Suite struct ImportedEventSourceTests {
    /// Events read one at a time from an array, counting what was read.
    final class CountingSource: EventSource {
        /// The events, in file order.
        let events: [ImportedEvent]
        /// What the source tells the import about its size.
        let estimatedEventCount: Int
        /// Events read since the last rewind.
        private(set) var read = 0
        /// How many times the import went back to the first event.
        private(set) var rewinds = 0

        /// A source of `events`, telling the import it holds `estimatedEventCount`.
        init(_ events: [ImportedEvent], estimatedEventCount: Int) {
            self.events = events
            self.estimatedEventCount = estimatedEventCount
        }

        /// Goes back to the first event, counting it.
        func rewind() {
            rewinds += 1
            read = 0
        }

        /// The next event, counting it; nil after the last one.
        func next() -> ImportedEvent? {
            guard read < events.count else { return nil }
            defer { read += 1 }
            return events[read]
        }
    }

    /// Appends `commits` commits of `size` new notes each to `ledger`.
    func fill(_ ledger: Ledger, commits: Int, size: Int) throws {
        for commit in 0..<commits {
            try ledger.append((0..<size).map { PendingEvent(NoteCreated(noteId: "n\(commit)-\($0)", text: "note \($0)")) })
        }
    }

    @Test func anImportReadsNoFurtherThanTheCommitItRefuses() throws {
        try withNotesLedger { source, _ in
            try source.append(NoteCreated(noteId: "a", text: "one"))
            try source.append([PendingEvent(NoteCreated(noteId: "b", text: "two")), PendingEvent(NoteCreated(noteId: "c", text: "three"))])
            try fill(source, commits: 10, size: 3)
            let events = CountingSource(try exportedEvents(source), estimatedEventCount: 0)
            try withNotesLedger { target, _ in
                try target.append(NoteCreated(noteId: "c", text: "taken"))
                let error = #expect(throws: LedgerError.self) { try target.importEvents(from: events) }
                #expect(error?.kind == .ruleViolation)
                #expect(error?.eventIndex == 2)
                // The second commit ends where the third begins: nothing after that was read.
                #expect(events.read == 4)
                #expect(try allEvents(target).count == 1, "nothing appended")
            }
        }
    }

    /// Thirty commits of 100 events, or one of 6,000: a commit that large is read by the
    /// append's helper thread as it appends, when the map fills.
    @Test(arguments: [(30, 100), (1, 6000)])
    func aWriteThatFillsTheMapReadsTheSourceAgainFromItsStart(commits: Int, size: Int) throws {
        try withNotesLedger { source, _ in
            try fill(source, commits: commits, size: size)
            let exported = try exportedEvents(source)
            // Told nothing of its size, the import starts in a 1 MiB map that these events overflow.
            let events = CountingSource(exported, estimatedEventCount: 0)
            try withNotesLedger(initialMapSize: 1 << 20) { target, _ in
                let report = try target.importEvents(from: events)
                #expect(report == ImportReport(appended: commits * size, duplicates: 0, commits: commits))
                #expect(events.rewinds > 1, "the write was rerun")
                #expect(try allEvents(target).map(\.id) == exported.map(\.id))
                #expect(try target.verify().isIntact)
            }
        }
    }

    @Test func aReversedExportChecksEachLineOnceItsPredecessorIsRead() throws {
        try withNotesLedger { source, _ in
            try fill(source, commits: 10, size: 1)
            let recorded = try allEvents(source)
            let reversed = Array(try exportedEvents(source).reversed())
            try withNotesLedger { target, _ in
                let report = try target.importEvents(from: CountingSource(reversed, estimatedEventCount: 10))
                #expect(report.appended == 10)
            }
            // Position 5's data edited: it is found once position 4, after it in the file, is read.
            var edited = reversed
            var envelope = try #require(recorded[4].envelope.objectValue)
            envelope["data"] = .object(["noteId": .string("n4-0"), "text": .string("edited")])
            edited[5] = try ImportedEvent(envelope: .object(envelope))
            try withNotesLedger { target, _ in
                let error = #expect(throws: LedgerError.self) {
                    try target.importEvents(from: CountingSource(edited, estimatedEventCount: 10))
                }
                #expect(error?.kind == .invalidInput)
                #expect(error?.eventIndex == 5)
                #expect(error?.subject == "hash")
                let appended = try allEvents(target)
                #expect(appended.isEmpty, "nothing appended")
            }
        }
    }
}
