import LedgerTestSupport
import Synchronization
import Testing

@testable import EventLedger

#if canImport(Glibc)
import Glibc
#endif

/// Writes wait for another process's write as the ledger's options say.
@Suite struct WriteLockTests {
    /// Another process holding the write lock (here: the lock taken on the file, as a writer
    /// takes it): an append waits, calls the notice once, and gives up at
    /// the timeout without appending; once the lock is free it appends.
    @Test func aWriteWaitsAsItsOptionsSayAndGivesUpAtTheTimeout() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("notes.lmdb")
        try Ledger(path: path, domains: [NotesDomain()]).append(NoteCreated(noteId: "a", text: "one"))

        let noticed = Mutex<[Int32?]>([])
        let waiting = WriteLockWaiting(timeout: .milliseconds(400), noticeAfter: .milliseconds(100)) { holder in
            noticed.withLock { $0.append(holder) }
        }
        let ledger = try Ledger(path: path, domains: [NotesDomain()], options: Ledger.Options(writeLockWaiting: waiting))
        let other = try WriteLock(path: path, waiting: WriteLockWaiting())
        try other.acquire()
        #expect {
            try ledger.append(NoteCreated(noteId: "b", text: "two"))
        } throws: { error in
            let error = error as? LedgerError
            return error?.kind == .storage && error?.message.contains("gave up waiting for the write lock") == true
        }
        // The holder is this very process, which its own record lock cannot name: no id.
        #expect(noticed.withLock { $0 } == [nil])
        #expect(try ledger.head().position == 1)

        other.release()
        #expect(try ledger.append(NoteCreated(noteId: "b", text: "two")).positions == [2])
    }
}
