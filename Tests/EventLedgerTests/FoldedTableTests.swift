import Testing
@testable import EventLedger

/// The in-memory read model of a rebuild writes what inline appends would have written.
@Suite struct FoldedTableTests {
    @Test func versionsOfRowsWhoseKeysInterleaveAreAllStoredInKeyOrder() throws {
        try withNotesLedger { ledger, _ in
            let table = try #require(ledger.tables.projections[NotesDomain.notes])
            let short = StateKey("x").encoded(), withEmptyComponent = StateKey("x", "").encoded()
            let folded = FoldedTable()
            // "x" sorts before "x\0", yet versions of "x\0" sort before and after those of "x".
            write(["b"], under: withEmptyComponent, at: 1, into: folded)
            write(["a"], under: short, at: 256, into: folded)
            write(["c"], under: withEmptyComponent, at: 65_536, into: folded)
            try ledger.environment.write { txn in
                try txn.clear(table)
                try folded.store(into: table, txn)
            }
            let stored = try ledger.environment.read { txn in
                var keys: [[UInt8]] = []
                try txn.withCursor(table) { cursor in
                    try cursor.scan(prefix: []) { entry in
                        keys.append(Array(entry.key))
                        return true
                    }
                }
                return keys
            }
            let expected = [StoredRow.historyKey(short, position: 256), StoredRow.historyKey(withEmptyComponent, position: 1),
                            StoredRow.historyKey(withEmptyComponent, position: 65_536)]
            #expect(stored == expected.sorted { $0.lexicographicallyPrecedes($1) })
        }
    }

    @Test func aRowWrittenTwiceAtOnePositionKeepsOneVersionThere() throws {
        try withNotesLedger { ledger, _ in
            let table = try #require(ledger.tables.projections[NotesDomain.notes])
            let key = StateKey("n").encoded()
            let folded = FoldedTable()
            write(["1"], under: key, at: 1, into: folded)
            write(nil, under: key, at: 2, into: folded)
            write(["2"], under: key, at: 2, into: folded)
            #expect(try folded.newestValue(key).flatMap(StoredRow.row) == ["2"])
            try ledger.environment.write { txn in
                try txn.clear(table)
                try folded.store(into: table, txn)
            }
            let stored = try ledger.environment.read { txn in
                var entries: [[UInt8]: StateRow?] = [:]
                try txn.withCursor(table) { cursor in
                    try cursor.scan(prefix: []) { entry in
                        entries[Array(entry.key)] = try StoredRow.row(entry.value)
                        return true
                    }
                }
                return entries
            }
            #expect(stored == [StoredRow.historyKey(key, position: 1): ["1"], StoredRow.historyKey(key, position: 2): ["2"]])
        }
    }

    @Test func aPrefixScanSeesTheNewestLiveRowsUnderWholeComponentsInKeyOrder() throws {
        let state = FoldedProjectionState(tables: [NotesDomain.folderNotes])
        state.position = 1
        try state.set(NotesDomain.folderNotes, StateKey("f", "b"), ["2"])
        try state.set(NotesDomain.folderNotes, StateKey("f", "a"), ["1"])
        try state.set(NotesDomain.folderNotes, StateKey("ff", "c"), ["3"])
        #expect(try state.rows(NotesDomain.folderNotes, prefix: StateKey("f")).map(\.key) == [StateKey("f", "a"), StateKey("f", "b")])
        state.position = 2
        try state.remove(NotesDomain.folderNotes, StateKey("f", "a"))
        try state.set(NotesDomain.folderNotes, StateKey("f", "0"), ["0"])
        #expect(try state.rows(NotesDomain.folderNotes, prefix: StateKey("f")).map(\.row) == [["0"], ["2"]])
        #expect(try state.row(NotesDomain.folderNotes, StateKey("f", "a")) == nil)
    }

    private func write(_ row: StateRow?, under key: [UInt8], at position: UInt64, into table: FoldedTable) {
        table.write(key, valueCount: StoredRow.valueCount(row, encodedKey: key), at: position) {
            StoredRow.encodeValue(row, encodedKey: key, into: $0)
        }
    }
}
