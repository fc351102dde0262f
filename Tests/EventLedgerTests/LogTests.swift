import LedgerTestSupport
import Testing

@testable import EventLedger

@Suite struct LogTests {
    @Test func everyRecordChainsToThePreviousHash() throws {
        try withNotesLedger { ledger, _ in
            try ledger.append(NoteCreated(noteId: "a", text: "one"))
            try ledger.append([PendingEvent(NoteEdited(noteId: "a", text: "two")), PendingEvent(NoteCreated(noteId: "b", text: "x"))])
            var previous = EventRecord.zeroHash
            try ledger.core.environment.read { txn in
                try txn.withCursor(ledger.core.tables.log) { cursor in
                    var entry = try cursor.first()
                    while let current = entry {
                        let view = try EventRecordView(current.value, position: 0)
                        var expected = [UInt8](repeating: 0, count: 32)
                        previous.withUnsafeBytes { prev in
                            expected.withUnsafeMutableBytes { SHA256.chain(previous: prev, body: view.body, into: $0) }
                        }
                        #expect(Array(view.hash) == expected)
                        previous = Array(view.hash)
                        entry = try cursor.next()
                    }
                }
            }
            #expect(previous != EventRecord.zeroHash)
        }
    }

    @Test func recordsRoundTripTheirEnvelope() throws {
        try withNotesLedger { ledger, _ in
            let id = EventID.generate()
            try ledger.append(NoteCreated(noteId: "a", text: "  padded  "), id: id, metadata: ["user": "ann"])
            var events: [RecordedEvent] = []
            try ledger.forEachEvent {
                events.append($0); return true
            }
            let event = try #require(events.first)
            #expect(event.id == id)
            #expect(event.type == "NoteCreated")
            #expect(event.stream == "note-a")
            #expect(event.data == .object(["noteId": .string("a"), "text": .string("padded")]))
            #expect(event.metadata == ["user": "ann"])
            #expect(event.hash.count == 64)
            #expect(
                event.envelope.objectValue?.keys.sorted() == [
                    "commit", "data", "hash", "id", "metadata", "position",
                    "recordedAt", "schemaVersion", "stream", "type", "version",
                ])
        }
    }

    @Test func logFiltersByRangeStreamTypeAndLimit() throws {
        try withNotesLedger { ledger, _ in
            for index in 0..<5 { try ledger.append(NoteCreated(noteId: "n\(index)", text: "t")) }
            try ledger.append(NoteEdited(noteId: "n2", text: "u"))
            func positions(_ filter: LogFilter) throws -> [UInt64] {
                var result: [UInt64] = []
                try ledger.forEachEvent(filter) {
                    result.append($0.position); return true
                }
                return result
            }
            #expect(try positions(LogFilter(from: 2, to: 4)) == [2, 3, 4])
            #expect(try positions(LogFilter(stream: "note-n2")) == [3, 6])
            #expect(try positions(LogFilter(type: "NoteEdited")) == [6])
            #expect(try positions(LogFilter(limit: 2)) == [1, 2])
        }
    }

    @Test func historyIncludesEventsLinkedByACascade() throws {
        try withNotesLedger { ledger, _ in
            try ledger.append(NoteCreated(noteId: "a", text: "one", folderId: "f"))
            try ledger.append(FolderDeleted(folderId: "f"))
            let history = try ledger.history(of: "note-a")
            #expect(history.map(\.type) == ["NoteCreated", "FolderDeleted"])
            #expect(throws: LedgerError.self) { try ledger.history(of: "note-zzz") }
        }
    }

    @Test func statsCountEventsCommitsStreamsAndCheckpoints() throws {
        try withNotesLedger { ledger, _ in
            try ledger.append([PendingEvent(NoteCreated(noteId: "a", text: "one")), PendingEvent(NoteEdited(noteId: "a", text: "b"))])
            try ledger.append(FolderDeleted(folderId: "f"))
            let stats = try ledger.stats()
            #expect(stats.events == 3 && stats.commits == 2)
            #expect(stats.eventsByType == ["NoteCreated": 1, "NoteEdited": 1, "FolderDeleted": 1])
            #expect(stats.streamsByKind == ["note": 1, "folder": 1])
            #expect(stats.checkpoints == ["notes": 3])
            #expect(stats.fileSize > 0)
        }
    }
}
