internal import CLMDB

extension Environment {
    /// Checks that every page of the file is accounted for, as LMDB's own audit does after a
    /// commit: the pages of every table (the counts in each table's record), of the main and
    /// free-page trees, the pages listed as free, and the two meta pages add up to the pages
    /// the last commit uses; and each page listed as free is one of those pages, listed once.
    /// A damaged free-page list or page count reads as intact, but would make a later commit
    /// overwrite pages still in use. Returns the problem, nil when none.
    ///
    /// The totals must come from the newest commit: while writers keep committing between
    /// the snapshot and the file's page count, the check is tried a few times, then skipped.
    func pageAccountingProblem() throws -> String? {
        for _ in 0..<3 {
            let (newest, counted) = try read { txn in (try newestCommit(), try countPages(txn)) }
            guard newest.transaction == counted.transaction else { continue }
            if let page = counted.freePages.first(where: { $0 < 2 || $0 >= newest.pages }) {
                return "the free-page list names page \(page), which is not one of the \(newest.pages) pages in use (it was altered)"
            }
            guard counted.freePages.count == counted.listedFree else {
                return "the free-page list names a page twice (it was altered)"
            }
            guard counted.pages == newest.pages else {
                return "the file's pages do not add up: \(counted.pages) in its tables, free-page list and meta pages, "
                    + "but its last commit uses \(newest.pages) (a page count or the free-page list was altered)"
            }
            return nil
        }
        return nil
    }

    /// The transaction id and the page count of the newest commit of the file.
    private func newestCommit() throws -> (transaction: Int, pages: Int) {
        var info = MDB_envinfo()
        try lmdbCheck(mdb_env_info(handle, &info), "cannot read the state of \(path)")
        return (info.me_last_txnid, info.me_last_pgno + 1)
    }

    /// What the snapshot of a transaction accounts for.
    private struct PageCount {
        /// The transaction id of the snapshot.
        var transaction = 0
        /// Pages in trees, listed as free, and the meta pages.
        var pages = 0
        /// The pages listed as free.
        var freePages: Set<Int> = []
        /// How many page numbers the free-page lists hold (more than `freePages` when one repeats).
        var listedFree = 0
    }

    /// The pages the snapshot of `txn` accounts for.
    private func countPages(_ txn: Transaction) throws -> PageCount {
        let freeTree = MDB_dbi(0), mainTree = MDB_dbi(1), metaPages = 2
        var count = PageCount(transaction: Int(mdb_txn_id(txn.handle)))
        count.pages = metaPages + (try treePages(txn, freeTree)) + (try treePages(txn, mainTree))
        try scan(txn, mainTree) { name, _ in
            var dbi = MDB_dbi()
            let nameText = String(decoding: name, as: UTF8.self)
            try lmdbCheck(mdb_dbi_open(txn.handle, nameText, 0, &dbi), "cannot open table \(nameText) of \(path)")
            count.pages += try treePages(txn, dbi)
        }
        try scan(txn, freeTree) { _, list in
            // A free-page list: its length, then that many page numbers, each a machine word.
            let word = MemoryLayout<Int>.size
            let length = list.count >= word ? list.loadUnaligned(as: Int.self) : -1
            guard length >= 0, list.count == (length + 1) * word else {
                throw LedgerError(.corruption, "the free-page list of \(path) is malformed")
            }
            count.pages += length
            count.listedFree += length
            for index in stride(from: 1, through: length, by: 1) {
                count.freePages.insert(list.loadUnaligned(fromByteOffset: index * word, as: Int.self))
            }
        }
        return count
    }

    /// The branch, leaf and overflow pages of the tree `dbi`.
    private func treePages(_ txn: Transaction, _ dbi: MDB_dbi) throws -> Int {
        var stat = MDB_stat()
        try lmdbCheck(mdb_stat(txn.handle, dbi, &stat), "cannot read the page counts of \(path)")
        return stat.ms_branch_pages + stat.ms_leaf_pages + stat.ms_overflow_pages
    }

    /// Calls `body` with each key and value of the tree `dbi`.
    private func scan(_ txn: Transaction, _ dbi: MDB_dbi, _ body: (UnsafeRawBufferPointer, UnsafeRawBufferPointer) throws -> Void) throws {
        var cursor: OpaquePointer?
        try lmdbCheck(mdb_cursor_open(txn.handle, dbi, &cursor), "cannot read \(path)")
        defer { mdb_cursor_close(cursor) }
        var key = MDB_val(), value = MDB_val()
        var code = mdb_cursor_get(cursor, &key, &value, MDB_FIRST)
        while code == 0 {
            try body(
                UnsafeRawBufferPointer(start: key.mv_data, count: key.mv_size),
                UnsafeRawBufferPointer(start: value.mv_data, count: value.mv_size))
            code = mdb_cursor_get(cursor, &key, &value, MDB_NEXT)
        }
        if code != MDB_NOTFOUND { try lmdbCheck(code, "cannot read \(path)") }
    }
}
