#if canImport(Glibc)
import Glibc
#endif

/// One read model rebuilt from the log: its domain's events applied again, in position
/// order, to a `FoldedReadModel` in memory, and the cascade links they made. Folding needs
/// only a read transaction, so read models can be folded side by side; `store` then replaces
/// the stored read model inside a write transaction.
///
/// A fold may stop before the end of the log to keep its memory bounded (`advance`'s
/// `goOn`): `store` then writes what it folded and folds the rest of the log in the write
/// transaction, over the rows written, writing them out whenever they take `limits.inWrite`
/// bytes.
///
/// A fold is used by one thread at a time (handed over by joining the thread that folded it):
/// its stored properties are not checked for exclusive access at run time.
final class ReadModelFold: @unchecked Sendable {
    /// The index of the read model's domain in the catalog.
    let domainIndex: Int
    private let catalog: EventCatalog
    private let tables: LedgerTables
    /// Where the payloads of the domain's events are located, one after another.
    private let payloads = PayloadTextReader()
    /// The stored names of the event types met in the log, one after another, and for each
    /// where it lies and its index among the domain's types (nil for another domain's).
    @exclusivity(unchecked) private var typeNameBytes: [UInt8] = []
    @exclusivity(unchecked) private var typeNames: [(range: Range<Int>, typeIndex: Int?)] = []
    @exclusivity(unchecked) private var state: FoldedReadModel
    /// Whether `store` has begun to write, letting go of the fold as it went.
    private var isSpent = false
    /// Keys of the cascade links made (stream ‖ NUL ‖ big-endian position), in position order.
    @exclusivity(unchecked) private var links: [[UInt8]] = []
    /// The last position folded.
    @exclusivity(unchecked) private(set) var position: UInt64 = 0
    /// The positions of the domain's events folded, a bit each (bit p − 1 for position p):
    /// the links they made are the ones `store` replaces.
    @exclusivity(unchecked) private var domainPositions: [UInt64] = []
    /// Where `store` folds the rest of the log: over the rows it wrote, in its write transaction.
    @exclusivity(unchecked) private var continuation: StoredReadModel?

    /// How much memory the fold may take in `store`'s write transaction, and how often it counts it.
    private let limits: FoldMemoryLimits
    /// The schema version of each of the domain's event types, and of the ledger's own
    /// restorations: an event stored at a newer one is not folded (see `LoggedSchemaVersions`).
    private let schemaVersions: [Int]
    private let restorationSchemaVersion: Int

    /// About how many bytes of memory the folded read model takes.
    var byteCount: Int { continuation?.foldedByteCount ?? state.byteCount }

    /// An empty fold of the read model of the domain at `domainIndex`, whose rows folded in
    /// `store`'s write transaction are written out whenever they take `limits.inWrite` bytes.
    init(catalog: EventCatalog, tables: LedgerTables, domainIndex: Int, limits: FoldMemoryLimits = .standard) {
        self.catalog = catalog
        self.tables = tables
        self.domainIndex = domainIndex
        self.limits = limits
        state = FoldedReadModel(tables: catalog.domains[domainIndex].tables)
        schemaVersions = catalog.domains[domainIndex].eventTypes.map { $0.schemaVersion }
        restorationSchemaVersion = catalog.restoration.eventTypes[0].schemaVersion
    }

    /// Folds the events after `position` up to the end of the log that `txn` sees, or until
    /// `goOn`, asked every `limits.eventsPerCheck` events with the bytes of memory the fold
    /// takes, returns false; returns whether it reached the end. Calls `scanned` as often
    /// with the number of events of the log read since the last call.
    @discardableResult
    func advance(
        _ txn: Transaction, scanned: (UInt64) -> Void = { _ in },
        goOn: (_ byteCount: Int) throws -> Bool = { _ in true }
    ) throws -> Bool {
        let domain = catalog.domains[domainIndex]
        let writer = ReadModelWriter(continuation ?? state)
        var unreported = 0
        return try txn.withCursor(tables.log) { cursor in
            var next = try cursor.seek(atLeast: LedgerTables.bigEndian(position + 1))
            while let current = next {
                let position = LedgerTables.readBigEndian(current.key)
                let record = try EventRecordView(current.value, position: position)
                if let typeIndex = try typeIndex(record.typeBytes) {
                    try requireKnownSchemaVersion(of: record, typeIndex, at: position)
                    if let continuation { continuation.position = position } else { state.position = position }
                    if typeIndex == Self.restorationType {
                        // The ledger's own restorations make no links; each read model takes those of its tables.
                        let context = EventContext(position: position, recordedAt: record.recordedAt) { _ in }
                        try catalog.restoration.decodeAndApply(0, try payload(of: record), Int(record.schemaVersion), context, writer)
                    } else {
                        markDomainPosition(position)
                        let context = EventContext(position: position, recordedAt: record.recordedAt) { linked in
                            self.links.append(LedgerTables.streamKey(linked, position))
                        }
                        try domain.decodeAndApply(typeIndex, try payload(of: record), Int(record.schemaVersion), context, writer)
                    }
                }
                self.position = position
                unreported += 1
                if unreported == limits.eventsPerCheck {
                    scanned(UInt64(unreported))
                    unreported = 0
                    guard try goOn(byteCount) else { break }
                }
                next = try cursor.next()
            }
            scanned(UInt64(unreported))
            return next == nil
        }
    }

    /// Sorts the folded rows by key ahead of `store`, so that the sort runs on the thread that
    /// folded them rather than inside the write transaction.
    func sortRows() {
        state.sortRows()
    }

