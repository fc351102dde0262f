import Dispatch
import LedgerTestSupport
import Testing

@testable import EventLedger

@Suite struct GroupCommitTests {
    @Test func concurrentAppendsFromManyThreadsAreEachTheirOwnCommit() throws {
        try withNotesLedger { ledger, _ in
            let threads = 8, perThread = 40
            let failures = Counter()
            DispatchQueue.concurrentPerform(iterations: threads) { thread in
                for index in 0..<perThread {
                    do {
                        try ledger.append(NoteCreated(noteId: "t\(thread)-\(index)", text: "note"))
                    } catch {
                        failures.increment()
                    }
                }
            }
            #expect(failures.value == 0)
            let head = try ledger.head()
            #expect(head.position == UInt64(threads * perThread))
            #expect(head.commit == UInt64(threads * perThread))
            let report = try ledger.verify()
            #expect(report.isIntact)
        }
    }

    @Test func aRejectedAppendInAGroupFailsAloneAndTheOthersCommit() throws {
        try withNotesLedger { ledger, _ in
            let rejected = Counter()
            DispatchQueue.concurrentPerform(iterations: 16) { index in
                do {
                    if index % 4 == 0 {
                        try ledger.append(NoteEdited(noteId: "missing-\(index)", text: "x"))
                    } else {
                        try ledger.append(NoteCreated(noteId: "n\(index)", text: "note"))
                    }
                } catch let error as LedgerError where error.kind == .ruleViolation {
                    rejected.increment()
                } catch {}
            }
            #expect(rejected.value == 4)
            let head = try ledger.head()
            let report = try ledger.verify()
            #expect(head.position == 12)
            #expect(report.isIntact)
        }
    }

    @Test func everyRejectedAppendOfAGroupGetsItsOwnError() throws {
        try withNotesLedger { ledger, _ in
            let subjects = Subjects()
            DispatchQueue.concurrentPerform(iterations: 8) { index in
                do {
                    try ledger.append(NoteEdited(noteId: "missing-\(index)", text: "x"))
                } catch let error as LedgerError {
                    subjects.add(index, error.subject)
                } catch {}
            }
            #expect(subjects.all == (0..<8).map { "note-missing-\($0)" })
            let head = try ledger.head()
            #expect(head.position == 0)
        }
    }
}

/// The subject of each thread's error, by thread.
private final class Subjects: @unchecked Sendable {
    private let queue = DispatchQueue(label: "subjects")
    private var byIndex: [Int: String] = [:]

    func add(_ index: Int, _ subject: String?) {
        queue.sync { byIndex[index] = subject ?? "" }
    }

    var all: [String] { queue.sync { byIndex.sorted { $0.key < $1.key }.map(\.value) } }
}
