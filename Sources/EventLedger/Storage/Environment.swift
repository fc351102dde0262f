internal import CLMDB
import Glibc
import Synchronization

/// One open LMDB environment (a single file plus its `-lock` file) and the tables in it.
///
/// All transactions of the process share a read-write lock so that the map can be grown
/// (`mdb_env_set_mapsize`) while no transaction is active, as LMDB requires.
final class Environment: @unchecked Sendable {
    let handle: OpaquePointer
    let path: String
    let readOnly: Bool
    private let mapLock: UnsafeMutablePointer<pthread_rwlock_t>
    private let writerLock: UnsafeMutablePointer<pthread_mutex_t>
    /// Keeps other processes' writers out while this one writes; nil when read-only.
    private let writeLock: WriteLock?
    /// The thread running a write transaction (`pthread_self`), 0 when none is.
    private let writingThread = Atomic<UInt>(0)
    private var tableHandles: [String: MDB_dbi] = [:]

    /// Whether commits write their pages straight into the map (`MDB_WRITEMAP`) instead of
    /// copying them in memory first (see `init`).
    let writesInPlace: Bool

    /// Opens (and, unless `readOnly`, creates) the environment at `path`, which must be the
    /// file's canonical path: the lock file is named after it.
    ///
    /// With `writesInPlace`, a write changes the mapped file itself, so a large write takes no
    /// memory of the process for the pages it changes; the file is grown to the map's size
    /// and that space reserved on the disk up front (a full disk is an error here, not a
    /// fault later). Nested transactions are then not possible: only a file no other code
    /// writes (a ledger being built under a temporary name) is opened so.
    init(
        path: String, mapSize: Int, readOnly: Bool, maxTables: Int, writeLockWaiting: WriteLockWaiting = .init(),
        writesInPlace: Bool = false
    ) throws {
        var lockFile = LockFile(path: path + "-lock")
        try lockFile.prepare(readOnly: readOnly)
        var flags = UInt32(MDB_NOSUBDIR | MDB_NOTLS)
        if readOnly { flags |= UInt32(MDB_RDONLY) }
        if writesInPlace { flags |= UInt32(MDB_WRITEMAP) }
        var (opened, code) = try Self.openHandle(path, flags: flags, mapSize: readOnly ? nil : mapSize, maxTables: maxTables)
        if readOnly, code == EACCES || code == EROFS || code == EPERM {
            // The lock file cannot be created or opened (a read-only directory or filesystem):
            // read without it. No writer can exist where nothing can be written.
            (opened, code) = try Self.openHandle(path, flags: flags | UInt32(MDB_NOLOCK), mapSize: nil, maxTables: maxTables)
        }
        guard let env = opened else {
            // Opening something that is not a ledger leaves nothing beside it.
            if lockFile.created { unlink(lockFile.path) }
            if code == ENOENT { throw LedgerError(.storage, "no ledger at \(path)") }
            if code == EBADF || code == EINVAL { throw LedgerError(.storage, "\(path) is not an EventLedger file") }
            throw lmdbError(code, "cannot open ledger \(path)")
        }
        do {
            try lockFile.requireUnchanged()
            try Self.requireWholeFile(env, path: path)
            if writesInPlace { try Self.reserveFileSpace(env, path: path) }
            writeLock = readOnly ? nil : try WriteLock(path: path, waiting: writeLockWaiting)
        } catch {
            mdb_env_close(env)
            throw error
        }
        self.handle = env
        self.path = path
        self.readOnly = readOnly
        self.writesInPlace = writesInPlace
        mapLock = .allocate(capacity: 1)
        pthread_rwlock_init(mapLock, nil)
        writerLock = .allocate(capacity: 1)
        pthread_mutex_init(writerLock, nil)
        clearStaleReaders()
    }

    /// Opens an LMDB environment handle; nil and the error code when it cannot be opened.
    private static func openHandle(_ path: String, flags: UInt32, mapSize: Int?, maxTables: Int) throws -> (OpaquePointer?, Int32) {
        var env: OpaquePointer?
        try lmdbCheck(mdb_env_create(&env), "cannot create environment")
        guard let env else { throw LedgerError(.storage, "cannot create environment") }
        mdb_env_set_maxdbs(env, MDB_dbi(maxTables))
        mdb_env_set_maxreaders(env, 512)
        if let mapSize { mdb_env_set_mapsize(env, mapSize) }
        let code = mdb_env_open(env, path, flags, 0o600)
        guard code == 0 else {
            mdb_env_close(env)
            return (nil, code)
        }
        return (env, 0)
    }

    /// A file shorter than the pages its last commit uses (a truncated copy) would make LMDB
    /// fault on a read past its end: refuse it.
    private static func requireWholeFile(_ env: OpaquePointer, path: String) throws {
        var status = stat()
        guard let needed = usedBytes(env), stat(path, &status) == 0 else { return }
        if Int(status.st_size) < needed {
            throw LedgerError(.storage, "\(path) is truncated: \(status.st_size) bytes, its last commit uses \(needed)")
        }
    }

