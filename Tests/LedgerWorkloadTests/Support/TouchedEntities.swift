import EventLedger
import LedgerWorkload

/// The entities a commit touched, by kind (`artist`, `song`, `category`, `animal`,
/// `favorite`), and what the read models show of them at one point.
struct TouchedEntities {
    /// The ids of the touched entities, by kind.
    private(set) var ids: [String: Set<String>] = [:]

    /// A list query and the field holding the id of the entity of `kind` on each row.
    private static let lists: [(name: String, flags: Set<String>, idField: String, kind: String)] = [
        ("artists", [], "artistId", "artist"), ("songs", [], "songId", "song"), ("songs", ["orphans"], "songId", "song"),
        ("categories", [], "categoryId", "category"), ("animals", [], "animalId", "animal"),
        ("animals", ["uncategorized"], "animalId", "animal"), ("favorites", [], "dishId", "favorite"),
    ]

    /// Fields a list counts from other entities (an artist's songs): not the entity's own
    /// state, which is all an undo returns.
    private static let countsOfOthers = ["songCount"]

    /// A query about one entity of `kind`, listing in `list` the entities of `childKind` under it.
    private static let owners: [(name: String, kind: String, list: String, childIdField: String, childKind: String)] = [
        ("artist-songs", "artist", "songs", "songId", "song"), ("category-animals", "category", "animals", "animalId", "animal"),
    ]

    /// The entities of the streams of `events`, and those an owner's deletion among them
    /// took along (the songs of a deleted artist, the animals of a deleted category) as
    /// `before` and `after` the events show.
    init(_ events: [RecordedEvent], before: ReadModelSnapshot.Query, after: ReadModelSnapshot.Query) throws {
        for event in events {
            guard let dash = event.stream.firstIndex(of: "-") else { continue }
            ids[String(event.stream[..<dash]), default: []].insert(String(event.stream[event.stream.index(after: dash)...]))
        }
        for owner in Self.owners {
            for id in ids[owner.kind] ?? [] {
                guard let children = try Self.answer(owner.name, id, before)?.objectValue?[owner.list]?.arrayValue,
                    try Self.answer(owner.name, id, after) == nil
                else { continue }
                let childIds = children.compactMap { $0.objectValue?[owner.childIdField]?.stringValue }
                ids[owner.childKind, default: []].formUnion(childIds)
            }
        }
    }

    /// What `query` shows of the entities: their rows in every list query, and each owner's
    /// answer listing only the touched entities under it ("missing" when it does not exist).
    func view(_ query: ReadModelSnapshot.Query) throws -> [String: String] {
        var view: [String: String] = [:]
        for list in Self.lists {
            let rows = try query(list.name, .init(flags: list.flags)).json.arrayValue ?? []
            for row in rows {
                guard var fields = row.objectValue, let id = fields[list.idField]?.stringValue, ids[list.kind]?.contains(id) == true
                else { continue }
                for field in Self.countsOfOthers { fields[field] = nil }
                view["\(list.name) \(list.flags.sorted()) \(id)"] = JSONValue.object(fields).serializedString()
            }
        }
        for owner in Self.owners {
            for id in ids[owner.kind] ?? [] {
                guard var answer = try Self.answer(owner.name, id, query)?.objectValue else {
                    view["\(owner.name) \(id)"] = "missing"
                    continue
                }
                answer[owner.list] = answer[owner.list]?.arrayValue.map { children in
                    .array(
                        children.filter { child in
                            child.objectValue?[owner.childIdField]?.stringValue.map { ids[owner.childKind]?.contains($0) == true } == true
                        })
                }
                view["\(owner.name) \(id)"] = JSONValue.object(answer).serializedString()
            }
        }
        return view
    }

    /// The answer of the entity query `name` about `id`, nil when the entity does not exist.
    private static func answer(_ name: String, _ id: String, _ query: ReadModelSnapshot.Query) throws -> JSONValue? {
        do {
            return try query(name, .init(argument: id)).json
        } catch let error as LedgerError where error.kind == .notFound {
            return nil
        }
    }
}
