import LedgerTestSupport
import Testing

@testable import EventLedger

/// The in-memory read model of a rebuild writes what inline appends would have written.
@Suite struct FoldedTableTests {
    @Test func versionsOfRowsWhoseKeysInterleaveAreAllStoredInKeyOrder() throws {
        try withNotesLedger { ledger, _ in
            let table = try #require(ledger.core.tables.readModels[NotesDomain.notes.id])
            let short = Array("x".utf8), withEmptyComponent = Array("x".utf8) + [0]
            let folded = FoldedTable()
            // "x" sorts before "x\0", yet versions of "x\0" sort before and after those of "x" (keys this
            // close are not made by the key form, but can be by the shortening of long keys).
            write(Array("b".utf8), under: withEmptyComponent, at: 1, into: folded)
            write(Array("a".utf8), under: short, at: 256, into: folded)
            write(Array("c".utf8), under: withEmptyComponent, at: 65_536, into: folded)
            try ledger.core.environment.write { txn in
                try txn.clear(table)
                try folded.store(into: table, txn)
            }
            let stored = try ledger.core.environment.read { txn in
                var keys: [[UInt8]] = []
                try txn.withCursor(table) { cursor in
                    try cursor.scan(prefix: []) { entry in
                        keys.append(Array(entry.key))
                        return true
                    }
                }
                return keys
            }
            let expected = [
                StoredRow.historyKey(short, position: 256), StoredRow.historyKey(withEmptyComponent, position: 1),
                StoredRow.historyKey(withEmptyComponent, position: 65_536),
            ]
            #expect(stored == expected.sorted { $0.lexicographicallyPrecedes($1) })
        }
    }

    @Test func aRowWrittenTwiceAtOnePositionKeepsOneVersionThere() throws {
        try withNotesLedger { ledger, _ in
            let table = try #require(ledger.core.tables.readModels[NotesDomain.notes.id])
            let key = Array("n".utf8)
            let folded = FoldedTable()
            write([1], under: key, at: 1, into: folded)
            write(nil, under: key, at: 2, into: folded)
            write([2], under: key, at: 2, into: folded)
            #expect(try key.withUnsafeBytes { try folded.newestValue($0).flatMap(StoredRow.rowBytes).map(Array.init) } == [2])
            try ledger.core.environment.write { txn in
                try txn.clear(table)
                try folded.store(into: table, txn)
            }
            let stored = try ledger.core.environment.read { txn in
                var entries: [[UInt8]: [UInt8]?] = [:]
                try txn.withCursor(table) { cursor in
                    try cursor.scan(prefix: []) { entry in
                        entries[Array(entry.key)] = try StoredRow.rowBytes(entry.value).map(Array.init)
                        return true
                    }
                }
                return entries
            }
            #expect(stored == [StoredRow.historyKey(key, position: 1): [1], StoredRow.historyKey(key, position: 2): [2]])
        }
    }

    @Test func aPrefixScanSeesTheNewestLiveRowsUnderWholeValuesInKeyOrder() throws {
        let table = ReadModelTable<FolderNoteKey, String>(readModel: "notes", name: "folder-notes")
        let state = FoldedReadModel(tables: [table.id])
        let readModel = ReadModelWriter(state)
        state.position = 1
        try readModel.set(table, FolderNoteKey(folderId: "f", noteId: "b"), "2")
        try readModel.set(table, FolderNoteKey(folderId: "f", noteId: "a"), "1")
        try readModel.set(table, FolderNoteKey(folderId: "ff", noteId: "c"), "3")
        #expect(try readModel.rows(table, prefix: "f").map(\.key.noteId) == ["a", "b"])
        state.position = 2
        try readModel.remove(table, FolderNoteKey(folderId: "f", noteId: "a"))
        try readModel.set(table, FolderNoteKey(folderId: "f", noteId: "0"), "0")
        #expect(try readModel.rows(table, prefix: "f").map(\.row) == ["0", "2"])
        #expect(try readModel.row(table, FolderNoteKey(folderId: "f", noteId: "a")) == nil)
    }

    private func write(_ row: [UInt8]?, under key: [UInt8], at position: UInt64, into table: FoldedTable) {
        key.withUnsafeBytes { key in
            withOptionalBytes(row) { row in
                table.write(key, valueCount: StoredRow.valueCount(row, encodedKey: key), at: position) {
                    StoredRow.encodeValue(row, encodedKey: key, into: $0)
                }
            }
        }
    }

    /// Calls `body` with the bytes of `bytes`, nil when it is nil.
    private func withOptionalBytes(_ bytes: [UInt8]?, _ body: (UnsafeRawBufferPointer?) -> Void) {
        guard let bytes else { return body(nil) }
        bytes.withUnsafeBytes { body($0) }
    }
}
