import LedgerTestSupport
import Testing

@testable import EventLedger

/// Commits large enough to fold their read-model writes in memory store exactly what a
/// rebuild stores, over rows already stored by smaller commits.
extension RebuildVerifyTests {
    /// Twenty notes stored by one small commit: ten in folder `f`, ten in folder `g`.
    func storedNotes(_ ledger: Ledger) throws {
        try ledger.append((0..<20).map { PendingEvent(NoteCreated(noteId: "n\($0)", text: "stored \($0)", folderId: $0 < 10 ? "f" : "g")) })
    }

    /// A batch of more events than `Appender.foldedInMemoryFrom`, which edits stored notes,
    /// adds notes to the stored folder `f` and a new folder `h`, edits notes it added itself,
    /// deletes folder `f` (stored and new notes alike) twice, and files a stored note into `h`.
    func largeBatch() -> [PendingEvent] {
        let added = Appender.foldedInMemoryFrom
        var batch = (0..<5).map { PendingEvent(NoteEdited(noteId: "n\($0)", text: "edited \($0)")) }
        batch += (0..<added).map { PendingEvent(NoteCreated(noteId: "x\($0)", text: "added \($0)", folderId: $0.isMultiple(of: 2) ? "f" : "h")) }
        batch += (0..<10).map { PendingEvent(NoteEdited(noteId: "x\($0)", text: "added and edited \($0)")) }
        batch.append(PendingEvent(FolderDeleted(folderId: "f")))
        batch.append(PendingEvent(FolderDeleted(folderId: "f")))
        batch.append(PendingEvent(NoteFiled(noteId: "n15", folderId: "h")))
        return batch
    }

    @Test func aLargeCommitStoresWhatARebuildStores() throws {
        try withNotesLedger { ledger, _ in
            try storedNotes(ledger)
            let batch = largeBatch()
            #expect(batch.count >= Appender.foldedInMemoryFrom)
            try ledger.append(batch)
            let live = try ledger.query("notes").rows.map { $0[0] }
            // Folder f's stored notes and the added ones in f are archived; g's and h's stay live.
            #expect(live.count == 10 + Appender.foldedInMemoryFrom / 2)
            #expect(!live.contains("stored 0") && !live.contains("edited 0") && live.contains("stored 10"))
            #expect(live.contains("added and edited 1") && !live.contains("added and edited 0"))
            let inline = try derivedState(ledger)
            try ledger.rebuild()
            #expect(try derivedState(ledger) == inline)
            #expect(try ledger.verify().isIntact)
        }
    }

    @Test func aLargeCommitThatBreaksARuleLeavesTheLedgerAsItWas() throws {
        try withNotesLedger { ledger, _ in
            try storedNotes(ledger)
            let before = try derivedState(ledger)
            // n0 was archived by the batch's own FolderDeleted: editing it breaks the rule.
            let batch = largeBatch() + [PendingEvent(NoteEdited(noteId: "n0", text: "too late"))]
            #expect(throws: LedgerError.self) { try ledger.append(batch) }
            #expect(try ledger.head().position == 20)
            #expect(try derivedState(ledger) == before)
            #expect(try ledger.verify().isIntact)
        }
    }

    @Test func aLargeBatchNamesItsFirstBadEventWhereverItsPayloadIsDecoded() throws {
        try withNotesLedger { ledger, _ in
            try storedNotes(ledger)
            var batch = largeBatch()
            // Payloads of a large batch are decoded ahead of the events before them: the error
            // is still the first bad event's, a rule broken before a payload that does not decode.
            batch[700] = PendingEvent(type: "NoteEdited", payload: ["noteId": .string("n1"), "text": .string("x"), "colour": .string("red")])
            batch[900] = PendingEvent(NoteEdited(noteId: "missing", text: "x"))
            batch[950] = PendingEvent(type: "NoteEdited", payload: ["noteId": .string("n1")])
            let error = try #require(throws: LedgerError.self) { try ledger.append(batch) }
            #expect(error.eventIndex == 700 && error.message.contains("colour"))
            batch[700] = PendingEvent(NoteEdited(noteId: "n1", text: "x"))
            let ruleError = try #require(throws: LedgerError.self) { try ledger.append(batch) }
            #expect(ruleError.eventIndex == 900 && ruleError.kind == .ruleViolation)
            #expect(try ledger.head().position == 20)
        }
    }
}
