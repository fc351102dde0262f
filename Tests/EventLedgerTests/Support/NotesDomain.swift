import EventLedger

/// A minimal domain for engine tests: notes that can be created, edited and archived,
/// grouped in folders whose deletion archives their notes (a cascade).
struct NoteCreated: DomainEvent {
    static let createdEntityField: String? = "noteId"
    @ID var noteId: String
    @Name var text: String
    @OptionalID var folderId: String?

    init(noteId: String, text: String, folderId: String? = nil) {
        self.noteId = noteId
        self.text = text
        self.folderId = folderId
    }

    var stream: String { "note-\(noteId)" }
}

struct NoteEdited: DomainEvent {
    @ID var noteId: String
    @Name var text: String

    var stream: String { "note-\(noteId)" }
}

struct FolderDeleted: DomainEvent {
    @ID var folderId: String

    var stream: String { "folder-\(folderId)" }
}

/// A note is filed in a folder. Schema version 2 names the folder `folderId`; version 1
/// called it `folder`.
struct NoteFiled: DomainEvent {
    static let upcasters: [@Sendable ([String: JSONValue]) -> [String: JSONValue]] = [{ version1 in
        var payload = version1
        payload["folderId"] = payload.removeValue(forKey: "folder")
        return payload
    }]
    @ID var noteId: String
    @ID var folderId: String

    var stream: String { "note-\(noteId)" }
}

/// A note returns to an earlier state (undo): live with `text`, or archived without one.
struct NoteRestored: DomainEvent {
    @ID var noteId: String
    @OptionalName var text: String?

    var stream: String { "note-\(noteId)" }
}

enum NoteEvent: Sendable {
    case created(NoteCreated)
    case edited(NoteEdited)
    case folderDeleted(FolderDeleted)
    case filed(NoteFiled)
    case restored(NoteRestored)
}

/// A note's row: its text, and whether it is archived.
struct NoteRow: Codable, Sendable, Equatable {
    var text: String
    var isArchived = false

    /// The text and `live` or `archived`, for comparing with expected rows.
    var fields: [String] { [text, isArchived ? "archived" : "live"] }
}

/// The key of a note in a folder.
struct FolderNoteKey: Codable, Sendable, Equatable {
    var folderId: String
    var noteId: String

    /// The folder and the note, for comparing with expected keys.
    var components: [String] { [folderId, noteId] }
}

/// Nothing: the row of an index whose keys say it all.
struct Present: Codable, Sendable, Equatable {}

struct NotesDomain: LedgerDomain {
    static let notes = ReadModelTable<String, NoteRow>(readModel: "notes", name: "notes")
    static let folderNotes = ReadModelTable<FolderNoteKey, Present>(readModel: "notes", name: "folder-notes")

    var readModelName: String { "notes" }
    var events: [EventCase<NoteEvent>] {
        [EventCase(NoteCreated.self, as: NoteEvent.created), EventCase(NoteEdited.self, as: NoteEvent.edited),
         EventCase(FolderDeleted.self, as: NoteEvent.folderDeleted), EventCase(NoteFiled.self, as: NoteEvent.filed),
         EventCase(NoteRestored.self, as: NoteEvent.restored)]
    }
    /// Notes can be undone (their text, or archived); folders cannot.
    var undoableEntities: [UndoableEntity] {
        [UndoableEntity(streamPrefix: "note-", state: { id, readModel throws(LedgerError) in
            try readModel.row(Self.notes, id).flatMap { $0.isArchived ? nil : $0.text }
        }, restore: { id, text in NoteRestored(noteId: id, text: text) })]
    }
    var tables: [any DeclaredTable] { [Self.notes, Self.folderNotes] }
    var queries: [QueryDefinition] {
        [QueryDefinition(name: "notes", summary: "all live notes") { _, readModel in
            let rows = try readModel.rows(Self.notes).filter { !$0.row.isArchived }
            return QueryResult(json: .array(rows.map { .string($0.row.text) }), columns: ["TEXT"], rows: rows.map { [$0.row.text] })
        }]
    }

    func check(_ event: NoteEvent, against readModel: ReadModelReader, mode: RuleMode) throws(LedgerError) {
        switch event {
        case .edited(let edit):
            guard let note = try readModel.row(Self.notes, edit.noteId), !note.isArchived else {
                throw LedgerError.rule("note must exist", entity: "note-\(edit.noteId)")
            }
        case .created, .folderDeleted, .filed, .restored:
            break
        }
    }

    func apply(_ event: NoteEvent, context: EventContext, to readModel: ReadModelWriter) throws(LedgerError) {
        switch event {
        case .created(let created):
            try readModel.set(Self.notes, created.noteId, NoteRow(text: created.text))
            if let folder = created.folderId {
                try readModel.set(Self.folderNotes, FolderNoteKey(folderId: folder, noteId: created.noteId), Present())
            }
        case .filed(let filed):
            try readModel.set(Self.folderNotes, FolderNoteKey(folderId: filed.folderId, noteId: filed.noteId), Present())
        case .edited(let edited):
            try readModel.set(Self.notes, edited.noteId, NoteRow(text: edited.text))
        case .restored(let restored):
            let archived = try readModel.row(Self.notes, restored.noteId)?.text ?? ""
            let text = restored.text ?? archived
            try readModel.set(Self.notes, restored.noteId, NoteRow(text: text, isArchived: restored.text == nil))
        case .folderDeleted(let deleted):
            for (key, _) in try readModel.rows(Self.folderNotes, prefix: deleted.folderId) {
                if var note = try readModel.row(Self.notes, key.noteId) {
                    note.isArchived = true
                    try readModel.set(Self.notes, key.noteId, note)
                }
                try readModel.remove(Self.folderNotes, key)
                try context.link(stream: "note-\(key.noteId)")
            }
        }
    }
}
