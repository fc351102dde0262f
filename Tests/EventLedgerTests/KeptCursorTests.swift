import LedgerTestSupport
import Testing

@testable import EventLedger

/// A transaction keeps one cursor per table open between calls, and writes through it: what
/// it reads and writes is the same as with a fresh cursor each time.
@Suite struct KeptCursorTests {
    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    private func keys(_ txn: Transaction, _ table: Table, prefix: String = "") throws -> [String] {
        var keys: [String] = []
        try txn.withCursor(table) { cursor in
            try cursor.scan(prefix: bytes(prefix)) { entry in
                keys.append(String(decoding: entry.key, as: UTF8.self))
                return true
            }
        }
        return keys
    }

    @Test func writingATableWhileScanningItLeavesTheScanWhole() throws {
        try withNotesLedger { ledger, _ in
            let table = try #require(ledger.core.tables.readModels[NotesDomain.notes.id])
            let scanned = try ledger.core.environment.write { txn in
                try txn.clear(table)
                for index in 0..<300 { try txn.put(table, bytes("a\(1000 + index)"), bytes("row")) }
                var scanned: [String] = []
                try txn.withCursor(table) { cursor in
                    try cursor.scan(prefix: bytes("a")) { entry in
                        let key = String(decoding: entry.key, as: UTF8.self)
                        scanned.append(key)
                        // A read and a write of the same table inside the scan, each on a cursor of its own.
                        #expect(try txn.get(table, bytes("b" + key)) == nil)
                        try txn.put(table, bytes("b" + key), bytes("copy"))
                        #expect(try keys(txn, table, prefix: "b" + key) == ["b" + key])
                        return true
                    }
                }
                return scanned
            }
            #expect(scanned == (0..<300).map { "a\(1000 + $0)" })
            let copies = try ledger.core.environment.read { txn in try keys(txn, table, prefix: "b") }
            #expect(copies == scanned.map { "b" + $0 })
        }
    }
}
