import LedgerTestSupport
import Testing

@testable import EventLedger

/// Event schema versions in the engine: new events are stored at their type's current
/// version, older ones stay as written and are upcast wherever they are read.
@Suite struct SchemaEvolutionTests {
    /// A ledger holding note `a` filed in folder `f` by a version 2 event, and note `b` filed
    /// in folder `g` by a version 1 event imported from another ledger.
    func withMixedVersions(_ body: (Ledger, TemporaryDirectory) throws -> Void) throws {
        try withNotesLedger { ledger, directory in
            try ledger.append([
                PendingEvent(NoteCreated(noteId: "a", text: "one")),
                PendingEvent(NoteCreated(noteId: "b", text: "two")),
            ])
            try ledger.append(NoteFiled(noteId: "a", folderId: "f"))
            try ledger.importEvents(from: EventCollection([try ImportedEvent(envelope: version1Envelope(noteId: "b", folder: "g"))]), rehash: true)
            try body(ledger, directory)
        }
    }

    /// The envelope of a version 1 `NoteFiled` event from another ledger.
    func version1Envelope(noteId: String, folder: String, schemaVersion: Int64 = 1) -> JSONValue {
        .object([
            "position": .int(7), "commit": .int(5), "recordedAt": .string(Timestamp(microseconds: 1).description),
            "id": .string(EventID.generate().description), "stream": .string("note-\(noteId)"), "version": .int(2),
            "type": .string("NoteFiled"), "schemaVersion": .int(schemaVersion),
            "data": .object(["noteId": .string(noteId), "folder": .string(folder)]), "metadata": .object([:]),
            "hash": .string(String(repeating: "0", count: 64)),
        ])
    }

    @Test func eventsAreStoredAtTheirTypesCurrentVersionAndOlderOnesAsWritten() throws {
        try withMixedVersions { ledger, _ in
            let filed = try allEvents(ledger).filter { $0.type == "NoteFiled" }
            #expect(filed.map(\.schemaVersion) == [2, 1])
            #expect(filed[1].data == .object(["noteId": .string("b"), "folder": .string("g")]))
            let current = try filed.map { recorded in
                guard case .filed(let filed) = try ledger.currentEvent(recorded, as: NoteEvent.self) else {
                    throw LedgerError(.invalidInput, "not a NoteFiled")
                }
                return filed
            }
            #expect(current.map(\.folderId) == ["f", "g"])
            #expect(try allEvents(ledger).filter { $0.type == "NoteCreated" }.map(\.schemaVersion) == [1, 1])
        }
    }

    @Test func anOlderVersionIsUpcastForTheReadModelsAndARebuildAgrees() throws {
        try withMixedVersions { ledger, _ in
            let folders = try ledger.read { state in try state.rows(NotesDomain.folderNotes).map(\.key.components) }
            #expect(folders == [["f", "a"], ["g", "b"]])
            #expect(try ledger.verify().isIntact)
            try ledger.rebuild()
            #expect(try ledger.read { state in try state.rows(NotesDomain.folderNotes).map(\.key.components) } == folders)
        }
    }

    @Test func anExportWithMixedVersionsImportsWithItsHashesAndExportsTheSame() throws {
        try withMixedVersions { source, _ in
            let envelopes = try allEvents(source).map(\.envelope)
            try withNotesLedger { target, _ in
                try target.importEvents(from: EventCollection(envelopes.map { try ImportedEvent(envelope: $0) }))
                #expect(try allEvents(target).map { $0.envelope.serializedString() } == envelopes.map { $0.serializedString() })
            }
        }
    }

    @Test func aVersionNewerThanTheTypeKnowsIsRefusedNamingTheField() throws {
        try withNotesLedger { ledger, _ in
            try ledger.append(NoteCreated(noteId: "b", text: "two"))
            let envelope = version1Envelope(noteId: "b", folder: "g", schemaVersion: 3)
            let error = #expect(throws: LedgerError.self) {
                try ledger.importEvents(from: EventCollection([try ImportedEvent(envelope: envelope)]), rehash: true)
            }
            #expect(error?.kind == .invalidInput)
            #expect(error?.subject == "schemaVersion")
            #expect(try allEvents(ledger).count == 1)
        }
    }
}
