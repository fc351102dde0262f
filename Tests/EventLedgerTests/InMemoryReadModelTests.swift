import EventLedger
import LedgerTestSupport
import Testing

/// A domain's rules and `apply` run without a file, as a ledger would run them.
@Suite struct InMemoryReadModelTests {
    /// An event of no domain of the notes ledger.
    struct Unrelated: DomainEvent {
        @ID var thingId: String
        var stream: String { "thing-\(thingId)" }
    }

    @Test func aCascadeReportsTheStreamsItLinkedAndTheRulesHold() throws {
        let model = InMemoryReadModel(NotesDomain())
        try model.append(NoteCreated(noteId: "a", text: "alpha", folderId: "f"))
        try model.append(NoteCreated(noteId: "b", text: "bravo", folderId: "f"))
        #expect(try model.append(FolderDeleted(folderId: "f")) == ["note-a", "note-b"])
        #expect(try model.reader.row(NotesDomain.notes, "a") == NoteRow(text: "alpha", isArchived: true))
        #expect(model.position == 3)

        let edit = try #require(throws: LedgerError.self) { try model.append(NoteEdited(noteId: "zz", text: "x")) }
        #expect(edit.rule == "note must exist")
        let again = try #require(throws: LedgerError.self) { try model.append(NoteCreated(noteId: "a", text: "again")) }
        #expect(again.rule == "id must be new" && again.subject == "note-a")
        #expect(try model.reader.row(NotesDomain.notes, "a")?.text == "alpha")
        #expect(model.position == 3)
    }

    @Test func anEventOfAnotherDomainIsRefused() throws {
        let error = try #require(throws: LedgerError.self) {
            try InMemoryReadModel(NotesDomain()).append(Unrelated(thingId: "t"))
        }
        #expect(error.kind == .invalidInput && error.subject == "Unrelated")
    }

    @Test func eventTypesBringPayloadsToTheirCanonicalForm() throws {
        let created = try #require(NotesDomain().eventTypes.first { $0.typeName == "NoteCreated" })
        #expect(created.createdEntityField == "noteId" && created.schemaVersion == 1)
        let canonical = try created.canonical(["noteId": .string("n"), "text": .string("  hello "), "folderId": .null])
        #expect(canonical.stream == "note-n")
        #expect(canonical.payload == ["noteId": .string("n"), "text": .string("hello")])
        #expect(throws: LedgerError.self) { try created.canonical(["noteId": .string("n"), "text": .string("t"), "x": .int(1)]) }
    }

    @Test func aRecordedEventIsReadAsItsDomainsEnumOnly() throws {
        try withTemporaryLedger(NotesDomain()) { ledger in
            try ledger.append(NoteCreated(noteId: "a", text: "alpha"))
            let recorded = try #require(try allEvents(ledger).first)
            guard case .created(let created) = try ledger.currentEvent(recorded, as: NoteEvent.self) else {
                Issue.record("NoteCreated read as another case")
                return
            }
            #expect(created.noteId == "a")
            let error = try #require(throws: LedgerError.self) { try ledger.currentEvent(recorded, as: Int.self) }
            #expect(error.kind == .invalidInput)
        }
    }
}
