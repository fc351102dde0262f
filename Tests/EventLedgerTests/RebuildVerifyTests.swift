import LedgerTestSupport
import Testing

@testable import EventLedger

#if canImport(Glibc)
import Glibc
#endif

/// The engine's `rebuild`, `verify` and `replay(to:into:)`, with the stored tables
/// changed behind the ledger's back.
@Suite struct RebuildVerifyTests {
    /// Five commits over six events: a folder of two notes deleted (a cascade), edits before and after.
    func withFixture(_ body: (Ledger, TemporaryDirectory) throws -> Void) throws {
        try withNotesLedger { ledger, directory throws in
            try ledger.append(NoteCreated(noteId: "a", text: "alpha", folderId: "f"))  // 1
            try ledger.append([
                PendingEvent(NoteCreated(noteId: "b", text: "bravo", folderId: "f")),  // 2
                PendingEvent(NoteCreated(noteId: "c", text: "charlie")),
            ])  // 3
            try ledger.append(NoteEdited(noteId: "a", text: "alpha 2"))  // 4
            try ledger.append(FolderDeleted(folderId: "f"))  // 5
            try ledger.append(NoteEdited(noteId: "c", text: "charlie 2"))  // 6
            try body(ledger, directory)
        }
    }

    /// Every entry of every table derived from the log: read-model rows and their history,
    /// cascade links and checkpoints, one line each in key order.
    func derivedState(_ ledger: Ledger) throws -> [String] {
        try ledger.core.environment.read { txn in
            var tables: [(String, Table)] = [("links", ledger.core.tables.links), ("checkpoints", ledger.core.tables.checkpoints)]
            for (table, stored) in ledger.core.tables.readModels.sorted(by: { $0.key.name < $1.key.name }) {
                tables.append((table.name + "@history", stored))
            }
            var lines: [String] = []
            for (name, table) in tables {
                try txn.withCursor(table) { cursor in
                    try cursor.scan(prefix: []) { entry in
                        lines.append("\(name) \(hex(entry.key)) \(hex(entry.value))")
                        return true
                    }
                }
            }
            return lines
        }
    }

    /// Changes the stored tables in one write transaction, bypassing the ledger's rules.
    func tamper(_ ledger: Ledger, _ body: (Transaction, LedgerTables) throws -> Void) throws {
        try ledger.core.environment.write { txn in try body(txn, ledger.core.tables) }
    }

    /// The stored bytes of the log record at `position`.
    func record(_ ledger: Ledger, at position: UInt64) throws -> [UInt8] {
        try ledger.core.environment.read { txn in Array(try ledger.core.record(txn, at: position)) }
    }

    /// The stored form of `key`, which its versions' keys start with.
    func rowKey(_ key: some Encodable) throws -> [UInt8] { StoredRow.storedKey(try BinaryEncoding.encode(key, with: BinaryWriter(.key))) }

    /// The key of the latest version of the row `key` of `table`: deleting it takes the
    /// row's current value away.
    func latestVersionKey(_ txn: Transaction, _ table: Table, _ key: some Encodable) throws -> [UInt8] {
        let found = try txn.withCursor(table) { cursor in
            try cursor.seek(before: rowKey(key) + StoredRow.afterEveryVersion).map { Array($0.key) }
        }
        let versionKey = try #require(found, "no version of \(key) in \(table.name)")
        try #require(versionKey.starts(with: rowKey(key) + [0]), "no version of \(key) in \(table.name)")
        return versionKey
    }

    /// Stores `row` as a version of `key` at the last position of the fixture's log.
    func putLatestVersion(_ txn: Transaction, _ table: Table, _ key: some Encodable, _ row: some Encodable) throws {
        let (encodedRow, encodedKey) = (
            try BinaryEncoding.encode(row, with: BinaryWriter(.row)), try BinaryEncoding.encode(key, with: BinaryWriter(.key))
        )
        let value = encodedRow.withUnsafeBytes { row in encodedKey.withUnsafeBytes { StoredRow.withValue(row, encodedKey: $0) { Array($0) } } }
        try txn.put(table, StoredRow.historyKey(rowKey(key), position: 6), value)
    }

