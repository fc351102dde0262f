/// What an entity naming another (a song its artist, an animal its category) keeps of it,
/// read with one lookup of the named entity's row.
public struct EntityReference<Row: EntityRow> {
    /// The id to keep: the named id, or nil when there is none or that entity is deleted
    /// (deleting an entity clears the references to it). An entity not known yet (an import
    /// out of order) keeps its id.
    public let id: String?
    /// The named entity's row when it is live.
    public let liveRow: Row?

    /// A reference keeping `id`, to an entity live with `liveRow` (nil: unknown or none).
    @usableFromInline
    init(id: String?, liveRow: Row?) {
        self.id = id
        self.liveRow = liveRow
    }
}

extension ReadModelWriter {
    /// What an entity naming `id` keeps of the entity of `table` under it.
    @inlinable
    public func reference<Row: EntityRow>(to id: String?, in table: ReadModelTable<String, Row>) throws(LedgerError) -> EntityReference<Row> {
        guard let id else { return EntityReference(id: nil, liveRow: nil) }
        guard let row = try reader.row(table, id) else { return EntityReference(id: id, liveRow: nil) }
        return row.isDeleted ? EntityReference(id: nil, liveRow: nil) : EntityReference(id: id, liveRow: row)
    }
}
