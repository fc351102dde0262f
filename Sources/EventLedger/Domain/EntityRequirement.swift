/// What an event requires of the entity it is about when it is appended (see `EventEntity`).
public enum EntityRequirement: Sendable {
    /// The entity exists and is not deleted: the requirement of an edit.
    case live
    /// The entity exists, deleted or not: the requirement of an event that brings an
    /// entity back to an earlier state.
    case exists
}

/// The check of an `EntityRequirement` on the entity of an event's stream, made once for
/// each event type and run before the domain's rules.
struct EntityRequirementCheck: Sendable {
    /// Throws the broken rule about the entity of `stream`, if the event's requirement fails.
    let check: @Sendable (_ stream: String, ReadModelReader) throws(LedgerError) -> Void

    init<Row: EntityRow>(_ table: ReadModelTable<String, Row>, prefix: String, _ requirement: EntityRequirement) {
        let kind = prefix.hasSuffix("-") ? String(prefix.dropLast()) : prefix
        check = { stream, reader throws(LedgerError) in
            let id = String(stream.dropFirst(prefix.count))
            switch requirement {
            case .live: try reader.requireLive(table, id, kind: kind, stream: stream)
            case .exists: try reader.requireKnown(table, id, kind: kind, stream: stream)
            }
        }
    }
}
