import LedgerTestSupport
import Testing

@testable import EventLedger

/// `Ledger.build(at:domains:options:appending:mode:)`: a ledger that does not exist yet is
/// built from the batch under a temporary name and appears whole or not at all; an existing
/// one takes the batch as `append(from:mode:)` does.
@Suite struct AppendAtPathTests {
    /// 2,000 notes (large enough to be folded in memory), one of them edited, and their folder
    /// deleted, which deletes them all.
    let batch =
        (0..<2_000).map { PendingEvent(NoteCreated(noteId: "n\($0)", text: "note \($0)", folderId: "f")) }
        + [PendingEvent(NoteEdited(noteId: "n7", text: "edited")), PendingEvent(FolderDeleted(folderId: "f"))]
        + [PendingEvent(NoteCreated(noteId: "last", text: "kept"))]

    func append(_ events: [PendingEvent], to path: String) throws(LedgerError) -> AppendResult {
        try Ledger.build(at: path, domains: [NotesDomain()], appending: EventCollection(events))
    }

    @Test func aMissingLedgerIsBuiltFromTheBatchAsAnOpenLedgerWouldTakeIt() throws {
        try withNotesLedger { openLedger, directory in
            try openLedger.append(batch)
            let path = directory.file("new.lmdb")
            let result = try append(batch, to: path)
            #expect(Array(result.positions) == Array(1...2_003))
            // The file was written in place over a map larger than it needs.
            try expectBuiltLedger(in: directory, holding: openLedger) { "\($0.type) \($0.stream) \($0.data.serializedString())" }
        }
    }

    @Test func aRefusedBatchLeavesNoFile() throws {
        try withNotesLedger { _, directory in
            var refused = batch
            refused[1_200] = PendingEvent(NoteCreated(noteId: "n3", text: "again", folderId: "f"))
            let error = #expect(throws: LedgerError.self) { try append(refused, to: directory.file("new.lmdb")) }
            #expect(error?.kind == .ruleViolation)
            #expect(error?.eventIndex == 1_200)
            #expect(error?.message.contains(".creating-") == false, "\(error?.message ?? "")")
            #expect(directory.entries() == ["notes.lmdb", "notes.lmdb-lock"])
            // Nothing to append creates nothing either.
            #expect(throws: LedgerError.self) { try append([], to: directory.file("new.lmdb")) }
            #expect(directory.entries() == ["notes.lmdb", "notes.lmdb-lock"])
        }
    }

    @Test func anExistingLedgerTakesTheBatchAfterItsOwnEvents() throws {
        try withNotesLedger { ledger, directory in
            try ledger.append(NoteCreated(noteId: "local", text: "mine"))
            let result = try append(batch, to: directory.file("notes.lmdb"))
            #expect(Array(result.positions) == Array(2...2_004))
            #expect(try queryJSON(ledger, "notes").contains("mine"))
            #expect(try ledger.verify().isIntact)
        }
    }
}
