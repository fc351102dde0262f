#if canImport(Glibc)
import Glibc
#endif

extension Interchange {
    /// `Ledger.replay(to:into:)`: the new ledger's core.
    func replay(to position: UInt64, into outputPath: String) throws(LedgerError) -> LedgerCore {
        try LedgerError.typed {
            try core.requireKnownDomains()
            var status = stat()
            guard stat(outputPath, &status) != 0 else { throw LedgerError(.storage, "\(outputPath) already exists") }
            let target = try LedgerCore(
                path: outputPath, domains: core.catalog.domains.map(\.domain), options: Ledger.Options(), formats: .released,
                keepingReadModelVersions: false)
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

    private func copyLog(to position: UInt64, into target: LedgerCore) throws {
        try core.environment.read { source in
            // The new ledger holds at most what this one does.
            try target.environment.write(reserving: core.environment.usedBytes) { destination in
                var schemaVersions = LoggedSchemaVersions.Highest()
                try source.withCursor(core.tables.log) { cursor in
                    var next = try cursor.first()
                    while let entry = next, LedgerTables.readBigEndian(entry.key) <= position {
                        let record = try EventRecordView(entry.value, position: LedgerTables.readBigEndian(entry.key))
                        try destination.put(target.tables.log, entry.key, entry.value, append: true)
                        let positionKey = Array(entry.key)
                        try destination.put(target.tables.streams, LedgerTables.streamKey(record.stream, record.version), positionKey)
                        try destination.put(target.tables.ids, record.id.bytes, positionKey)
                        schemaVersions.note(record)
                        next = try cursor.next()
                    }
                }
                try LoggedSchemaVersions.raise(schemaVersions.versions, destination, target.tables.checkpoints)
                for index in target.catalog.domains.indices {
                    try ReadModelFold(catalog: target.catalog, tables: target.tables, domainIndex: index).store(destination)
                }
            }
        }
    }
}
