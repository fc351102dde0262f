import Dispatch
import EventLedgerPostgreSQL
import LedgerCLITestSupport
import LedgerTestSupport
import Testing

@testable import EventLedger

/// Writes through a shared primary from several threads of one process, to several replica
/// files at once: each thread's appends share the process's group commits, and after `sync`
/// every replica holds the same log. Needs `$LEDGER_TEST_PRIMARY` (tools/test).
@Suite(TestPrimary.available)
struct PrimaryGroupCommitTests {
    @Test func fourReplicasWithTwoThreadsEachHoldTheSameLogAfterSync() throws {
        let primary = PostgreSQLPrimary(try TestPrimary.freshDatabase())
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let replicas = try (0..<4).map { index in
            try Ledger(
                path: directory.file("replica-\(index).lmdb"), domains: [NotesDomain()],
                options: Ledger.Options(initialMapSize: 1 << 20, primary: primary))
        }
        let threadsPerReplica = 2, perThread = 30
        let failures = Counter()
        DispatchQueue.concurrentPerform(iterations: replicas.count * threadsPerReplica) { thread in
            for index in 0..<perThread {
                do {
                    try replicas[thread % replicas.count].append(NoteCreated(noteId: "t\(thread)-\(index)", text: "note"))
                } catch {
                    failures.increment()
                }
            }
        }
        #expect(failures.value == 0)
        var logs: [[RecordedEvent]] = []
        for replica in replicas {
            try replica.sync()
            #expect(try replica.verify().isIntact)
            var log: [RecordedEvent] = []
            try replica.forEachEvent {
                log.append($0); return true
            }
            logs.append(log)
        }
        let total = replicas.count * threadsPerReplica * perThread
        #expect(logs[0].map(\.position) == Array(1...UInt64(total)), "gapless: nothing lost or doubled")
        #expect(Set(logs[0].map(\.stream)).count == total)
        #expect(logs.allSatisfy { $0 == logs[0] }, "every replica holds the same events, times and hashes")
    }

    @Test(.timeLimit(.minutes(1)))
    func syncingWhileAppendingInTheSameProcessGoesOn() throws {
        let primary = PostgreSQLPrimary(try TestPrimary.freshDatabase())
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let ledger = try Ledger(
            path: directory.file("replica.lmdb"), domains: [NotesDomain()],
            options: Ledger.Options(initialMapSize: 1 << 20, primary: primary))
        let rounds = 60
        let failures = Counter()
        DispatchQueue.concurrentPerform(iterations: 2) { thread in
            for index in 0..<rounds {
                do {
                    if thread == 0 { try ledger.sync() } else { try ledger.append(NoteCreated(noteId: "n\(index)", text: "note")) }
                } catch {
                    failures.increment()
                }
            }
        }
        #expect(failures.value == 0)
        #expect(try ledger.head().position == UInt64(rounds))
    }

    @Test func aLedgerWithoutAPrimaryCannotSyncOrPush() throws {
        try withNotesLedger { ledger, _ in
            #expect(throws: LedgerError(.invalidInput, "sync needs a primary (none was given)")) { try ledger.sync() }
            #expect(throws: LedgerError(.invalidInput, "push needs a primary (none was given)")) { try ledger.push() }
        }
    }
}