    /// Replaces the stored read model, its cascade links and its checkpoint with this fold,
    /// after folding the rest of the log: the events it stopped before, and those appended
    /// since it was made. Writing lets go of the fold; a store run again (a write retried once
    /// the map has grown) folds the log again. Calls `scanned` now and then with the number of
    /// events of the log folded since the last call.
    func store(_ txn: Transaction, scanned: (UInt64) -> Void = { _ in }) throws {
        let domain = catalog.domains[domainIndex]
        if isSpent {
            state = FoldedReadModel(tables: domain.tables)
            continuation = nil
            links = []
            position = 0
            domainPositions = []
        }
        isSpent = true
        var stored: [TableName: Table] = [:]
        for name in domain.tables {
            guard let table = tables.readModels[name] else { continue }
            try txn.clear(table)
            stored[name] = table
        }
        try state.store(into: stored, txn)
        let rest = StoredReadModel(txn, tables: stored, foldingInMemory: true)
        continuation = rest
        try advance(
            txn, scanned: scanned,
            goOn: { byteCount in
                if byteCount > self.limits.inWrite { try rest.storeFolded() }
                return true
            })
        try rest.storeFolded()
        try removeLinks(txn)
        for link in links { try txn.put(tables.links, link, []) }
        let name = Array(domain.readModelName.utf8)
        // Like appends, which write checkpoints with every commit: an empty log has none.
        if position > 0 {
            try txn.put(tables.checkpoints, name, LedgerTables.bigEndian(position))
        } else {
            try txn.delete(tables.checkpoints, name)
        }
    }

    /// Deletes the stored cascade links made by events of this domain, and any link to an
    /// event the log does not hold.
    private func removeLinks(_ txn: Transaction) throws {
        var made: [[UInt8]] = []
        try txn.withCursor(tables.links) { cursor in
            try cursor.scan(prefix: []) { link in
                if isReplaced(link: link.key) { made.append(Array(link.key)) }
                return true
            }
        }
        for key in made { _ = try txn.delete(tables.links, key) }
    }

    /// Whether the stored link `key` (stream ‖ NUL ‖ big-endian position) was made by an
    /// event of this domain, or names a position the log does not hold.
    private func isReplaced(link key: UnsafeRawBufferPointer) -> Bool {
        guard key.count > 9 else { return true }
        let position = LedgerTables.readBigEndian(key, at: key.count - 8)
        guard position > 0 && position <= self.position else { return true }
        let bit = Int(position - 1)
        return bit >> 6 < domainPositions.count && domainPositions[bit >> 6] & 1 << (bit & 63) != 0
    }

    private func markDomainPosition(_ position: UInt64) {
        let bit = Int(position - 1)
        while domainPositions.count <= bit >> 6 { domainPositions.append(0) }
        domainPositions[bit >> 6] |= 1 << (bit & 63)
    }

    /// Throws the refusal of `record`, the event at `position`, of the type at `typeIndex`, when
    /// it is stored at a newer schema version than its type knows (see `LoggedSchemaVersions`).
    private func requireKnownSchemaVersion(of record: EventRecordView, _ typeIndex: Int, at position: UInt64) throws {
        let known = typeIndex == Self.restorationType ? restorationSchemaVersion : schemaVersions[typeIndex]
        guard record.schemaVersion > known else { return }
        throw LoggedSchemaVersions.refusal(at: position, record.type, Int(record.schemaVersion), known: known)
    }

    /// The type index `typeIndex` gives the ledger's own restorations, which every read model folds.
    private static let restorationType = -1

    /// The index among the domain's event types of the type a record names, nil for another
    /// domain's type, `restorationType` for the ledger's own; `.invalidInput` for a type no domain has. Types met before are found
    /// among their names here, without copying the catalog's entry (its names and decoders)
    /// for every event of the log.
    private func typeIndex(_ typeBytes: UnsafeRawBufferPointer) throws -> Int? {
        let known = typeNameBytes.withUnsafeBytes { names in
            typeNames.first { type in Self.equal(UnsafeRawBufferPointer(rebasing: names[type.range]), typeBytes) }
        }
        if let known { return known.typeIndex }
        let entry = try catalog.entry(typeBytes: typeBytes)
        let typeIndex =
            entry.domainIndex == domainIndex ? entry.typeIndex : entry.domainIndex == catalog.domains.count ? Self.restorationType : nil
        typeNames.append((typeNameBytes.count..<(typeNameBytes.count + typeBytes.count), typeIndex))
        typeNameBytes += typeBytes
        return typeNames.last!.typeIndex
    }

    private static func equal(_ bytes: UnsafeRawBufferPointer, _ other: UnsafeRawBufferPointer) -> Bool {
        bytes.count == other.count && (bytes.isEmpty || memcmp(bytes.baseAddress!, other.baseAddress!, bytes.count) == 0)
    }

    /// The record's payload: located in its text when it is an object of scalars, else parsed whole.
    private func payload(of record: EventRecordView) throws -> RecordedPayload {
        payloads.text.locate(record.dataBytes) ? .text(payloads.text) : .members(try Self.members(of: record))
    }

    /// The members of the record's payload, in the order written.
    private static func members(of record: EventRecordView) throws -> [(key: String, value: JSONValue)] {
        do {
            guard let payload = try JSONValue.parseMembers(record.dataBytes) else {
                throw LedgerError(.corruption, "payload is not an object")
            }
            return payload
        } catch {
            throw LedgerError(
                .corruption, "event at position \(record.position) cannot be replayed: \(error)",
                subject: String(record.position))
        }
    }
}