    func readModelTable(_ ledger: Ledger, _ table: some DeclaredTable) throws -> Table {
        try #require(ledger.core.tables.readModels[TableName(qualifiedName: table.qualifiedName)], "no stored tables for \(table.qualifiedName)")
    }

    // MARK: rebuild

    @Test func rebuildReproducesTheInlineStateExactly() throws {
        try withFixture { ledger, _ throws in
            let inline = try derivedState(ledger)
            #expect(inline.contains { $0.hasPrefix("links ") }, "the cascade recorded links")
            #expect(inline.contains { $0.hasPrefix("notes.folder-notes@history ") })
            var calls: [(UInt64, UInt64)] = []
            let report = try ledger.rebuild { calls.append(($0, $1)) }
            #expect(try derivedState(ledger) == inline)
            #expect(report.events == 6)
            #expect(report.readModels == ["notes"])
            #expect(report.seconds >= 0 && report.eventsPerSecond > 0)
            #expect(calls.first.map { [$0.0, $0.1] } == [0, 6])
            #expect(calls.last.map { [$0.0, $0.1] } == [6, 6])
            #expect(calls.allSatisfy { $0.1 == 6 })
            #expect(calls.map(\.0) == calls.map(\.0).sorted(), "progress never goes back")
            #expect(try ledger.verify().isIntact)
        }
    }

    @Test func rebuildRepairsReadModelsChangedBehindTheLedgersBack() throws {
        try withFixture { ledger, _ throws in
            let inline = try derivedState(ledger)
            let notes = try readModelTable(ledger, NotesDomain.notes)
            let folderNotes = try readModelTable(ledger, NotesDomain.folderNotes)
            try tamper(ledger) { txn, tables throws in
                #expect(try txn.delete(notes, latestVersionKey(txn, notes, "a")))
                try putLatestVersion(txn, notes, "zz", NoteRow(text: "bogus"))
                #expect(try txn.delete(folderNotes, StoredRow.historyKey(rowKey(FolderNoteKey(folderId: "f", noteId: "b")), position: 2)))
                try txn.clear(tables.links)
                try txn.put(tables.checkpoints, Array("notes".utf8), LedgerTables.bigEndian(1))
            }
            #expect(try derivedState(ledger) != inline)
            #expect(try !ledger.verify().isIntact)
            try ledger.rebuild()
            #expect(try derivedState(ledger) == inline)
            #expect(try ledger.verify().isIntact)
        }
    }

    @Test func aRebuildOnAMapTooSmallForItGrowsTheMapAndEqualsTheInlineState() throws {
        try withNotesLedger(initialMapSize: 64 << 10) { ledger, _ in
            for chunk in 0..<8 {
                try ledger.append((0..<500).map { PendingEvent(NoteCreated(noteId: "n\(chunk)-\($0)", text: "note \($0) of \(chunk)")) })
            }
            let inline = try derivedState(ledger)
            try ledger.rebuild()
            #expect(try derivedState(ledger) == inline)
            #expect(try ledger.verify().isIntact)
        }
    }

    @Test func aStoreRunAgainLikeAWriteRetriedAfterTheMapGrewWritesTheWholeReadModel() throws {
        try withFixture { ledger, _ throws in
            let inline = try derivedState(ledger)
            let fold = ReadModelFold(catalog: ledger.core.catalog, tables: ledger.core.tables, domainIndex: 0)
            try ledger.core.environment.write { txn in
                try fold.store(txn)
                try fold.store(txn)
            }
            #expect(try derivedState(ledger) == inline)
        }
    }

