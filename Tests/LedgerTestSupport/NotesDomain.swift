import EventLedger

/// A minimal domain for engine tests: notes that can be created, edited and archived,
/// grouped in folders whose deletion archives their notes (a cascade).
public struct NoteCreated: EntityEvent {
    /// The note's stream, `note-⟨noteId⟩`; left out, the ledger assigns `noteId` a UUID.
    public static let entity = EventEntity(NotesDomain.notes, id: \Self.noteId), createdEntityField: String? = "noteId"
    /// The note.
    @ID public var noteId: String
    /// Its text.
    @Name public var text: String
    /// The folder it is filed in, if any.
    @OptionalID public var folderId: String?
    /// A note created with `text`, in `folderId` if given.
    public init(noteId: String, text: String, folderId: String? = nil) { (self.noteId, self.text, self.folderId) = (noteId, text, folderId) }
}

/// A note's text changes.
public struct NoteEdited: EntityEvent {
    /// The note's stream.
    public static let entity = EventEntity(NotesDomain.notes, id: \Self.noteId)
    /// The note.
    @ID public var noteId: String
    /// Its new text.
    @Name public var text: String
    /// The note `noteId` now reads `text`.
    public init(noteId: String, text: String) { (self.noteId, self.text) = (noteId, text) }
}

/// A folder is deleted: its notes are archived.
public struct FolderDeleted: DomainEvent {
    /// The folder.
    @ID public var folderId: String
    /// The folder `folderId` is deleted.
    public init(folderId: String) { self.folderId = folderId }
    /// The folder's stream.
    public var stream: String { "folder-\(folderId)" }
}

/// A note is filed in a folder. Schema version 2 names the folder `folderId`; version 1
/// called it `folder`.
public struct NoteFiled: EntityEvent {
    /// The note's stream.
    public static let entity = EventEntity(NotesDomain.notes, id: \Self.noteId)
    /// Version 1's `folder` becomes `folderId`.
    public static let upcasters: [@Sendable ([String: JSONValue]) -> [String: JSONValue]] = [
        { version1 in
            var payload = version1
            payload["folderId"] = payload.removeValue(forKey: "folder")
            return payload
        }
    ]
    /// The note.
    @ID public var noteId: String
    /// The folder it is filed in.
    @ID public var folderId: String
    /// The note `noteId` is filed in `folderId`.
    public init(noteId: String, folderId: String) { (self.noteId, self.folderId) = (noteId, folderId) }
}

/// A note returns to an earlier state (undo): live with `text`, or archived without one.
public struct NoteRestored: EntityEvent {
    /// The note's stream.
    public static let entity = EventEntity(NotesDomain.notes, id: \Self.noteId)
    /// The note.
    @ID public var noteId: String
    /// Its text when live again; nil when archived.
    @OptionalName public var text: String?
    /// The note `noteId` is live with `text`, or archived when nil.
    public init(noteId: String, text: String?) { (self.noteId, self.text) = (noteId, text) }
}

/// The events of the notes domain.
public enum NoteEvent: Sendable {
    /// A note is created.
    case created(NoteCreated)
    /// A note's text changes.
    case edited(NoteEdited)
    /// A folder is deleted.
    case folderDeleted(FolderDeleted)
    /// A note is filed in a folder.
    case filed(NoteFiled)
    /// A note returns to an earlier state.
    case restored(NoteRestored)
}

/// A note's row: its text, and whether it is archived.
public struct NoteRow: Codable, Sendable, Equatable {
    /// The note's text (kept when archived).
    public var text: String
    /// Whether the note is archived.
    public var isArchived = false

    /// A row reading `text`, archived or not.
    public init(text: String, isArchived: Bool = false) {
        self.text = text
        self.isArchived = isArchived
    }

    /// The text and `live` or `archived`, for comparing with expected rows.
    public var fields: [String] { [text, isArchived ? "archived" : "live"] }
}

/// The key of a note in a folder.
public struct FolderNoteKey: Codable, Sendable, Equatable {
    /// The folder.
    public var folderId: String
    /// The note in it.
    public var noteId: String

    /// The key of `noteId` in `folderId`.
    public init(folderId: String, noteId: String) {
        self.folderId = folderId
        self.noteId = noteId
    }

    /// The folder and the note, for comparing with expected keys.
    public var components: [String] { [folderId, noteId] }
}

/// Nothing: the row of an index whose keys say it all.
public struct Present: Codable, Sendable, Equatable {
    /// The row.
    public init() {}
}

/// The notes domain: notes, and the folders they are filed in.
public struct NotesDomain: LedgerDomain {
    /// The domain.
    public init() {}

    /// Each note's row, by note id: notes are entities (streams `note-⟨noteId⟩`), which undo restores.
    public static let notes = ReadModelTable<String, NoteRow>(readModel: "notes", name: "notes", entityStream: "note-")
    /// The notes of each folder, by folder then note.
    public static let folderNotes = ReadModelTable<FolderNoteKey, Present>(readModel: "notes", name: "folder-notes")

    /// The read model's name.
    public var readModelName: String { "notes" }
    /// Its events.
    public var events: [EventCase<NoteEvent>] {
        [
            EventCase(NoteEvent.created), EventCase(NoteEvent.edited), EventCase(NoteEvent.folderDeleted), EventCase(NoteEvent.filed),
            EventCase(NoteEvent.restored),
        ]
    }
    /// Its tables.
    public var tables: [any DeclaredTable] { [Self.notes, Self.folderNotes] }
    /// Its one query, `notes`: the live notes' texts.
    public var queries: [QueryDefinition] {
        [
            QueryDefinition(name: "notes", summary: "all live notes") { _, readModel in
                let texts = try readModel.rows(Self.notes).filter { !$0.row.isArchived }.map(\.row.text)
                return try QueryResult(rows: texts, columns: [.value(heading: "TEXT")])
            }
        ]
    }

    /// An edit needs a live note.
    public func check(_ event: NoteEvent, against readModel: ReadModelReader, mode: RuleMode) throws(LedgerError) {
        switch event {
        case .edited(let edit):
            guard let note = try readModel.row(Self.notes, edit.noteId), !note.isArchived else {
                throw LedgerError.rule("note must exist", entity: edit.stream)
            }
        case .created, .folderDeleted, .filed, .restored:
            break
        }
    }

    /// Folds an event into the tables; deleting a folder archives its notes and links their streams.
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
                try context.link(stream: Self.notes.stream(of: key.noteId))
            }
        }
    }
}
