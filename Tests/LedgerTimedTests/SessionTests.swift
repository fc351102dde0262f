import LedgerTestSupport
import Testing

@testable import EventLedger

/// Form sessions in the engine: stage, preview, commit as one commit, discard,
/// pinned stream versions, rejected staging, and persistence across reopening.
@Suite struct SessionTests {
    /// The texts of the live notes, as the `notes` query of the live ledger answers.
    func liveNotes(_ ledger: Ledger) throws -> JSONValue {
        try ledger.query("notes").json
    }

    /// The texts of the live notes as the session's preview answers.
    func previewNotes(_ session: Session) throws -> JSONValue {
        try session.query("notes").json
    }

    /// Every event of the log, in order.
    func allEvents(_ ledger: Ledger) throws -> [RecordedEvent] {
        var events: [RecordedEvent] = []
        try ledger.forEachEvent {
            events.append($0); return true
        }
        return events
    }

    /// What a failed commit or discard must leave as it was: the whole log and the live read model.
    func state(_ ledger: Ledger) throws -> String {
        let events = try allEvents(ledger).map { "\($0.position) \($0.commit) \($0.stream) \($0.version) \($0.type) \($0.id)" }
        return (events + [try liveNotes(ledger).serializedString()]).joined(separator: "\n")
    }

    /// The staged events and pins of a session, comparable.
    func summary(_ info: SessionInfo) -> String {
        let events = info.events.map { "\($0.type) \($0.id?.description ?? "-") \(JSONValue.object($0.payload).serializedString())" }
        let pins = info.streams.sorted { $0.key < $1.key }.map { "\($0.key)@\($0.value)" }
        return (events + pins).joined(separator: "\n")
    }

    func texts(_ values: String...) -> JSONValue { .array(values.map { .string($0) }) }

    /// Session names that break the rules of names: empty once trimmed, over 200 characters,
    /// with a control character (an escape sequence, a line break).
    static let invalidSessionNames = [
        "", "   ", String(repeating: "n", count: 201), String(repeating: "n", count: 120_000),
        "\u{1B}[2J\u{1B}[31mred", "two\nlines", "c1 \u{9B}31m",
    ]

    @Test(arguments: invalidSessionNames)
    func aSessionNameObeysTheRulesOfNames(_ name: String) throws {
        try withNotesLedger { ledger, _ in
            let error = #expect(throws: LedgerError.self) { try ledger.beginSession(name: name) }
            #expect(error?.kind == .invalidInput)
            #expect(error?.subject == "name", "the error names the field: \(String(describing: error))")
            let sessions = try ledger.sessions()
            #expect(sessions.isEmpty, "no session was begun")
        }
    }

    @Test func aSessionNameIsTrimmedAndMayHold200Characters() throws {
        try withNotesLedger { ledger, _ in
            let longest = String(repeating: "é", count: 200)
            let names = try ["  \(longest)\t", " edit a ", nil].map { try ledger.beginSession(name: $0).info().name }
            #expect(names == [longest, "edit a", nil])
        }
    }

    @Test func stagePreviewAndCommitAsOneCommit() throws {
        try withNotesLedger { ledger, _ in
            try ledger.append(NoteCreated(noteId: "a", text: "one"))
            let session = try ledger.beginSession(name: "edit a")
            try session.stage(NoteEdited(noteId: "a", text: "one, edited"))
            try session.stage(NoteCreated(noteId: "b", text: "two"))

            let info = try session.info()
            #expect(info.id == session.id)
            #expect(info.name == "edit a")
            #expect(info.events.map(\.type) == ["NoteEdited", "NoteCreated"])
            #expect(info.events.allSatisfy { $0.id != nil }, "staged events carry the ids they will be appended with")
            #expect(info.streams == ["note-a": 1, "note-b": 0])

            #expect(try previewNotes(session) == texts("one, edited", "two"))
            #expect(try liveNotes(ledger) == texts("one"), "the live read model does not see the session")
            #expect(try ledger.head() == (1, 1))

            let result = try session.commit()
            #expect(result.commit == 2)
            #expect(result.positions == [2, 3])
            #expect(try ledger.head() == (3, 2))
            #expect(try liveNotes(ledger) == texts("one, edited", "two"), "the read model shows the commit at once")

            let events = try allEvents(ledger)
            #expect(events.map(\.commit) == [1, 2, 2])
            #expect(events.map(\.position) == [1, 2, 3])
            #expect(events.suffix(2).map(\.id) == info.events.compactMap(\.id), "appended with the staged ids")
            #expect(events.suffix(2).map(\.type) == ["NoteEdited", "NoteCreated"])
            #expect(events.suffix(2).map(\.version) == [2, 1])

            #expect(try ledger.sessions().isEmpty, "commit deletes the session")
            let gone = #expect(throws: LedgerError.self) { try ledger.session(session.id) }
            #expect(gone?.kind == .notFound)
            let again = #expect(throws: LedgerError.self) { try session.commit() }
            #expect(again?.kind == .notFound)
            #expect(try ledger.head() == (3, 2), "committing a deleted session appends nothing")
        }
    }

