import LedgerTestSupport
import Testing

@testable import EventLedger

/// An imported undo commit's `undoes` names the commit it undoes as the importing ledger
/// numbers it: commits of the same file renumbered, commits already present found by their
/// events, and a commit neither holds refused rather than named wrongly.
@Suite struct ImportedUndoTests {
    /// A source of three commits: a note created, then edited, then the edit undone (`undoes: 2`).
    func fillSource(_ ledger: Ledger) throws {
        try ledger.append(NoteCreated(noteId: "n1", text: "first"))
        let edit = try ledger.append(NoteEdited(noteId: "n1", text: "second"))
        try #require(try ledger.undo(commit: edit.commit) != nil)
    }

    /// The `undoes` metadata of every event of `ledger` that has one, by commit.
    func undoes(_ ledger: Ledger) throws -> [UInt64: String] {
        var found: [UInt64: String] = [:]
        for event in try allEvents(ledger) { found[event.commit] = event.metadata["undoes"] ?? found[event.commit] }
        return found
    }

    /// The texts of the notes query.
    func notes(_ ledger: Ledger) throws -> JSONValue { try ledger.query("notes").json }

    /// The texts `values`, as the notes query shows them.
    func texts(_ values: String...) -> JSONValue { .array(values.map { .string($0) }) }

    /// The export of `ledger`, serialized.
    func export(_ ledger: Ledger) throws -> [String] {
        try allEvents(ledger).map { $0.envelope.serializedString() }
    }

    @Test func anUndoImportedAfterOtherCommitsNamesTheUndoneCommitsNewNumberAndStillRedoes() throws {
        try withSourceAndTarget(filling: fillSource) { source, target in
            try target.append(NoteCreated(noteId: "x", text: "own"))
            try target.append(NoteCreated(noteId: "y", text: "own too"))
            try target.importEvents(from: EventCollection(exportedEvents(source)))
            // Source commits 1, 2, 3 are commits 3, 4, 5 here: the undo names 4.
            #expect(try undoes(target) == [5: "4"])
            #expect(try target.verify().isIntact)
            let redo = try #require(try target.undo(commit: 5))
            #expect(try undoes(target)[redo.commit] == "5")
            #expect(try notes(target) == texts("second", "own", "own too"))
            #expect(try target.verify().isIntact)
        }
    }

    @Test func anUndoImportedIntoAnEmptyLedgerKeepsItsNumberAndTheExportIsReproducedExactly() throws {
        try withSourceAndTarget(filling: fillSource) { source, target in
            try target.importEvents(from: EventCollection(exportedEvents(source)))
            #expect(try undoes(target) == [3: "2"])
            #expect(try export(target) == export(source))
        }
    }

    @Test func anUndoneCommitAlreadyPresentIsNamedByTheCommitHoldingItsEvents() throws {
        try withNotesLedger { source, _ in
            try source.append(NoteCreated(noteId: "n1", text: "first"))
            try source.append(NoteEdited(noteId: "n1", text: "second"))
            let earlier = try exportedEvents(source)
            try withNotesLedger { target, _ in
                try target.append(NoteCreated(noteId: "x", text: "own"))
                try target.importEvents(from: EventCollection(earlier))
                try target.append(NoteCreated(noteId: "y", text: "own too"))
                try #require(try source.undo(commit: 2) != nil)
                // Commits 1 and 2 are skipped as present (as commits 2 and 3 here); the undo
                // becomes commit 5 and names 3.
                let report = try target.importEvents(from: EventCollection(exportedEvents(source)))
                #expect(importCounts(report) == [1, 2, 1])
                #expect(try undoes(target) == [5: "3"])
                #expect(try target.verify().isIntact)
                try #require(try target.undo(commit: 5) != nil)
                #expect(try notes(target) == texts("second", "own", "own too"))
            }
        }
    }

    @Test func anUndoOfACommitNeitherTheFileNorTheLedgerHoldsIsRefusedNamingIt() throws {
        try withSourceAndTarget(filling: fillSource) { source, target in
            let undoOnly = try exportedEvents(source).filter { $0.sourceCommit == 3 }
            try target.append(NoteCreated(noteId: "n1", text: "first"))
            try target.append(NoteCreated(noteId: "x", text: "own"))
            let error = try #require(throws: LedgerError.self) { try target.importEvents(from: EventCollection(undoOnly)) }
            #expect(error.kind == .invalidInput && error.subject == "metadata" && error.eventIndex == 0)
            #expect(error.message.contains("undoes=2"))
            #expect(try allEvents(target).count == 2)
        }
    }

    @Test func anUndoOfACommitWhoseEventsArePartlyInAnotherCommitHereIsRefused() throws {
        try withNotesLedger { source, _ in
            try source.append([
                PendingEvent(NoteCreated(noteId: "n1", text: "first")),
                PendingEvent(NoteCreated(noteId: "n2", text: "second")),
            ])
            try #require(try source.undo(commit: 1) != nil)
            let all = try exportedEvents(source)
            try withNotesLedger { target, _ in
                try target.importEvents(from: EventCollection([all[1]]))
                // Commit 1's first event becomes commit 2 here, its second is commit 1 already.
                let error = try #require(throws: LedgerError.self) { try target.importEvents(from: EventCollection(all)) }
                #expect(error.kind == .invalidInput && error.subject == "metadata" && error.eventIndex == 2)
                #expect(try allEvents(target).count == 1)
            }
        }
    }

    @Test func aPartialExportContinuingThisLedgersCopyOfTheSourceKeepsTheNumber() throws {
        try withNotesLedger { source, _ in
            try source.append(NoteCreated(noteId: "n1", text: "first"))
            try source.append(NoteEdited(noteId: "n1", text: "second"))
            let earlier = try exportedEvents(source)
            try #require(try source.undo(commit: 2) != nil)
            let later = try exportedEvents(source).filter { $0.sourceCommit == 3 }
            try withNotesLedger { target, _ in
                try target.importEvents(from: EventCollection(earlier))
                try target.append(NoteCreated(noteId: "x", text: "own"))
                // This ledger's log up to the file's first event is the source's (its hash
                // chains from it), so commit 2 is the source's commit 2.
                try target.importEvents(from: EventCollection(later))
                #expect(try undoes(target) == [4: "2"])
                #expect(try target.verify().isIntact)
            }
        }
    }

    @Test func anUndoAlreadyPresentIsSkippedEvenWhenTheCommitItNamesIsNotKnown() throws {
        try withSourceAndTarget(filling: fillSource) { source, target in
            let all = try exportedEvents(source)
            try target.append(NoteCreated(noteId: "x", text: "own"))
            try target.importEvents(from: EventCollection(all))
            let report = try target.importEvents(from: EventCollection(all.filter { $0.sourceCommit == 3 }))
            #expect(importCounts(report) == [0, 1, 0])
            #expect(try undoes(target) == [4: "3"])
        }
    }
}
