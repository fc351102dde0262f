import EventLedger

/// A minimal domain for engine tests: notes that can be created, edited and archived,
/// grouped in folders whose deletion archives their notes (a cascade).
public struct NoteCreated: DomainEvent {
    public static let createdEntityField: String? = "noteId"
    @ID public var noteId: String
    @Name public var text: String
    @OptionalID public var folderId: String?

    public init(noteId: String, text: String, folderId: String? = nil) {
        self.noteId = noteId
        self.text = text
        self.folderId = folderId
    }

    public var stream: String { "note-\(noteId)" }
}

public struct NoteEdited: DomainEvent {
    @ID public var noteId: String
    @Name public var text: String

    public init(noteId: String, text: String) {
        self.noteId = noteId
        self.text = text
    }

    public var stream: String { "note-\(noteId)" }
}

public struct FolderDeleted: DomainEvent {
    @ID public var folderId: String

    public init(folderId: String) {
        self.folderId = folderId
    }

    public var stream: String { "folder-\(folderId)" }
}

/// A note is filed in a folder. Schema version 2 names the folder `folderId`; version 1
/// called it `folder`.
public struct NoteFiled: DomainEvent {
    public static let upcasters: [@Sendable ([String: JSONValue]) -> [String: JSONValue]] = [{ version1 in
        var payload = version1
        payload["folderId"] = payload.removeValue(forKey: "folder")
        return payload
    }]
    @ID public var noteId: String
    @ID public var folderId: String

    public init(noteId: String, folderId: String) {
        self.noteId = noteId
        self.folderId = folderId
    }

    public var stream: String { "note-\(noteId)" }
}

/// A note returns to an earlier state (undo): live with `text`, or archived without one.
public struct NoteRestored: DomainEvent {
    @ID public var noteId: String
    @OptionalName public var text: String?

    public init(noteId: String, text: String?) {
        self.noteId = noteId
        self.text = text
    }

    public var stream: String { "note-\(noteId)" }
}

public enum NoteEvent: Sendable {
    case created(NoteCreated)
    case edited(NoteEdited)
    case folderDeleted(FolderDeleted)
    case filed(NoteFiled)
    case restored(NoteRestored)
}

/// A note's row: its text, and whether it is archived.
public struct NoteRow: Codable, Sendable, Equatable {
    public var text: String
    public var isArchived = false

    public init(text: String, isArchived: Bool = false) {
        self.text = text
        self.isArchived = isArchived
    }

    /// The text and `live` or `archived`, for comparing with expected rows.
    public var fields: [String] { [text, isArchived ? "archived" : "live"] }
}

/// The key of a note in a folder.
public struct FolderNoteKey: Codable, Sendable, Equatable {
    public var folderId: String
    public var noteId: String

    public init(folderId: String, noteId: String) {
        self.folderId = folderId
        self.noteId = noteId
    }

    /// The folder and the note, for comparing with expected keys.
    public var components: [String] { [folderId, noteId] }
}

/// Nothing: the row of an index whose keys say it all.
public struct Present: Codable, Sendable, Equatable {
    public init() {}
}

public struct NotesDomain: LedgerDomain {
    public init() {}

    public static let notes = ReadModelTable<String, NoteRow>(readModel: "notes", name: "notes")
    public static let folderNotes = ReadModelTable<FolderNoteKey, Present>(readModel: "notes", name: "folder-notes")

    public var readModelName: String { "notes" }
    public var events: [EventCase<NoteEvent>] {
        [EventCase(NoteCreated.self, as: NoteEvent.created), EventCase(NoteEdited.self, as: NoteEvent.edited),
         EventCase(FolderDeleted.self, as: NoteEvent.folderDeleted), EventCase(NoteFiled.self, as: NoteEvent.filed),
         EventCase(NoteRestored.self, as: NoteEvent.restored)]
    }
    /// Notes can be undone (their text, or archived); folders cannot.
    public var undoableEntities: [UndoableEntity] {
        [UndoableEntity(streamPrefix: "note-", state: { id, readModel throws(LedgerError) in
            try readModel.row(Self.notes, id).flatMap { $0.isArchived ? nil : $0.text }
        }, restore: { id, text in NoteRestored(noteId: id, text: text) })]
    }
    public var tables: [any DeclaredTable] { [Self.notes, Self.folderNotes] }
    public var queries: [QueryDefinition] {
        [QueryDefinition(name: "notes", summary: "all live notes") { _, readModel in
            let rows = try readModel.rows(Self.notes).filter { !$0.row.isArchived }
            return QueryResult(json: .array(rows.map { .string($0.row.text) }), columns: ["TEXT"], rows: rows.map { [$0.row.text] })
        }]
    }

    public func check(_ event: NoteEvent, against readModel: ReadModelReader, mode: RuleMode) throws(LedgerError) {
        switch event {
        case .edited(let edit):
            guard let note = try readModel.row(Self.notes, edit.noteId), !note.isArchived else {
                throw LedgerError.rule("note must exist", entity: "note-\(edit.noteId)")
            }
        case .created, .folderDeleted, .filed, .restored:
            break
        }
    }

    public func apply(_ event: NoteEvent, context: EventContext, to readModel: ReadModelWriter) throws(LedgerError) {
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

/// Runs `body` with a new ledger of the notes domain in its own temporary directory.
public func withNotesLedger(initialMapSize: Int = 1 << 20, _ body: (Ledger, TemporaryDirectory) throws -> Void) throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    let ledger = try Ledger(path: directory.file("notes.lmdb"), domains: [NotesDomain()],
                            options: Ledger.Options(initialMapSize: initialMapSize))
    try body(ledger, directory)
}