    /// Allocates the disk space of the whole map for a file written in place: a page written
    /// into a hole of the file finding the disk full would otherwise end the process (SIGBUS).
    private static func reserveFileSpace(_ env: OpaquePointer, path: String) throws {
        var info = MDB_envinfo()
        var descriptor: Int32 = -1
        try lmdbCheck(mdb_env_info(env, &info), "cannot read the map size of \(path)")
        try lmdbCheck(mdb_env_get_fd(env, &descriptor), "cannot reach the file of \(path)")
        let code = posix_fallocate(descriptor, 0, off_t(info.me_mapsize))
        guard code == 0 else {
            throw LedgerError(.storage, "cannot reserve \(info.me_mapsize) bytes for \(path): \(String(cString: strerror(code)))")
        }
    }

    /// The bytes of the file that its last commit uses, nil when LMDB cannot tell.
    private static func usedBytes(_ env: OpaquePointer) -> Int? {
        var info = MDB_envinfo()
        var pages = MDB_stat()
        guard mdb_env_info(env, &info) == 0, mdb_env_stat(env, &pages) == 0 else { return nil }
        return (info.me_last_pgno + 1) * Int(pages.ms_psize)
    }

    /// The bytes of the file that its last commit uses.
    var usedBytes: Int { Self.usedBytes(handle) ?? 0 }

    deinit {
        // A file written in place spans the whole map: cut it back to what it uses.
        let usedByFile = writesInPlace ? usedBytes : 0
        mdb_env_close(handle)
        if usedByFile > 0 { truncate(path, off_t(usedByFile)) }
        pthread_rwlock_destroy(mapLock)
        mapLock.deallocate()
        pthread_mutex_destroy(writerLock)
        writerLock.deallocate()
    }

    /// Opens the named tables. They are looked up in a read transaction, so opening never
    /// waits for a writer; only when one is missing (a new file) are they created in a write.
    func openTables(_ names: [String]) throws {
        try openTables(names) { _ in }
    }

    /// Opens the named tables as `openTables(_:)` does, running `inspect` first in the same
    /// read transaction: it sees the file before anything is created in it, and what it
    /// throws ends the opening. Returns what `inspect` returned. When tables are created,
    /// `initialize` runs in the same write, after them.
    func openTables<T>(
        _ names: [String], inspecting inspect: (Transaction) throws -> T,
        initializing initialize: (Transaction) throws -> Void = { _ in }
    ) throws -> T {
        let (inspected, handles) = try read(keepingTableHandles: true) { txn in
            (try inspect(txn), try self.lookUpTables(names, txn, create: false))
        }
        if let handles {
            tableHandles = handles
        } else if readOnly {
            throw LedgerError(.storage, "\(path) is not an EventLedger file")
        } else {
            tableHandles =
                try write { txn in
                    let handles = try self.lookUpTables(names, txn, create: true)
                    try initialize(txn)
                    return handles
                } ?? [:]
        }
        return inspected
    }

    /// The handles of `names`, or nil when one does not exist and `create` is false.
    /// Handles looked up in a read transaction stay valid only if it is committed, not aborted.
    private func lookUpTables(_ names: [String], _ txn: Transaction, create: Bool) throws -> [String: MDB_dbi]? {
        var handles: [String: MDB_dbi] = [:]
        for name in names {
            var dbi = MDB_dbi()
            let code = mdb_dbi_open(txn.handle, name, create ? UInt32(MDB_CREATE) : 0, &dbi)
            if code == MDB_NOTFOUND { return nil }
            try lmdbCheck(code, "cannot open table \(name) of \(path)")
            handles[name] = dbi
        }
        return handles
    }

    /// The handle of a table opened by `openTables`.
    func table(_ name: String) -> Table {
        guard let dbi = tableHandles[name] else { preconditionFailure("table \(name) was not opened") }
        return Table(dbi: dbi, name: name)
    }

    /// Runs `body` in a read-only transaction that sees one consistent snapshot. With
    /// `keepingTableHandles` the transaction is committed so that tables it opened stay open.
    func read<T>(keepingTableHandles: Bool = false, _ body: (Transaction) throws -> T) throws -> T {
        while true {
            pthread_rwlock_rdlock(mapLock)
            var txn: OpaquePointer?
            let code = mdb_txn_begin(handle, nil, UInt32(MDB_RDONLY), &txn)
            if code == MDB_MAP_RESIZED {
                pthread_rwlock_unlock(mapLock)
                try adoptResizedMap()
                continue
            }
            defer { pthread_rwlock_unlock(mapLock) }
            try lmdbCheck(code, "cannot begin read transaction on \(path)")
            let transaction = Transaction(handle: txn!)
            let value = try transaction.run(body)
            if keepingTableHandles {
                try lmdbCheck(transaction.commit(), "cannot open the tables of \(path)")
            } else {
                transaction.abort()
            }
            return value
        }
    }

