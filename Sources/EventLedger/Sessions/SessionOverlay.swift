/// The read models as if a form session's staged events were committed, kept in the
/// session's overlay entries (see `SessionEntryKind`): the rows the staged events wrote, over
/// the current read models, with the versions of the streams they went to and their ids.
///
/// A row the staged events wrote is read from the overlay, any other from the read models, so
/// a read costs one look-up more than on the read models, however many events are staged; a
/// write goes to the overlay. Every overlay entry changed is noted with what it held before,
/// until `storeUndoRecord(of:)` stores the notes as the undo record of a staged event.
final class SessionOverlay: RowStoreWriting {
    private let session: StoredSession
    private let current: StoredReadModel
    /// The number under which each read-model table's rows are kept.
    private let tableNumbers: [TableName: UInt16]
    /// The description of the read models the overlay is made for (`OverlayBase.readModels`).
    private let readModels: [UInt8]
    /// What the overlay was made on; nil when it was never made.
    private(set) var base: OverlayBase?
    /// The overlay entries changed since the last undo record was stored (their keys after the
    /// session id and NUL byte), with what they held before, in the order first changed.
    private var changes: [OverlayUndoRecord.Change] = []
    private var changedKeys: Set<[UInt8]> = []

    /// The overlay of `session`, a session of the ledger `core` opens, over the current read models.
    init(_ session: StoredSession, of core: LedgerCore) throws {
        self.session = session
        current = StoredReadModel(session.txn, tables: core.tables.readModels)
        let numbered = core.tables.readModels.keys.sorted { $0.name < $1.name }
        tableNumbers = Dictionary(uniqueKeysWithValues: numbered.enumerated().map { ($0.element, UInt16($0.offset)) })
        readModels = OverlayBase.readModels(core.catalog, numbering: numbered)
        base = try session.txn.get(session.table, session.key(.overlayBase)).map { try OverlayBase(id: session.id, bytes: $0) }
    }

    /// Whether the overlay was made on the log at `head`, for these read models.
    func isMade(on head: LogHead) -> Bool {
        base?.position == head.position && base?.readModels == readModels
    }

    /// Empties the overlay and bases it on the log at `head`, its staged events dated now
    /// (never before the last commit).
    func restart(on head: LogHead) throws {
        try session.deleteEntries(of: SessionEntryKind.overlay)
        let restarted = OverlayBase(position: head.position, recordedAt: max(Timestamp.now(), head.recordedAt), readModels: readModels)
        try session.txn.put(session.table, session.key(.overlayBase), restarted.encoded)
        base = restarted
        changes = []
        changedKeys = []
    }

    // MARK: - The read models

    var scratch: BinaryScratch { current.scratch }

    func holds(_ table: TableName) -> Bool { tableNumbers[table] != nil }

