import EventLedger

/// A minimal domain for engine tests: notes that can be created, edited and archived,
/// grouped in folders whose deletion archives their notes (a cascade).
struct NoteCreated: DomainEvent {
    static let typeName = "NoteCreated"
    static let createdEntityField: String? = "noteId"
    let noteId: String
    let text: String
    let folderId: String?

    init(noteId: String, text: String, folderId: String? = nil) {
        self.noteId = noteId
        self.text = text
        self.folderId = folderId
    }

    init(payload: [String: JSONValue]) throws {
        let reader = try PayloadReader(payload, allowedFields: ["noteId", "text", "folderId"])
        self.init(noteId: try reader.id("noteId"), text: try reader.name("text"), folderId: try reader.optionalID("folderId"))
    }

    var stream: String { "note-\(noteId)" }
    var payload: [String: JSONValue] {
        var fields: [String: JSONValue] = ["noteId": .string(noteId), "text": .string(text)]
        if let folderId { fields["folderId"] = .string(folderId) }
        return fields
    }
}

struct NoteEdited: DomainEvent {
    static let typeName = "NoteEdited"
    let noteId: String
    let text: String

    init(noteId: String, text: String) {
        self.noteId = noteId
        self.text = text
    }

    init(payload: [String: JSONValue]) throws {
        let reader = try PayloadReader(payload, allowedFields: ["noteId", "text"])
        self.init(noteId: try reader.id("noteId"), text: try reader.name("text"))
    }

    var stream: String { "note-\(noteId)" }
    var payload: [String: JSONValue] { ["noteId": .string(noteId), "text": .string(text)] }
}

struct FolderDeleted: DomainEvent {
    static let typeName = "FolderDeleted"
    let folderId: String

    init(folderId: String) {
        self.folderId = folderId
    }

    init(payload: [String: JSONValue]) throws {
        let reader = try PayloadReader(payload, allowedFields: ["folderId"])
        self.init(folderId: try reader.id("folderId"))
    }

    var stream: String { "folder-\(folderId)" }
    var payload: [String: JSONValue] { ["folderId": .string(folderId)] }
}

/// A note is filed in a folder. Schema version 2 names the folder `folderId`; version 1
/// called it `folder`.
struct NoteFiled: DomainEvent {
    static let typeName = "NoteFiled"
    static let upcasters: [@Sendable ([String: JSONValue]) -> [String: JSONValue]] = [{ version1 in
        var payload = version1
        payload["folderId"] = payload.removeValue(forKey: "folder")
        return payload
    }]
    let noteId: String
    let folderId: String

    init(noteId: String, folderId: String) {
        self.noteId = noteId
        self.folderId = folderId
    }

    init(payload: [String: JSONValue]) throws {
        let reader = try PayloadReader(payload, allowedFields: ["noteId", "folderId"])
        self.init(noteId: try reader.id("noteId"), folderId: try reader.id("folderId"))
    }

    var stream: String { "note-\(noteId)" }
    var payload: [String: JSONValue] { ["noteId": .string(noteId), "folderId": .string(folderId)] }
}

struct NotesDomain: LedgerDomain {
    static let notes = ProjectionTable(projection: "notes", table: "notes")
    static let folderNotes = ProjectionTable(projection: "notes", table: "folder-notes")

    var projectionName: String { "notes" }
    var eventTypes: [any DomainEvent.Type] { [NoteCreated.self, NoteEdited.self, FolderDeleted.self, NoteFiled.self] }
    var tables: [ProjectionTable] { [Self.notes, Self.folderNotes] }
    var queries: [QueryDefinition] {
        [QueryDefinition(name: "notes", summary: "all live notes") { _, state in
            let rows = try state.rows(Self.notes).filter { $0.row[1] == "live" }
            return QueryResult(json: .array(rows.map { .string($0.row[0]) }), columns: ["TEXT"], rows: rows.map { [$0.row[0]] })
        }]
    }

    func check(_ event: any DomainEvent, against state: any ProjectionReader, mode: RuleMode) throws {
        if let edit = event as? NoteEdited, try state.row(Self.notes, StateKey(edit.noteId))?[1] != "live" {
            throw LedgerError.rule("note must exist", entity: "note-\(edit.noteId)")
        }
    }

    func apply(_ event: any DomainEvent, context: ProjectionContext, to state: any ProjectionWriter) throws {
        switch event {
        case let created as NoteCreated:
            try state.set(Self.notes, StateKey(created.noteId), [created.text, "live"])
            if let folder = created.folderId { try state.set(Self.folderNotes, StateKey(folder, created.noteId), []) }
        case let filed as NoteFiled:
            try state.set(Self.folderNotes, StateKey(filed.folderId, filed.noteId), [])
        case let edited as NoteEdited:
            try state.set(Self.notes, StateKey(edited.noteId), [edited.text, "live"])
        case let deleted as FolderDeleted:
            for (key, _) in try state.rows(Self.folderNotes, prefix: StateKey(deleted.folderId)) {
                let noteId = key.component(1)
                if let row = try state.row(Self.notes, StateKey(noteId)) {
                    try state.set(Self.notes, StateKey(noteId), [row[0], "archived"])
                }
                try state.remove(Self.folderNotes, key)
                try context.link(stream: "note-\(noteId)")
            }
        default:
            break
        }
    }
}
