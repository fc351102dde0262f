import LedgerTestSupport
import Testing

@testable import EventLedger

/// What a form session keeps of its staged events between stagings (the rows they changed, on
/// top of the log at one head), with the notes domain: it follows other commits, undo, events
/// staged again under their ids, and a session of many events.
@Suite struct SessionOverlayTests {
    private func texts(_ values: String...) -> JSONValue { .array(values.map { .string($0) }) }

    @Test func afterAnotherCommitTheEarlierStagedEventsAreCheckedAgainOnTopOfIt() throws {
        try withTemporaryLedger(NotesDomain()) { ledger in
            try ledger.append(NoteCreated(noteId: "a", text: "one", folderId: "f"))
            let session = try ledger.beginSession()
            try session.stage(NoteEdited(noteId: "a", text: "mine"))
            try session.stage(NoteCreated(noteId: "b", text: "two"))
            try ledger.append(NoteCreated(noteId: "c", text: "theirs"))
            try session.stage(NoteEdited(noteId: "b", text: "two, edited"))
            #expect(try session.query("notes").json == texts("mine", "two, edited", "theirs"))

            // Archives note a, which the first staged event edits: it is refused now.
            try ledger.append(FolderDeleted(folderId: "f"))
            let staging = try #require(throws: LedgerError.self) { try session.stage(NoteCreated(noteId: "d", text: "four")) }
            #expect(staging.kind == .ruleViolation && staging.subject == "note-a" && staging.eventIndex == nil)
            let preview = try #require(throws: LedgerError.self) { try session.query("notes") }
            #expect(preview.subject == "note-a" && preview.eventIndex == 0, "the preview names the staged event refused")
            #expect(try session.info().events.count == 3, "the refused event is not staged")
        }
    }

    @Test func undoPutsBackWhatTheLastStagedEventChanged() throws {
        try withTemporaryLedger(NotesDomain()) { ledger in
            try ledger.append(NoteCreated(noteId: "a", text: "one"))
            let session = try ledger.beginSession()
            try session.stage(NoteEdited(noteId: "a", text: "first"))
            try session.stage(NoteEdited(noteId: "a", text: "second"))
            try session.stage(NoteCreated(noteId: "b", text: "two"))
            try session.undo()
            #expect(try session.query("notes").json == texts("second"))
            try session.undo()
            #expect(try session.query("notes").json == texts("first"))
            // The stream's version went back with it: the note is not created twice.
            let again = try #require(throws: LedgerError.self) { try session.stage(NoteCreated(noteId: "a", text: "again")) }
            #expect(again.rule == "id must be new")
            try session.stage(NoteCreated(noteId: "b", text: "two again"))
            #expect(try session.query("notes").json == texts("first", "two again"))

            // Undone after another commit, the overlay is made again when next used.
            try ledger.append(NoteCreated(noteId: "c", text: "theirs"))
            try session.undo()
            #expect(try session.query("notes").json == texts("first", "theirs"))
            try session.stage(NoteCreated(noteId: "b", text: "two, third time"))
            #expect(try session.commit().positions == [3, 4])
            #expect(try ledger.query("notes").json == texts("first", "two, third time", "theirs"))
        }
    }

    @Test func anEventStagedAgainUnderItsIdIsARetryAndAnotherEventUnderItIsRefused() throws {
        try withTemporaryLedger(NotesDomain()) { ledger in
            let logged = EventID.generate()
            try ledger.append(NoteCreated(noteId: "a", text: "one"), id: logged)
            let session = try ledger.beginSession()
            let staged = EventID.generate()
            try session.stage(PendingEvent(NoteCreated(noteId: "b", text: "two"), id: staged))
            try session.stage(PendingEvent(NoteCreated(noteId: "b", text: "two"), id: staged))
            try session.stage(PendingEvent(NoteCreated(noteId: "a", text: "one"), id: logged))
            for (event, id, named) in [
                (NoteCreated(noteId: "b", text: "another"), staged, "NoteCreated in note-b"),
                (NoteCreated(noteId: "z", text: "another"), logged, "NoteCreated in note-a"),
            ] {
                let refused = try #require(throws: LedgerError.self) { try session.stage(PendingEvent(event, id: id)) }
                #expect(refused.kind == .invalidInput && refused.message.contains("already names another event (\(named))"))
            }
            #expect(try session.info().events.map(\.id) == [staged, staged, logged])
            #expect(try session.query("notes").json == texts("one", "two"))
            let commit = try session.commit()
            #expect(commit.positions == [2, 2, 1], "the retries report their events' positions")
            #expect(try ledger.query("notes").json == texts("one", "two"))
        }
    }

    @Test func aLongSessionKeepsOneEntryPerStagedEventAndChangedRow() throws {
        try withTemporaryLedger(NotesDomain()) { ledger in
            let session = try ledger.beginSession()
            for index in 0..<300 { try session.stage(NoteCreated(noteId: "n\(index % 10)-\(index / 10)", text: "\(index)")) }
            for index in 0..<300 { try session.stage(NoteEdited(noteId: "n0-0", text: "edit \(index)")) }
            #expect(try session.stagedEventCount() == 600)
            let notes = try #require(try session.query("notes").json.arrayValue)
            #expect(notes.count == 300 && notes.contains(.string("edit 299")))
            // One event entry per staged event, and one row however often a note was edited.
            let kinds = try ledger.core.environment.read { txn in
                var kinds: [UInt8: Int] = [:]
                try StoredSession(session.id, in: ledger.core.tables.sessions, txn).forEachEntry(Array(session.id.utf8) + [0]) { key, _ in
                    kinds[key[session.id.utf8.count + 1], default: 0] += 1
                }
                return kinds
            }
            #expect(kinds[SessionEntryKind.event.rawValue] == 600 && kinds[SessionEntryKind.pin.rawValue] == 300)
            #expect(kinds[SessionEntryKind.eventID.rawValue] == 600 && kinds[SessionEntryKind.undo.rawValue] == 600)
            #expect(try session.commit().positions.count == 600)
            #expect(try ledger.core.environment.read { txn in try txn.count(ledger.core.tables.sessions) } == 0, "a commit deletes every entry")
        }
    }
}