    /// Writing from inside a preview (the preview's write is still open on this thread)
    /// throws a clear error instead of waiting for ever; the ledger stays usable.
    @Test(.timeLimit(.minutes(1))) func writingFromInsideAPreviewThrows() throws {
        try withNotesLedger { ledger, _ in
            let session = try ledger.beginSession()
            try session.stage(NoteCreated(noteId: "a", text: "one"))
            for write in [
                { _ = try ledger.append(NoteCreated(noteId: "b", text: "two")) },
                { _ = try ledger.beginSession() },
                { _ = try session.commit() },
            ] as [() throws -> Void] {
                #expect {
                    try session.preview { _ in try write() }
                } throws: { error in
                    (error as? LedgerError)?.kind == .invalidInput
                        && (error as? LedgerError)?.message.contains("inside one of its own writes") == true
                }
            }
            #expect(try session.commit().positions == [1])
            #expect(try ledger.append(NoteCreated(noteId: "b", text: "two")).positions == [2])
        }
    }

    @Test func stagingSeesTheLedgerPlusEarlierStagedEvents() throws {
        try withNotesLedger { ledger, _ in
            try ledger.append(NoteCreated(noteId: "a", text: "one"))
            let session = try ledger.beginSession()
            try session.stage(NoteCreated(noteId: "c", text: "new"))
            try session.stage(NoteEdited(noteId: "c", text: "new, edited"))
            #expect(try session.info().events.count == 2, "an edit of a note created earlier in the session is accepted")

            let duplicate = #expect(throws: LedgerError.self) { try session.stage(NoteCreated(noteId: "c", text: "again")) }
            #expect(duplicate?.kind == .ruleViolation)
            #expect(duplicate?.rule == "id must be new")
            #expect(duplicate?.subject == "note-c")

            let existing = #expect(throws: LedgerError.self) { try session.stage(NoteCreated(noteId: "a", text: "again")) }
            #expect(existing?.kind == .ruleViolation)
            #expect(existing?.subject == "note-a")
            #expect(try session.info().events.count == 2)
            #expect(try previewNotes(session) == texts("one", "new, edited"))
        }
    }

    @Test func assignedIdsAreReportedAtStagingAndKeptForTheCommit() throws {
        try withNotesLedger { ledger, _ in
            let session = try ledger.beginSession()
            let assigned = try session.stage(PendingEvent(type: "NoteCreated", payload: ["text": .string("untitled")]))
            let noteId = try #require(assigned["noteId"])
            #expect(EventID(noteId) != nil)
            try session.stage(NoteEdited(noteId: noteId, text: "titled"))
            #expect(try session.info().streams == ["note-\(noteId)": 0])
            try session.commit()
            #expect(try allEvents(ledger).map(\.stream) == ["note-\(noteId)", "note-\(noteId)"])
            #expect(try liveNotes(ledger) == texts("titled"))
        }
    }

    @Test func aRejectedEventIsNotStagedAndTheSessionStaysUsable() throws {
        try withNotesLedger { ledger, _ in
            try ledger.append(NoteCreated(noteId: "a", text: "one"))
            let session = try ledger.beginSession()
            try session.stage(NoteEdited(noteId: "a", text: "first"))
            let before = summary(try session.info())

            let rule = #expect(throws: LedgerError.self) { try session.stage(NoteEdited(noteId: "missing", text: "x")) }
            #expect(rule?.kind == .ruleViolation)
            #expect(rule?.subject == "note-missing")
            #expect(summary(try session.info()) == before)

            let unknownType = #expect(throws: LedgerError.self) { try session.stage(PendingEvent(type: "NoteShredded", payload: [:])) }
            #expect(unknownType?.kind == .invalidInput)
            let badField = #expect(throws: LedgerError.self) {
                try session.stage(
                    PendingEvent(type: "NoteEdited", payload: ["noteId": .string("a"), "text": .string("t"), "colour": .string("red")]))
            }
            #expect(badField?.kind == .invalidInput)
            #expect(badField?.message.contains("colour") == true)
            let missingField = #expect(throws: LedgerError.self) {
                try session.stage(PendingEvent(type: "NoteEdited", payload: ["noteId": .string("a")]))
            }
            #expect(missingField?.kind == .invalidInput)

            let after = try session.info()
            #expect(summary(after) == before, "rejected events leave the staged events and pins as they were")
            #expect(after.streams["note-missing"] == nil, "a rejected event pins nothing")
            #expect(try previewNotes(session) == texts("first"))

            try session.stage(NoteEdited(noteId: "a", text: "second"))
            #expect(try session.info().events.count == 2)
            let result = try session.commit()
            #expect(result.positions == [2, 3])
            #expect(try liveNotes(ledger) == texts("second"))
        }
    }

    @Test func discardDeletesTheSessionAndLeavesTheLedgerAlone() throws {
        try withNotesLedger { ledger, _ in
            try ledger.append(NoteCreated(noteId: "a", text: "one", folderId: "f"))
            let before = try state(ledger)
            let statsBefore = try ledger.stats()
            let session = try ledger.beginSession()
            try session.stage(NoteEdited(noteId: "a", text: "changed"))
            try session.stage(FolderDeleted(folderId: "f"))
            try session.discard()

            #expect(try state(ledger) == before)
            let statsAfter = try ledger.stats()
            #expect(statsAfter.events == statsBefore.events && statsAfter.commits == statsBefore.commits)
            #expect(statsAfter.checkpoints == statsBefore.checkpoints)
            #expect(try ledger.sessions().isEmpty)
            let attempts: [() throws -> Void] = [
                { _ = try session.info() }, { try session.stage(NoteEdited(noteId: "a", text: "x")) },
                { _ = try session.commit() }, { try session.discard() }, { _ = try session.query("notes") },
            ]
            for attempt in attempts {
                let error = #expect(throws: LedgerError.self) { try attempt() }
                #expect(error?.kind == .notFound)
            }
            #expect(try state(ledger) == before)
        }
    }

    @Test func anUnknownSessionIsNotFound() throws {
        try withNotesLedger { ledger, _ in
            for id in ["nope", "", EventID.generate().description] {
                let error = #expect(throws: LedgerError.self) { try ledger.session(id) }
                #expect(error?.kind == .notFound)
            }
        }
    }

    @Test func aMovedTouchedStreamIsAConflictThatAppendsNothingAndKeepsTheSession() throws {
        try withNotesLedger { ledger, _ in
            try ledger.append([PendingEvent(NoteCreated(noteId: "a", text: "one")), PendingEvent(NoteCreated(noteId: "b", text: "two"))])
            let session = try ledger.beginSession()
            try session.stage(NoteEdited(noteId: "a", text: "mine"))
            try session.stage(NoteEdited(noteId: "b", text: "mine too"))
            try ledger.append(NoteEdited(noteId: "b", text: "theirs"))
            let before = try state(ledger)
            let staged = summary(try session.info())

            let error = #expect(throws: LedgerError.self) { try session.commit() }
            #expect(error?.kind == .conflict)
            #expect(error?.subject == "note-b")
            #expect(try state(ledger) == before, "a conflicting commit appends nothing")
            #expect(summary(try ledger.session(session.id).info()) == staged, "the session is kept as it was")
            #expect(try ledger.sessions().map(\.id) == [session.id])

            let retry = #expect(throws: LedgerError.self) { try session.commit() }
            #expect(retry?.kind == .conflict, "the pin does not follow the stream")
        }
    }

    @Test func theVersionIsPinnedWhenTheStreamIsFirstTouched() throws {
        try withNotesLedger { ledger, _ in
            try ledger.append(NoteCreated(noteId: "a", text: "one"))
            let session = try ledger.beginSession()
            try session.stage(NoteEdited(noteId: "a", text: "first"))
            try ledger.append(NoteEdited(noteId: "a", text: "theirs"))
            try session.stage(NoteEdited(noteId: "a", text: "second"))
            #expect(try session.info().streams == ["note-a": 1], "touching the stream again keeps the first pin")
            let error = #expect(throws: LedgerError.self) { try session.commit() }
            #expect(error?.kind == .conflict)
            #expect(try ledger.head() == (2, 2))
        }
    }

    @Test func movesBeforeTheFirstTouchAreNoConflict() throws {
        try withNotesLedger { ledger, _ in
            try ledger.append(NoteCreated(noteId: "a", text: "one"))
            let session = try ledger.beginSession()
            try session.stage(NoteCreated(noteId: "b", text: "two"))
            try ledger.append(NoteEdited(noteId: "a", text: "theirs"))
            try session.stage(NoteEdited(noteId: "a", text: "mine"))
            #expect(try session.info().streams == ["note-a": 2, "note-b": 0])
            let result = try session.commit()
            #expect(result.commit == 3 && result.positions == [3, 4])
            #expect(try liveNotes(ledger) == texts("mine", "two"))
        }
    }

    @Test func untouchedStreamsMayMoveFreely() throws {
        try withNotesLedger { ledger, _ in
            try ledger.append([PendingEvent(NoteCreated(noteId: "a", text: "one")), PendingEvent(NoteCreated(noteId: "b", text: "two"))])
            let session = try ledger.beginSession()
            try session.stage(NoteEdited(noteId: "a", text: "mine"))
            try ledger.append(NoteEdited(noteId: "b", text: "theirs"))
            try ledger.append(NoteCreated(noteId: "c", text: "three"))
            let result = try session.commit()
            #expect(result.commit == 4 && result.positions == [5])
            #expect(try liveNotes(ledger) == texts("mine", "theirs", "three"))
        }
    }

    @Test func aStreamCreatedMeanwhileIsAConflict() throws {
        try withNotesLedger { ledger, _ in
            let session = try ledger.beginSession()
            try session.stage(NoteCreated(noteId: "n", text: "mine"))
            #expect(try session.info().streams == ["note-n": 0])
            try ledger.append(NoteCreated(noteId: "n", text: "theirs"))
            let error = #expect(throws: LedgerError.self) { try session.commit() }
            #expect(error?.kind == .conflict)
            #expect(try ledger.head() == (1, 1))
            #expect(try liveNotes(ledger) == texts("theirs"))
            #expect(try ledger.sessions().count == 1)
        }
    }

    @Test func aRuleBrokenMeanwhileFailsTheCommitAndKeepsTheSession() throws {
        try withNotesLedger { ledger, _ in
            try ledger.append(NoteCreated(noteId: "a", text: "one", folderId: "f"))
            let session = try ledger.beginSession()
            try session.stage(NoteEdited(noteId: "a", text: "mine"))
            // Archives note a through the cascade; note-a itself gets no new version.
            try ledger.append(FolderDeleted(folderId: "f"))
            let before = try state(ledger)
            let error = #expect(throws: LedgerError.self) { try session.commit() }
            #expect(error?.kind == .ruleViolation)
            #expect(error?.subject == "note-a")
            #expect(try state(ledger) == before)
            #expect(try ledger.session(session.id).info().events.count == 1)
        }
    }

    @Test func thePreviewIncludesCascades() throws {
        try withNotesLedger { ledger, _ in
            try ledger.append([
                PendingEvent(NoteCreated(noteId: "a", text: "in f", folderId: "f")),
                PendingEvent(NoteCreated(noteId: "b", text: "in g", folderId: "g")),
                PendingEvent(NoteCreated(noteId: "c", text: "also in f", folderId: "f")),
            ])
            let session = try ledger.beginSession()
            try session.stage(FolderDeleted(folderId: "f"))
            #expect(try previewNotes(session) == texts("in g"))
            let rows = try session.preview { state in try state.rows(NotesDomain.folderNotes).map { $0.key.components } }
            #expect(rows == [["g", "b"]])
            #expect(try liveNotes(ledger) == texts("in f", "in g", "also in f"))
            let edit = #expect(throws: LedgerError.self) { try session.stage(NoteEdited(noteId: "a", text: "x")) }
            #expect(edit?.kind == .ruleViolation, "staging sees the cascade of an earlier staged event")
        }
    }

    @Test func sessionsAreIndependentAndInvisibleOutsideTheirPreview() throws {
        try withNotesLedger { ledger, _ in
            try ledger.append(NoteCreated(noteId: "a", text: "one"))
            let before = try state(ledger)
            let statsBefore = try ledger.stats()
            let first = try ledger.beginSession(name: "first")
            let second = try ledger.beginSession(name: "second")
            try first.stage(NoteCreated(noteId: "x", text: "first's"))
            try second.stage(NoteEdited(noteId: "a", text: "second's"))

            #expect(try previewNotes(first) == texts("one", "first's"))
            #expect(try previewNotes(second) == texts("second's"))
            #expect(try state(ledger) == before)
            let stats = try ledger.stats()
            #expect(stats.events == statsBefore.events && stats.commits == statsBefore.commits)
            #expect(stats.eventsByType == statsBefore.eventsByType)
            #expect(stats.streamsByKind == statsBefore.streamsByKind)
            #expect(stats.checkpoints == statsBefore.checkpoints)
            #expect(throws: LedgerError.self) { try ledger.history(of: "note-x") }
            #expect(try ledger.history(of: "note-a").count == 1)

            let listed = try ledger.sessions()
            #expect(listed.map(\.id) == [first.id, second.id], "oldest first")
            #expect(listed.map(\.name) == ["first", "second"])
            #expect(listed.map(\.events.count) == [1, 1])

            try first.commit()
            #expect(try ledger.sessions().map(\.id) == [second.id])
            #expect(try previewNotes(second) == texts("second's", "first's"), "a preview is over the current ledger")
        }
    }

    @Test func sessionsSurviveClosingAndReopeningTheLedger() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("notes.lmdb")
        func open() throws -> Ledger { try Ledger(path: path, domains: [NotesDomain()]) }

        let (id, staged): (String, String) = try {
            let ledger = try open()
            try ledger.append(NoteCreated(noteId: "a", text: "one"))
            let session = try ledger.beginSession(name: "kept")
            try session.stage(NoteEdited(noteId: "a", text: "edited"))
            try session.stage(NoteCreated(noteId: "b", text: "two"))
            let discarded = try ledger.beginSession(name: "dropped")
            try discarded.stage(NoteCreated(noteId: "z", text: "never"))
            return (session.id, summary(try session.info()))
        }()

        let reopened = try open()
        let sessions = try reopened.sessions()
        #expect(sessions.map(\.name) == ["kept", "dropped"])
        let session = try reopened.session(id)
        #expect(summary(try session.info()) == staged, "staged events, their ids and the pins survive")
        #expect(try reopened.head() == (1, 1), "nothing of the sessions reached the log")
        #expect(try previewNotes(session) == texts("edited", "two"))
        #expect(try liveNotes(reopened) == texts("one"))
        let stagedIDs = try session.info().events.compactMap(\.id)
        try session.commit()
        #expect(try allEvents(reopened).suffix(2).map(\.id) == stagedIDs)
        try reopened.session(try #require(sessions.last?.id)).discard()
        #expect(try reopened.sessions().isEmpty)
        #expect(try liveNotes(reopened) == texts("edited", "two"))
    }
}
