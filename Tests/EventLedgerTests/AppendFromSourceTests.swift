import LedgerTestSupport
import Testing

@testable import EventLedger

/// `Ledger.append(from:)`: a source whose reading can fail, appended as one commit as it is
/// read; the first problem in its order is the one thrown.
@Suite struct AppendFromSourceTests {
    /// Counts how often a source went back to its start.
    final class Rewinds: @unchecked Sendable {
        var count = 0
    }

    /// `count` new notes; event `duplicateAt` creates note n5 again (a broken rule), and
    /// reading event `unreadableAt` fails.
    struct Notes: EventSource {
        let count: Int
        var duplicateAt: Int?
        var unreadableAt: Int?
        var metadata: [String: String] = [:]
        var estimatedEventCount: Int
        let rewinds = Rewinds()
        private var nextIndex = 0

        init(_ count: Int, duplicateAt: Int? = nil, unreadableAt: Int? = nil, estimatedEventCount: Int? = nil) {
            (self.count, self.duplicateAt, self.unreadableAt) = (count, duplicateAt, unreadableAt)
            self.estimatedEventCount = estimatedEventCount ?? count
        }

        mutating func rewind() {
            rewinds.count += 1
            nextIndex = 0
        }

        mutating func next() throws -> PendingEvent? {
            guard nextIndex < count else { return nil }
            defer { nextIndex += 1 }
            if nextIndex == unreadableAt { throw LedgerError(.invalidInput, "event \(nextIndex) cannot be read") }
            let id = nextIndex == duplicateAt ? "n5" : "n\(nextIndex)"
            return PendingEvent(NoteCreated(noteId: id, text: "note \(nextIndex)"), metadata: metadata)
        }
    }

    @Test func aSourceIsOneCommitLikeTheSameEventsInACollection() throws {
        let count = 1_500
        try withNotesLedger { fromSource, _ in
            let result = try fromSource.append(from: Notes(count))
            #expect(result.commit == 1)
            #expect(Array(result.positions) == Array(1...UInt64(count)))
            try withNotesLedger { fromCollection, _ in
                try fromCollection.append((0..<count).map { PendingEvent(NoteCreated(noteId: "n\($0)", text: "note \($0)")) })
                #expect(try queryJSON(fromSource, "notes") == queryJSON(fromCollection, "notes"))
            }
            #expect(try fromSource.verify().isIntact)
        }
    }

    @Test(
        arguments: [
            // (broken rule, unreadable event, the index of the error thrown): a small batch, read
            // whole first, and a large one, read as it goes.
            (200, 300, 200), (400, 300, 300), (1_200, 1_400, 1_200), (1_400, 1_200, 1_200), (nil, 1_300, 1_300),
        ] as [(Int?, Int, Int)])
    func theFirstProblemInTheSourcesOrderIsThrownAndNothingIsAppended(duplicateAt: Int?, unreadableAt: Int, thrownAt: Int) throws {
        try withNotesLedger { ledger, _ in
            let error = #expect(throws: LedgerError.self) {
                try ledger.append(from: Notes(1_500, duplicateAt: duplicateAt, unreadableAt: unreadableAt))
            }
            #expect(error?.eventIndex == thrownAt)
            #expect(error?.kind == (thrownAt == duplicateAt ? .ruleViolation : .invalidInput))
            let head = try ledger.head()
            #expect(head.position == 0, "nothing appended")
        }
    }

    @Test func aSourceThatTakesMoreRoomThanItsEstimateIsReadAgainFromItsStart() throws {
        try withNotesLedger(initialMapSize: 1 << 20) { ledger, _ in
            var notes = Notes(1_500, estimatedEventCount: 0)
            notes.metadata = ["filler": String(repeating: "x", count: 4_000)]
            try ledger.append(from: notes)
            #expect(notes.rewinds.count > 1, "the write was rerun")
            let events = try allEvents(ledger)
            #expect(events.count == 1_500)
            #expect(Set(events.map(\.commit)) == [1])
            #expect(try ledger.verify().isIntact)
        }
    }

    @Test func aSourceRefusedIntoAMissingLedgerLeavesNoFile() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("new.lmdb")
        let error = #expect(throws: LedgerError.self) {
            try Ledger.build(at: path, domains: [NotesDomain()], appending: Notes(1_500, unreadableAt: 1_100))
        }
        #expect(error?.eventIndex == 1_100)
        #expect(directory.entries().isEmpty, "no ledger, no temporary file")
        let result = try Ledger.build(at: path, domains: [NotesDomain()], appending: Notes(1_500))
        #expect(result.positions.count == 1_500)
    }
}
