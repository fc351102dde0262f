internal import CLMDB

extension Transaction {
    /// The names of every table of the file, in name order: the keys of LMDB's main tree.
    func tableNames() throws -> [String] {
        let mainTree = Table(dbi: MDB_dbi(1), name: "the main tree")
        return try withCursor(mainTree) { cursor in
            var names: [String] = []
            try cursor.scan(prefix: []) { entry in
                names.append(String(decoding: entry.key, as: UTF8.self))
                return true
            }
            return names
        }
    }
}