    @Test func eventsAppendedBetweenTheFoldAndItsStoreAreFoldedAndSortedIn() throws {
        try withFixture { ledger, _ throws in
            let fold = ReadModelFold(catalog: ledger.core.catalog, tables: ledger.core.tables, domainIndex: 0)
            _ = try ledger.core.environment.read { txn in try fold.advance(txn) }
            fold.sortRows()
            // New rows whose keys sort before, between and after the folded ones, and a new version of one.
            try ledger.append([
                PendingEvent(NoteCreated(noteId: "0", text: "zero", folderId: "g")),
                PendingEvent(NoteCreated(noteId: "bb", text: "bravo bravo")),
                PendingEvent(NoteCreated(noteId: "zz", text: "zulu", folderId: "g")),
                PendingEvent(NoteEdited(noteId: "c", text: "charlie 3")),
            ])
            let inline = try derivedState(ledger)
            try ledger.core.environment.write { txn in try fold.store(txn) }
            #expect(fold.position == 10)
            #expect(try derivedState(ledger) == inline)
        }
    }

    @Test func rebuildOfANamedReadModelRepairsTheCascadeLinksItsEventsMade() throws {
        try withFixture { ledger, _ throws in
            let inline = try derivedState(ledger)
            try tamper(ledger) { txn, tables throws in
                try txn.clear(tables.links)
                try txn.put(tables.links, LedgerTables.streamKey("note-zz", 99), [])
            }
            #expect(try derivedState(ledger) != inline)
            try ledger.rebuild(["notes"])
            #expect(try derivedState(ledger) == inline, "links of the cascade back, the link to a missing event gone")
        }
    }

