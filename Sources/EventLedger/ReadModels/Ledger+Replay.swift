#if canImport(Glibc)
import Glibc
#endif

extension Ledger {
    /// Writes a new, fully usable ledger at `outputPath` holding this log up to `position`
    /// (records copied byte for byte, so ids and hashes are the same) and its read models
    /// rebuilt from it: its queries equal this ledger's queries as of `position`.
    @discardableResult
    public func replay(to position: UInt64, into outputPath: String) throws(LedgerError) -> Ledger {
        try LedgerError.typed {
            try core.requireKnownDomains()
            var status = stat()
            guard stat(outputPath, &status) != 0 else { throw LedgerError(.storage, "\(outputPath) already exists") }
            let target = try Ledger(path: outputPath, domains: core.catalog.domains.map(\.domain))
            do {
                try copyLog(to: position, into: target)
            } catch {
                unlink(outputPath)
                unlink(outputPath + "-lock")
                throw error
            }
            return target
        }
    }

    private func copyLog(to position: UInt64, into target: Ledger) throws {
        try core.environment.read { source in
            // The new ledger holds at most what this one does.
            try target.core.environment.write(reserving: core.environment.usedBytes) { destination in
                try source.withCursor(core.tables.log) { cursor in
                    var next = try cursor.first()
                    while let entry = next, LedgerTables.readBigEndian(entry.key) <= position {
                        let record = try EventRecordView(entry.value, position: LedgerTables.readBigEndian(entry.key))
                        try destination.put(target.core.tables.log, entry.key, entry.value, append: true)
                        let positionKey = Array(entry.key)
                        try destination.put(target.core.tables.streams, LedgerTables.streamKey(record.stream, record.version), positionKey)
                        try destination.put(target.core.tables.ids, record.id.bytes, positionKey)
                        next = try cursor.next()
                    }
                }
                for index in target.core.catalog.domains.indices {
                    try ReadModelFold(catalog: target.core.catalog, tables: target.core.tables, domainIndex: index).store(destination)
                }
            }
        }
    }
}
