import LedgerTestSupport
import Testing

@testable import EventLedger

/// Undo in the engine, with the notes domain (notes undoable, folders not): the events it
/// appends, what it refuses, its preview, and a session's undo of its last staged event.
@Suite struct UndoTests {
    private func notes(_ ledger: Ledger) throws -> JSONValue { try ledger.query("notes").json }
    private func notes(_ ledger: Ledger, asOf position: UInt64) throws -> JSONValue {
        try ledger.query("notes", asOf: .position(position)).json
    }
    private func texts(_ values: String...) -> JSONValue { .array(values.map { .string($0) }) }

    @Test func anEditIsUndoneByOneCommitMarkedWithTheCommitItUndoesAndTheUndoRedoes() throws {
        try withTemporaryLedger(NotesDomain()) { ledger in
            try ledger.append(NoteCreated(noteId: "n1", text: "first"))
            let edit = try ledger.append(NoteEdited(noteId: "n1", text: "second"))
            let undo = try #require(try ledger.undo(commit: edit.commit))
            #expect(undo.commit == edit.commit + 1 && undo.positions == [3])
            #expect(try notes(ledger) == texts("first"))
            let undone = try #require(try allEvents(ledger).last)
            #expect(undone.type == "EntityRestored" && undone.metadata == ["undoes": String(edit.commit)])
            try ledger.undo(commit: undo.commit)
            #expect(try notes(ledger) == texts("second"))
            #expect(try ledger.verify().isIntact)
        }
    }

    @Test func aCreationIsUndoneAsIfTheEntityHadNeverBeen() throws {
        try withTemporaryLedger(NotesDomain()) { ledger in
            try ledger.append(NoteCreated(noteId: "n1", text: "kept"))
            let created = try ledger.append(NoteCreated(noteId: "n2", text: "mistake"))
            try ledger.undo(commit: created.commit)
            #expect(try notes(ledger) == notes(ledger, asOf: created.positions[0] - 1))
            let error = try #require(throws: LedgerError.self) { try ledger.append(NoteCreated(noteId: "n2", text: "again")) }
            #expect(error.rule == "id must be new" && error.subject == "note-n2")
        }
    }

    @Test func aLaterCommitOfTheSameEntityIsAConflictNamingItAndNothingIsAppended() throws {
        try withTemporaryLedger(NotesDomain()) { ledger in
            let created = try ledger.append(NoteCreated(noteId: "n1", text: "first", folderId: "f"))
            try ledger.append(NoteCreated(noteId: "other", text: "unrelated"))
            let edit = try ledger.append(NoteEdited(noteId: "n1", text: "second"))
            try ledger.append(NoteEdited(noteId: "n1", text: "third"))
            let count = try allEvents(ledger).count
            let error = try #require(throws: LedgerError.self) { try ledger.undo(commit: created.commit) }
            #expect(error.kind == .conflict && error.subject == "note-n1")
            #expect(error.message == "commit 1 cannot be undone: commit \(edit.commit) changed note-n1 since")
            #expect(try allEvents(ledger).count == count)
        }
    }

    @Test func aCascadeLaterIsAConflictTooNamingTheCommitOfTheLinkedEvent() throws {
        try withTemporaryLedger(NotesDomain()) { ledger in
            let created = try ledger.append(NoteCreated(noteId: "n1", text: "first", folderId: "f"))
            let deletion = try ledger.append(FolderDeleted(folderId: "f"))
            let error = try #require(throws: LedgerError.self) { try ledger.undo(commit: created.commit) }
            #expect(error.kind == .conflict)
            #expect(error.message.contains("commit \(deletion.commit) changed note-n1"))
        }
    }

    @Test func aCommitChangingAnEntityOfNoUndoableKindIsRefusedNamingItsStream() throws {
        try withTemporaryLedger(NotesDomain()) { ledger in
            try ledger.append(NoteCreated(noteId: "n1", text: "first", folderId: "f"))
            let deletion = try ledger.append(FolderDeleted(folderId: "f"))
            let error = try #require(throws: LedgerError.self) { try ledger.undo(commit: deletion.commit) }
            #expect(error.kind == .ruleViolation && error.subject == "folder-f")
        }
    }