    @Test func rebuildOfANamedReadModelRebuildsIt() throws {
        try withFixture { ledger, _ throws in
            let inline = try derivedState(ledger)
            let notes = try readModelTable(ledger, NotesDomain.notes)
            try tamper(ledger) { txn, _ throws in #expect(try txn.delete(notes, latestVersionKey(txn, notes, "c"))) }
            let report = try ledger.rebuild(["notes"])
            #expect(report.readModels == ["notes"])
            #expect(report.events == 6)
            #expect(try derivedState(ledger) == inline)
        }
    }

    @Test func rebuildOfAnUnknownReadModelFailsAndChangesNothing() throws {
        try withFixture { ledger, _ throws in
            let notes = try readModelTable(ledger, NotesDomain.notes)
            try tamper(ledger) { txn, _ throws in #expect(try txn.delete(notes, latestVersionKey(txn, notes, "c"))) }
            let damaged = try derivedState(ledger)
            for names in [["nope"], ["notes", "nope"], ["nope", "notes"]] {
                var progressed = false
                let error = #expect(throws: LedgerError.self) { try ledger.rebuild(names) { _, _ in progressed = true } }
                #expect(error?.kind == .invalidInput, "\(names)")
                #expect(error?.subject == "nope", "\(names)")
                #expect(error?.message.contains("notes") == true, "the known read models are listed: \(error?.message ?? "")")
                #expect(!progressed)
                #expect(try derivedState(ledger) == damaged, "\(names): nothing was rebuilt")
            }
        }
    }

    // MARK: verify

    @Test func verifyPassesOnALedgerWithoutEvents() throws {
        try withNotesLedger { ledger, _ throws in
            let empty = try ledger.verify()
            #expect(empty.isIntact, "\(empty.problems)")
            #expect(empty.events == 0)
        }
    }

    @Test func verifyPassesOnAHealthyLedger() throws {
        try withFixture { ledger, _ throws in
            let before = try derivedState(ledger)
            let report = try ledger.verify()
            #expect(report.isIntact, "\(report.problems)")
            #expect(report.events == 6)
            #expect(try derivedState(ledger) == before, "verify changes nothing")
        }
    }

    /// Damages a read model, then expects `verify` to name it (`mentions`) and to leave the damage as it was.
    func expectReadModelProblem(
        mentioning mentions: String,
        sourceLocation: SourceLocation = #_sourceLocation,
        _ damage: (Ledger, Transaction, LedgerTables) throws -> Void
    ) throws {
        try withFixture { ledger, _ throws in
            try tamper(ledger) { txn, tables throws in try damage(ledger, txn, tables) }
            let damaged = try derivedState(ledger)
            let report = try ledger.verify()
            #expect(!report.isIntact, sourceLocation: sourceLocation)
            #expect(report.problems.count == 1, "\(report.problems)", sourceLocation: sourceLocation)
            #expect(report.problems.first?.contains(mentions) == true, "\(report.problems)", sourceLocation: sourceLocation)
            #expect(
                !report.problems.contains { $0.contains("hash") || $0.contains("index") }, "the log is intact: \(report.problems)",
                sourceLocation: sourceLocation)
            #expect(try derivedState(ledger) == damaged, "verify repairs nothing", sourceLocation: sourceLocation)
            #expect(try ledger.verify().problems == report.problems, sourceLocation: sourceLocation)
        }
    }

    @Test func verifyNamesTheReadModelOfADeletedRow() throws {
        try expectReadModelProblem(mentioning: "notes") { ledger, txn, _ throws in
            let notes = try readModelTable(ledger, NotesDomain.notes)
            #expect(try txn.delete(notes, latestVersionKey(txn, notes, "b")))
        }
    }

    @Test func verifyNamesTheReadModelOfADeletedPastVersion() throws {
        try expectReadModelProblem(mentioning: "notes") { ledger, txn, _ throws in
            let notes = try readModelTable(ledger, NotesDomain.notes)
            #expect(try txn.delete(notes, StoredRow.historyKey(rowKey("a"), position: 4)))
        }
    }

    @Test func verifyNamesTheReadModelOfAnAddedOrChangedRow() throws {
        try expectReadModelProblem(mentioning: "notes") { ledger, txn, _ throws in
            let notes = try readModelTable(ledger, NotesDomain.notes)
            try putLatestVersion(txn, notes, "c", NoteRow(text: "charlie 3"))
        }
        try expectReadModelProblem(mentioning: "notes") { ledger, txn, _ throws in
            let folderNotes = try readModelTable(ledger, NotesDomain.folderNotes)
            try putLatestVersion(txn, folderNotes, FolderNoteKey(folderId: "g", noteId: "c"), Present())
        }
    }

    @Test func verifyNamesAWrongCheckpoint() throws {
        try expectReadModelProblem(mentioning: "notes") { _, txn, tables throws in
            try txn.put(tables.checkpoints, Array("notes".utf8), LedgerTables.bigEndian(5))
        }
    }

    @Test func verifyNamesADeletedCascadeLink() throws {
        try expectReadModelProblem(mentioning: "link") { _, txn, tables throws in
            #expect(try txn.delete(tables.links, LedgerTables.streamKey("note-b", 5)))
        }
    }

    @Test func verifyFindsADeletedStreamIndexEntry() throws {
        try withFixture { ledger, _ throws in
            try tamper(ledger) { txn, tables throws in #expect(try txn.delete(tables.streams, LedgerTables.streamKey("note-c", 1))) }
            let problems = try ledger.verify().problems
            #expect(
                problems.contains { $0.contains("position 3") && $0.contains("note-c") && $0.contains("stream index") },
                "\(problems)")
        }
    }

    @Test func verifyFindsAStreamIndexEntryForNoEvent() throws {
        try withFixture { ledger, _ throws in
            try tamper(ledger) { txn, tables throws in
                try txn.put(tables.streams, LedgerTables.streamKey("note-ghost", 1), LedgerTables.bigEndian(2))
            }
            let problems = try ledger.verify().problems
            #expect(problems.contains { $0.contains("stream index") }, "\(problems)")
        }
    }

    @Test func verifyFindsADeletedIdIndexEntry() throws {
        try withFixture { ledger, _ throws in
            var id: EventID?
            try ledger.forEachEvent(LogFilter(from: 2, to: 2)) {
                id = $0.id; return true
            }
            let eventID = try #require(id)
            try tamper(ledger) { txn, tables throws in #expect(try txn.delete(tables.ids, eventID.bytes)) }
            let problems = try ledger.verify().problems
            #expect(problems.contains { $0.contains("position 2") && $0.contains("id index") }, "\(problems)")
        }
    }

    @Test func verifyFindsOneAlteredByteOfAStoredPayload() throws {
        try withFixture { ledger, _ throws in
            var bytes = try record(ledger, at: 4)
            let text = Array(#""alpha 2""#.utf8)
            let offset = try #require(firstIndex(of: text, in: bytes), "the payload is stored as JSON text")
            bytes[offset + 3] = UInt8(ascii: "P")  // "alpha 2" → "alPha 2"
            try tamper(ledger) { txn, tables throws in try txn.put(tables.log, LedgerTables.bigEndian(4), bytes) }
            let problems = try ledger.verify().problems
            #expect(problems.count == 1, "\(problems)")
            #expect(problems.first?.contains("position 4") == true, "\(problems)")
            #expect(problems.first?.contains("hash") == true, "\(problems)")
        }
    }

    @Test func verifyFindsAGapInTheLog() throws {
        try withFixture { ledger, _ throws in
            try tamper(ledger) { txn, tables throws in #expect(try txn.delete(tables.log, LedgerTables.bigEndian(3))) }
            let problems = try ledger.verify().problems
            #expect(problems.contains { $0.contains("gap") && $0.contains("3") }, "\(problems)")
        }
    }

    // MARK: replay

    @Test func replayWritesAUsableLedgerWithTheLogUpToAPosition() throws {
        try withFixture { ledger, directory throws in
            let originalLog = try (1...6).map { try record(ledger, at: $0) }
            for position: UInt64 in [2, 4, 5, 6] {
                let path = directory.file("past-\(position).lmdb")
                let past = try ledger.replay(to: position, into: path)
                #expect(past.path == path)
                let head = try past.head()
                #expect(head.position == position)
                #expect(head.commit == [2: 2, 4: 3, 5: 4, 6: 5][position])
                for earlier in 1...position {
                    #expect(try record(past, at: earlier) == originalLog[Int(earlier) - 1], "record \(earlier) copied as it is")
                }
                let answer = try past.query("notes").json
                #expect(answer == (try ledger.query("notes", asOf: .position(position)).json), "as of \(position)")
                let report = try past.verify()
                #expect(report.isIntact && report.events == position, "\(report.problems)")

                let appended = try past.append(NoteCreated(noteId: "new", text: "after the replay"))
                #expect(appended.positions == [position + 1])
                #expect(appended.commit == head.commit + 1)
                #expect(try past.query("notes").json.arrayValue?.contains(.string("after the replay")) == true)
                #expect(try past.verify().isIntact)
            }
            #expect(try ledger.head().position == 6, "the original is unchanged")
            #expect(try (1...6).map { try record(ledger, at: $0) } == originalLog)
        }
    }

    @Test func replayIntoAnExistingPathFailsAndLeavesItAlone() throws {
        try withFixture { ledger, directory throws in
            let path = directory.file("taken")
            let contents = Array("precious, not a ledger\n".utf8)
            let file = fopen(path, "w")
            fwrite(contents, 1, contents.count, file)
            fclose(file)
            let error = #expect(throws: LedgerError.self) { try ledger.replay(to: 3, into: path) }
            #expect(error?.kind == .storage)
            #expect(readFile(path) == contents)
            #expect(access(path + "-lock", F_OK) != 0, "no lock file was made")

            let other = directory.file("other.lmdb")
            try ledger.replay(to: 2, into: other)
            let before = readFile(other)
            let again = #expect(throws: LedgerError.self) { try ledger.replay(to: 6, into: other) }
            #expect(again?.kind == .storage)
            #expect(readFile(other) == before)
            #expect(try Ledger(path: other, domains: [NotesDomain()]).head().position == 2)
        }
    }
}

/// Lower-case hex of `bytes`.
private func hex(_ bytes: some Sequence<UInt8>) -> String {
    bytes.map { byte in
        let digits = String(byte, radix: 16)
        return digits.count == 1 ? "0" + digits : digits
    }.joined()
}

/// The first offset of `needle` in `haystack`.
private func firstIndex(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
    guard needle.count <= haystack.count else { return nil }
    return (0...(haystack.count - needle.count)).first { haystack[$0..<($0 + needle.count)].elementsEqual(needle) }
}

/// The bytes of the file at `path` (empty when it cannot be read).
private func readFile(_ path: String) -> [UInt8] {
    guard let file = fopen(path, "r") else { return [] }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = fread(&buffer, 1, buffer.count, file)
        if count <= 0 { break }
        bytes += buffer[0..<count]
    }
    return bytes
}
