#if canImport(Glibc)
import Glibc
#endif

/// Counts and sizes describing a ledger (`ledger stats`).
public struct LedgerStats: Sendable, Equatable {
    /// Events in the log.
    public let events: UInt64
    /// Commits in the log.
    public let commits: UInt64
    /// Events per event type.
    public let eventsByType: [String: UInt64]
    /// Streams per kind (the part of the stream name before its first `-`, e.g. `artist`).
    public let streamsByKind: [String: UInt64]
    /// The ledger file's size in bytes.
    public let fileSize: UInt64
    /// The last position each read model the file holds has applied, including those whose
    /// domains are not plugged in.
    public let checkpoints: [String: UInt64]
    /// The read models the file holds whose domains are not plugged in, sorted.
    public let readModelsOfUnknownDomains: [String]
    /// The version of the file's format (1 for files written before versions were recorded).
    public let formatVersion: Int
}

extension Maintenance {
    /// The ledger's counts and sizes, as `Ledger.stats()` describes.
    func stats() throws(LedgerError) -> LedgerStats {
        try LedgerError.typed {
            try core.environment.read { txn in
                let head = try LogHead(txn, core.tables)
                var byType: [String: UInt64] = [:]
                try txn.withCursor(core.tables.log) { cursor in
                    var entry = try cursor.first()
                    while let current = entry {
                        let view = try EventRecordView(current.value, position: LedgerTables.readBigEndian(current.key))
                        byType[view.type, default: 0] += 1
                        entry = try cursor.next()
                    }
                }
                var byKind: [String: UInt64] = [:]
                try txn.withCursor(core.tables.streams) { cursor in
                    var entry = try cursor.first()
                    while let current = entry {
                        let stream = current.key.prefix(current.key.count - 9)
                        if LedgerTables.readBigEndian(current.key, at: current.key.count - 8) == 1 {
                            let kind = stream.split(separator: UInt8(ascii: "-"), maxSplits: 1).first ?? stream[...]
                            byKind[String(decoding: kind, as: UTF8.self), default: 0] += 1
                        }
                        entry = try cursor.next()
                    }
                }
                let inFile = try ReadModelsInFile(core.catalog, txn, of: core.path)
                var checkpoints: [String: UInt64] = [:]
                for name in inFile.names {
                    checkpoints[name] = try txn.get(core.tables.checkpoints, Array(name.utf8)).map { LedgerTables.readBigEndian($0) } ?? 0
                }
                var status = stat()
                let size = stat(core.path, &status) == 0 ? UInt64(status.st_size) : 0
                return LedgerStats(
                    events: head.position, commits: head.commit, eventsByType: byType,
                    streamsByKind: byKind, fileSize: size, checkpoints: checkpoints,
                    readModelsOfUnknownDomains: inFile.unknown,
                    formatVersion: try FileFormat.storedVersion(txn, core.tables.checkpoints, of: core.path))
            }
        }
    }
}