    @Test func aCommitThatChangedNothingAppendsNothing() throws {
        try withTemporaryLedger(NotesDomain()) { ledger in
            try ledger.append(NoteCreated(noteId: "n1", text: "same"))
            let sameText = try ledger.append(NoteEdited(noteId: "n1", text: "same"))
            #expect(try ledger.undo(commit: sameText.commit) == nil)
            #expect(try ledger.planUndo(of: sameText.commit).events.isEmpty)
            #expect(try allEvents(ledger).count == 2)
        }
    }

    @Test(arguments: [0, 3, UInt64(Int64.max)])
    func aCommitThatDoesNotExistIsNotFound(_ commit: UInt64) throws {
        try withTemporaryLedger(NotesDomain()) { ledger in
            try ledger.append(NoteCreated(noteId: "n1", text: "one"))
            try ledger.append(NoteCreated(noteId: "n2", text: "two"))
            let error = try #require(throws: LedgerError.self) { try ledger.undo(commit: commit) }
            #expect(error.kind == .notFound && error.subject == String(commit))
        }
    }

    @Test func aPlanPreviewsTheUndoWithoutAppendingAndCommitsItLater() throws {
        try withTemporaryLedger(NotesDomain()) { ledger in
            try ledger.append(NoteCreated(noteId: "n1", text: "first"))
            let edit = try ledger.append(NoteEdited(noteId: "n1", text: "second"))
            let plan = try ledger.planUndo(of: edit.commit)
            #expect(plan.undoing == edit.commit)
            #expect(plan.events.map(\.type) == ["EntityRestored"] && plan.events[0].metadata == ["undoes": "2"])
            #expect(try plan.query("notes").json == texts("first"))
            #expect(try notes(ledger) == texts("second") && allEvents(ledger).count == 2)
            try plan.commit()
            #expect(try notes(ledger) == texts("first"))
        }
    }

    @Test func undoInsideAPreviewThrowsInsteadOfWaitingForItself() throws {
        try withTemporaryLedger(NotesDomain()) { ledger in
            let created = try ledger.append(NoteCreated(noteId: "n1", text: "first"))
            let session = try ledger.beginSession()
            try session.stage(NoteEdited(noteId: "n1", text: "staged"))
            let error = try #require(throws: LedgerError.self) {
                try session.preview { _ in try ledger.undo(commit: created.commit) }
            }
            #expect(error.kind == .invalidInput)
        }
    }

    @Test func aSessionsUndoDropsTheLastStagedEventAndForgetsAStreamNoLongerTouched() throws {
        try withTemporaryLedger(NotesDomain()) { ledger in
            try ledger.append(NoteCreated(noteId: "n1", text: "one"))
            try ledger.append(NoteCreated(noteId: "n2", text: "two"))
            let session = try ledger.beginSession()
            try session.stage(NoteEdited(noteId: "n1", text: "one, edited"))
            try session.stage(NoteEdited(noteId: "n2", text: "two, edited"))
            #expect(try session.undo()?.type == "NoteEdited")
            #expect(try session.info().events.count == 1 && session.info().streams.keys.sorted() == ["note-n1"])
            #expect(try session.query("notes").json == texts("one, edited", "two"))
            // n2 moves: no staged event touches it any more, so the commit goes through.
            try ledger.append(NoteEdited(noteId: "n2", text: "two, moved"))
            try session.commit()
            #expect(try notes(ledger) == texts("one, edited", "two, moved"))
        }
    }

    @Test func aSessionWithNothingStagedHasNothingToUndo() throws {
        try withTemporaryLedger(NotesDomain()) { ledger in
            let session = try ledger.beginSession()
            #expect(try session.undo() == nil)
            #expect(try session.info().events.isEmpty)
        }
    }
}
