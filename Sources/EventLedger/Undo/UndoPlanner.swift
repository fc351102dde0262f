/// Works out, inside one transaction, the events that undo a commit: for every entity the
/// commit changed (its events' streams and the streams they linked, e.g. a cascade's), the
/// event that returns it to its state just before the commit.
///
/// Undo refuses when a later commit changed one of those entities: its stream moved (the
/// first later event or link is named), or the read model shows it otherwise than the commit
/// left it (a commit found changing it is named).
struct UndoPlanner {
    let core: LedgerCore
    let txn: Transaction

    /// An entity the commit changed.
    private struct Touched {
        let stream: String
        let id: String
        let kind: UndoableEntity
        /// The kind's place among every domain's undoable kinds: referred-to kinds first.
        let rank: Int
        /// The order in which the commit first touched it.
        let order: Int
    }

    /// The events undoing `commit`, each with the metadata `undoes`; empty when the commit
    /// changed nothing undo can return.
    func events(undoing commit: UInt64) throws -> [PendingEvent] {
        let positions = try self.positions(of: commit)
        let before = reader(at: positions.lowerBound - 1)
        let after = reader(at: positions.upperBound)
        let touched = try self.touched(positions, commit: commit)
        try requireUnchangedSince(positions.upperBound, touched, after: after, commit: commit)
        var removals: [Touched] = []
        var restorations: [Touched] = []
        for entity in touched where try !entity.kind.sameState(entity.id, before, after) {
            if try entity.kind.exists(entity.id, before) { restorations.append(entity) } else { removals.append(entity) }
        }
        // Removals first, so restored names and links find them free; entities that others
        // refer to are restored first and removed last; otherwise the reverse of the commit's order.
        removals.sort { ($0.rank, $0.order) > ($1.rank, $1.order) }
        restorations.sort { $0.rank != $1.rank ? $0.rank < $1.rank : $0.order > $1.order }
        return try (removals + restorations).map { entity in
            var event = try entity.kind.restoration(entity.id, before)
            _ = try event.payloadToAppend()
            event.metadata[UndoMetadata.key] = String(commit)
            return event
        }
    }

    /// The read models as they were after the event at `position`.
    private func reader(at position: UInt64) -> ReadModelReader {
        ReadModelReader(HistoricalReadModel(txn: txn, tables: core.tables.readModels, position: position))
    }

    /// The positions of the events of `commit`; `.notFound` when there is no such commit.
    private func positions(of commit: UInt64) throws -> ClosedRange<UInt64> {
        let head = try LogHead(txn, core.tables)
        guard commit >= 1, commit <= head.commit else {
            throw LedgerError(.notFound, "commit \(commit) does not exist (the last is \(head.commit))", subject: String(commit))
        }
        var low: UInt64 = 1
        var high = head.position
        while low < high {
            let middle = low + (high - low) / 2
            if try self.commit(at: middle) < commit { low = middle + 1 } else { high = middle }
        }
        var last = low
        while last < head.position, try self.commit(at: last + 1) == commit { last += 1 }
        return low...last
    }

    private func commit(at position: UInt64) throws -> UInt64 {
        try EventRecordView(core.record(txn, at: position), position: position).commit
    }

    /// The entities the events at `positions` changed, in the order they first did.
    private func touched(_ positions: ClosedRange<UInt64>, commit: UInt64) throws -> [Touched] {
        let linked = try linkedStreams(at: positions)
        let kinds = core.catalog.domains.flatMap(\.undoableEntities)
        var touched: [Touched] = []
        var seen: Set<String> = []
        for position in positions {
            let stream = try EventRecordView(core.record(txn, at: position), position: position).stream
            for stream in [stream] + linked[position, default: []] where seen.insert(stream).inserted {
                guard let rank = kinds.firstIndex(where: { stream.hasPrefix($0.streamPrefix) }) else {
                    throw LedgerError(
                        .ruleViolation, "commit \(commit) cannot be undone: no domain can restore the entity of stream \(stream)",
                        rule: "undo restores only undoable entities", subject: stream)
                }
                let kind = kinds[rank]
                touched.append(
                    Touched(
                        stream: stream, id: String(stream.dropFirst(kind.streamPrefix.count)),
                        kind: kind, rank: rank, order: touched.count))
            }
        }
        return touched
    }

    /// The streams linked to the events at `positions`, by position. Links are indexed by
    /// stream, so every link is visited; there are few (cascades make them).
    private func linkedStreams(at positions: ClosedRange<UInt64>) throws -> [UInt64: [String]] {
        var linked: [UInt64: [String]] = [:]
        try txn.withCursor(core.tables.links) { cursor in
            try cursor.scan(prefix: []) { entry in
                let position = LedgerTables.readBigEndian(entry.key, at: entry.key.count - 8)
                if positions.contains(position) {
                    linked[position, default: []].append(String(decoding: entry.key.dropLast(9), as: UTF8.self))
                }
                return true
            }
        }
        return linked.mapValues { $0.sorted() }
    }

    /// Throws `.conflict` naming a commit after `position` that changed one of the entities:
    /// the earliest event of their streams or linked to them, else the earliest position
    /// `firstStateChange` finds.
    private func requireUnchangedSince(_ position: UInt64, _ touched: [Touched], after: ReadModelReader, commit: UInt64) throws {
        let head = try LogHead(txn, core.tables).position
        guard head > position else { return }
        var first: (position: UInt64, stream: String)?
        for entity in touched {
            var changed = try firstStreamChange(of: entity.stream, after: position)
            if changed == nil, try !entity.kind.sameState(entity.id, after, reader(at: head)) {
                changed = try firstStateChange(of: entity, after: position, head: head, state: after)
            }
            if let changed, changed < first?.position ?? .max { first = (changed, entity.stream) }
        }
        guard let first else { return }
        let later = try self.commit(at: first.position)
        throw LedgerError(
            .conflict, "commit \(commit) cannot be undone: commit \(later) changed \(first.stream) since",
            subject: first.stream)
    }

    /// The first position after `position` of an event of `stream` or linked to it.
    private func firstStreamChange(of stream: String, after position: UInt64) throws -> UInt64? {
        var first: UInt64?
        try txn.withCursor(core.tables.streams) { cursor in
            try cursor.scan(prefix: Array(stream.utf8) + [0]) { entry in
                let eventPosition = LedgerTables.readBigEndian(entry.value)
                if eventPosition > position { first = eventPosition }
                return first == nil
            }
        }
        try txn.withCursor(core.tables.links) { cursor in
            try cursor.scan(prefix: Array(stream.utf8) + [0]) { entry in
                let linkPosition = LedgerTables.readBigEndian(entry.key, at: entry.key.count - 8)
                if linkPosition > position, linkPosition < first ?? .max { first = linkPosition }
                return linkPosition <= position
            }
        }
        return first
    }

    /// A position after `position` at which the entity's state differs from `state`'s while it
    /// did not at the position before, which it does at `head`: a binary search over the read
    /// model's versions. It is the first such position unless the state changed back between.
    private func firstStateChange(of entity: Touched, after position: UInt64, head: UInt64, state: ReadModelReader) throws -> UInt64 {
        var low = position + 1
        var high = head
        while low < high {
            let middle = low + (high - low) / 2
            if try entity.kind.sameState(entity.id, state, reader(at: middle)) { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
