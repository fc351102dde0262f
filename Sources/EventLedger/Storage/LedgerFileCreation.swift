#if canImport(Glibc)
import Glibc
#endif

extension Environment {
    /// Creates a new environment at `path` with all its tables, atomically: it is built
    /// under a temporary name and hard-linked into place, so another process never sees a
    /// half-created ledger. When another process created `path` first, nothing is done.
    static func createAtomically(path: String, tableNames: [String], mapSize: Int) throws {
        let temporary = "\(path).creating-\(getpid())"
        defer {
            unlink(temporary)
            unlink(temporary + "-lock")
        }
        do {
            let environment = try Environment(path: temporary, mapSize: mapSize, readOnly: false,
                                              maxTables: tableNames.count + 8)
            try environment.openTables(tableNames)
        }
        if link(temporary, path) != 0, errno != EEXIST {
            throw LedgerError(.storage, "cannot create ledger \(path): \(String(cString: strerror(errno)))")
        }
    }
}
