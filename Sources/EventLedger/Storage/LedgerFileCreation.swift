#if canImport(Glibc)
import Glibc
#endif

extension Environment {
    /// Creates a new environment at `path` with all its tables, atomically: it is built
    /// under a temporary name and hard-linked into place, so another process never sees a
    /// half-created ledger, and its directory is synced, so that the first commit reported
    /// does not lose the file's name in a power failure. When another process created `path`
    /// first, nothing is done and false returned.
    /// `initialize` writes what a new file holds besides its empty tables, in the write that
    /// creates them; `fill` may then write more into the file, under its temporary name
    /// (given), before it is linked into place. A failure of either leaves nothing behind.
    /// A lock file that may not be used is refused first, and temporary files that killed
    /// creations left behind are removed.
    @discardableResult
    static func createAtomically(
        path: String, tableNames: [String], mapSize: Int,
        initialize: (Transaction) throws -> Void,
        fill: (_ temporaryPath: String) throws -> Void = { _ in }
    ) throws -> Bool {
        _ = try LockFile(path: path + "-lock").checkExisting(readOnly: false)
        AbandonedCreations.removeAll(of: path)
        let temporary = AbandonedCreations.temporaryPath(for: path)
        defer {
            unlink(temporary)
            unlink(temporary + "-lock")
        }
        do {
            let environment = try Environment(
                path: temporary, mapSize: mapSize, readOnly: false,
                maxTables: tableNames.count + LedgerTables.spareTableSlots)
            try environment.openTables(tableNames, inspecting: { _ in }, initializing: initialize)
        } catch let error as LedgerError {
            throw LedgerError(error.kind, "cannot create ledger \(path): \(error.message.replacing(temporary, with: path))")
        }
        do {
            try fill(temporary)
        } catch var error as LedgerError {
            error.message = error.message.replacing(temporary, with: path)
            throw error
        }
        if link(temporary, path) != 0 {
            guard errno == EEXIST else { throw LedgerError(.storage, "cannot create ledger \(path): \(lastErrorDescription())") }
            return false
        }
        DirectoryEntries.makeDurable(containing: path)
        return true
    }
}