    /// Runs `body` in a write transaction and commits it durably, or aborts it on any error.
    /// When the map is full the transaction is aborted, the map doubled and `body` run again;
    /// a write expected to add about `reserving` bytes grows the map for them first.
    /// With `commit: false` the transaction is always aborted: a scratch write (a preview).
    func write<T>(commit: Bool = true, reserving bytes: Int = 0, _ body: (Transaction) throws -> T) throws -> T {
        guard !readOnly else { throw LedgerError(.storage, "\(path) is opened read-only") }
        if bytes >= Self.smallestReservation {
            clearStaleReaders()
            try reserveMap(forWriting: bytes)
        }
        try requireNoWriteOnThisThread()
        pthread_mutex_lock(writerLock)
        defer { pthread_mutex_unlock(writerLock) }
        try writeLock?.acquire()
        defer { writeLock?.release() }
        writingThread.store(UInt(pthread_self()), ordering: .relaxed)
        defer { writingThread.store(0, ordering: .relaxed) }
        while true {
            switch try attemptWrite(commit: commit, body) {
            case .finished(let value): return value
            case .mapFull: try growMap()
            case .mapResized: try adoptResizedMap()
            }
        }
    }

    /// Throws when this thread is already inside a write (an append from a session's
    /// preview, say): waiting for the write to end would wait for ever.
    func requireNoWriteOnThisThread() throws {
        guard writingThread.load(ordering: .relaxed) == UInt(pthread_self()) else { return }
        throw LedgerError(
            .invalidInput,
            """
            the ledger cannot be written from inside one of its own writes (an append in a session's preview, \
            say): this thread is already writing to \(path)
            """)
    }

    private enum WriteOutcome<T> { case finished(T), mapFull, mapResized }

    private func attemptWrite<T>(commit: Bool, _ body: (Transaction) throws -> T) throws -> WriteOutcome<T> {
        pthread_rwlock_rdlock(mapLock)
        defer { pthread_rwlock_unlock(mapLock) }
        var txn: OpaquePointer?
        let begin = mdb_txn_begin(handle, nil, 0, &txn)
        if begin == MDB_MAP_RESIZED { return .mapResized }
        try lmdbCheck(begin, "cannot begin write transaction on \(path)")
        let transaction = Transaction(handle: txn!)
        let value: T
        do {
            value = try transaction.run(body)
        } catch {
            if transaction.hitMapFull { return .mapFull }
            throw error
        }
        if transaction.hitMapFull || !commit {
            transaction.abort()
            return transaction.hitMapFull ? .mapFull : .finished(value)
        }
        let code = transaction.commit()
        if code == MDB_MAP_FULL { return .mapFull }
        try lmdbCheck(code, "cannot commit to \(path)")
        return .finished(value)
    }

    /// Frees the reader slots of processes that died while reading: the snapshots they held
    /// would keep every page they saw from being reused, and the file would grow instead.
    func clearStaleReaders() {
        var cleared: Int32 = 0
        _ = mdb_reader_check(handle, &cleared)
    }

    /// Runs `body` while the map cannot be resized by this process.
    func withMapSizeFixed(_ body: () -> Void) {
        pthread_rwlock_rdlock(mapLock)
        defer { pthread_rwlock_unlock(mapLock) }
        body()
    }

    private func growMap() throws {
        try growMap { max($0 * 2, 1 << 20) }
    }

    /// Writes expected to add less than this are not worth a reservation: when the map
    /// fills up, rerunning them costs little.
    static let smallestReservation = 1 << 20

    /// A generous estimate of what one event adds to the file (log record, indexes and
    /// read-model versions; about 850 bytes in the benchmark's ledgers), for `reserving`.
    static let bytesPerEvent = 1 << 10

    /// Doubles the map until a write of `bytes` more than the file uses fits, so that a
    /// large write is not aborted and rerun each time the map fills up.
    private func reserveMap(forWriting bytes: Int) throws {
        try growMap { size in
            let needed = usedBytes + bytes
            var grown = max(size, 1 << 20)
            while grown < needed { grown *= 2 }
            return grown
        }
    }

    /// Sets the map to `size(current size)`, when that is larger, while no transaction of this process is active.
    private func growMap(to size: (Int) -> Int) throws {
        pthread_rwlock_wrlock(mapLock)
        defer { pthread_rwlock_unlock(mapLock) }
        var info = MDB_envinfo()
        mdb_env_info(handle, &info)
        let grown = size(info.me_mapsize)
        guard grown > info.me_mapsize else { return }
        try lmdbCheck(mdb_env_set_mapsize(handle, grown), "cannot grow the map of \(path) to \(grown) bytes")
        if writesInPlace { try Self.reserveFileSpace(handle, path: path) }
    }

    private func adoptResizedMap() throws {
        pthread_rwlock_wrlock(mapLock)
        defer { pthread_rwlock_unlock(mapLock) }
        try lmdbCheck(mdb_env_set_mapsize(handle, 0), "cannot adopt the new map size of \(path)")
    }
}