    func withValue<T>(_ table: TableName, key: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer?) throws -> T) throws -> T {
        if let written = try session.txn.get(session.table, try rowKey(table, key)) { return try body(try StoredRow.rowBytes(written)) }
        return try current.withValue(table, key: key, body)
    }

    func values(_ table: TableName, range: StoredKeyRange) throws -> [(key: [UInt8], value: [UInt8])] {
        let stored = try current.values(table, range: range)
        let tableKey = try rowKey(table)
        var written: [(key: [UInt8], value: [UInt8]?)] = []
        try session.forEachEntry(tableKey + range.prefix) { key, value in
            let entry = try StoredRow.decode(key: UnsafeRawBufferPointer(rebasing: key.dropFirst(tableKey.count)), value: value)
            if entry.key.withUnsafeBytes(range.contains) { written.append(entry) }
        }
        StoredRow.restoreWholeKeyOrder(&written) { $0.key }
        return StoredRow.rows(stored, overwrittenBy: written)
    }

    func set(_ table: TableName, key: UnsafeRawBufferPointer, value row: UnsafeRawBufferPointer) throws {
        try write(table, key: key, row: row)
    }

    func remove(_ table: TableName, key encoded: UnsafeRawBufferPointer) throws {
        guard try withValue(table, key: encoded, { $0 != nil }) else { return }
        try write(table, key: encoded, row: nil)
    }

    /// Writes `row` (nil: a removal) under `encoded` into the overlay.
    private func write(_ table: TableName, key encoded: UnsafeRawBufferPointer, row: UnsafeRawBufferPointer?) throws {
        let key = try rowKey(table, encoded)
        try StoredRow.withValue(row, encodedKey: encoded) { value in try put(key, Array(value)) }
    }

    /// The key of the overlay's rows of `table`, followed by the stored key of `encoded`.
    private func rowKey(_ table: TableName, _ encoded: UnsafeRawBufferPointer = UnsafeRawBufferPointer(start: nil, count: 0)) throws -> [UInt8] {
        guard let number = tableNumbers[table] else { throw LedgerError.undeclaredTable(table) }
        let tableKey = session.key(.row, withUnsafeBytes(of: number.bigEndian, Array.init))
        return StoredRow.withStoredKey(encoded) { tableKey + $0 }
    }

    // MARK: - Streams, ids and the base

    /// The version the staged events took `stream` to, nil when none went to it.
    func streamVersion(of stream: String) throws -> UInt64? {
        try session.txn.get(session.table, session.key(.streamVersion, stream: stream)).map { LedgerTables.readBigEndian($0) }
    }

    /// Notes that a staged event took `stream` to `version`.
    func setStreamVersion(_ version: UInt64, of stream: String) throws {
        try put(session.key(.streamVersion, stream: stream), LedgerTables.bigEndian(version))
    }

    /// The index of the applied staged event whose id is `id`, nil when none has it.
    func stagedIndex(of id: EventID) throws -> Int? {
        try session.txn.get(session.table, session.key(.eventID, id.bytes)).map { Int(clamping: LedgerTables.readBigEndian($0)) }
    }

    /// What the next staged event applied is applied with: the position it takes and the time
    /// the staged events are dated.
    var nextContext: EventContext {
        EventContext(position: madeBase.nextPosition, recordedAt: madeBase.recordedAt)
    }

    /// Notes that the staged event at `index`, whose id is `id`, was applied in `nextContext`.
    func noteApplied(_ index: Int, id: EventID?) throws {
        if let id { try put(session.key(.eventID, id.bytes), LedgerTables.bigEndian(UInt64(index))) }
        var applied = madeBase
        applied.applied &+= 1
        try put(session.key(.overlayBase), applied.encoded)
        base = applied
    }

    /// Dates the staged events applied from now on `time`: a replica's pending commit is
    /// dated when it was queued (never before the log's last commit: the caller sees to it).
    func date(_ time: Timestamp) throws {
        var dated = madeBase
        dated.recordedAt = time
        try put(session.key(.overlayBase), dated.encoded)
        base = dated
    }

    /// The base of the overlay, which staged events are applied to only once it is made.
    private var madeBase: OverlayBase {
        guard let base else { preconditionFailure("a staged event applied to an overlay never made") }
        return base
    }

    // MARK: - Undo

    /// Stores the changes noted since the last undo record as that of the staged event at
    /// `index` (none when nothing changed).
    func storeUndoRecord(of index: Int) throws {
        defer {
            changes = []
            changedKeys = []
        }
        guard !changes.isEmpty else { return }
        try session.txn.put(session.table, session.key(.undo, LedgerTables.bigEndian(UInt64(index))), OverlayUndoRecord.encoded(changes))
    }

    /// Puts back every overlay entry the staged event at `index`, the last one, changed, as
    /// its undo record says.
    func undo(_ index: Int) throws {
        let recordKey = session.key(.undo, LedgerTables.bigEndian(UInt64(index)))
        guard let record = try session.txn.get(session.table, recordKey) else { return }
        let undone = try OverlayUndoRecord.changes(id: session.id, bytes: record)
        try session.txn.delete(session.table, recordKey)
        for change in undone.reversed() {
            let key = session.key(relative: change.key)
            if let previous = change.previous {
                try session.txn.put(session.table, key, previous)
            } else {
                try session.txn.delete(session.table, key)
            }
        }
        base = try session.txn.get(session.table, session.key(.overlayBase)).map { try OverlayBase(id: session.id, bytes: $0) }
    }

    /// Writes `value` under `key`, noting what the entry held before.
    private func put(_ key: [UInt8], _ value: [UInt8]) throws {
        let relativeKey = session.relativeKey(key)
        if changedKeys.insert(relativeKey).inserted {
            changes.append((relativeKey, try session.txn.get(session.table, key).map(Array.init)))
        }
        try session.txn.put(session.table, key, value)
    }
}
