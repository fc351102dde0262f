/// The engine's own tables and the encoding of their keys.
///
/// - `log`: big-endian position → event record (`EventRecord`), written with `MDB_APPEND`.
/// - `streams`: stream ‖ NUL ‖ big-endian version → big-endian position.
/// - `ids`: 16-byte event id → big-endian position.
/// - `links`: stream ‖ NUL ‖ big-endian position → empty; events that affected a stream
///   they do not belong to (cascades).
/// - `checkpoints`: read model name → big-endian position it has applied; under keys that
///   start with a NUL byte, what the file records about itself: its format (`FileFormat`),
///   the version that built each read model (`ReadModelVersions`) and its tables' shapes
///   (`TableShapes`, `TableShapeStamp`), the highest schema version of each event type in the
///   log (`LoggedSchemaVersions`), a replica's identity.
/// - `sessions`: form sessions (uncommitted batches, outside the log): session id → header,
///   and session id ‖ NUL ‖ kind ‖ key → its staged events, pins and overlay (see `SessionEntryKind`).
/// - for each read-model table, `<table>@history`: every version of every row, the current
///   ones included, keyed by row and position (see `StoredRow`; the name is explained at
///   `versionsTableName`). A row's current value is its latest version, so
///   an event's change to a read model is one write, and a past state is one seek away.
struct LedgerTables {
    static let engineTableNames = ["log", "streams", "ids", "links", "checkpoints", "sessions"]

    let log, streams, ids, links, checkpoints, sessions: Table
    let readModels: [TableName: Table]

    init(environment: Environment, readModelTables: [TableName]) {
        log = environment.table("log")
        streams = environment.table("streams")
        ids = environment.table("ids")
        links = environment.table("links")
        checkpoints = environment.table("checkpoints")
        sessions = environment.table("sessions")
        var readModels: [TableName: Table] = [:]
        for table in readModelTables {
            readModels[table] = environment.table(Self.versionsTableName(table))
        }
        self.readModels = readModels
    }

    /// The names of every table the ledger needs for `readModelTables`.
    static func allNames(_ readModelTables: [TableName]) -> [String] {
        engineTableNames + readModelTables.map(versionsTableName)
    }

    /// The name of the LMDB table holding every version of the rows of a read-model table,
    /// current ones included: `<table>@history`, the name it got when it held only past
    /// versions, kept because LMDB cannot rename a table and a new name would copy every row
    /// of every existing file.
    static func versionsTableName(_ table: TableName) -> String { table.name + versionsTableSuffix }

    /// How many tables a ledger's environment can open beyond those its domains declare: a
    /// file may still hold the tables of read models, or of their earlier versions, that no
    /// plugged-in domain declares, and verify opens every table of the file.
    static let spareTableSlots = 64

    /// What the name of the LMDB table of a read-model table's versions ends with.
    static let versionsTableSuffix = "@history"

    /// Big-endian bytes of `value`, so that keys sort numerically.
    static func bigEndian(_ value: UInt64) -> [UInt8] {
        withUnsafeBytes(of: value.bigEndian) { Array($0) }
    }

    /// Reads a big-endian `u64`; 0 (no position, version or commit) when fewer than 8 bytes
    /// are there, as in a key or value cut short by damage to the file.
    static func readBigEndian(_ bytes: UnsafeRawBufferPointer, at offset: Int = 0) -> UInt64 {
        guard offset >= 0, bytes.count - offset >= 8 else { return 0 }
        return UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// `stream ‖ NUL ‖ big-endian number`.
    static func streamKey(_ stream: String, _ number: UInt64) -> [UInt8] {
        var key = Array(stream.utf8)
        key.append(0)
        key.append(contentsOf: bigEndian(number))
        return key
    }
}
