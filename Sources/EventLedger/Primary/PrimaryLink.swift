#if canImport(Glibc)
import Glibc
#endif

/// A ledger's way to its primary: the connection string, how long to wait for the primary
/// and, once a write or sync needed it, one open connection, used by one thread at a time.
/// A connection found broken, or left by a statement that did not answer in time, is
/// dropped, so the next use connects again (the primary may be back).
final class PrimaryLink: @unchecked Sendable {
    /// The primary's connection string.
    let connectionString: String
    /// How long connecting may take, and the primary may stay silent during a statement.
    let timeouts: PrimaryTimeouts
    /// How long a statement waits for a lock on the primary (its write lock, a locked
    /// table); nil: as long as the statement may take.
    let lockWait: Duration?
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var connection: PostgresConnection?

    /// A link to the primary at `connectionString`; nothing connects yet.
    init(_ connectionString: String, timeouts: PrimaryTimeouts, lockWait: Duration?) {
        self.connectionString = connectionString
        self.timeouts = timeouts
        self.lockWait = lockWait
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with the primary's log, connecting first when needed (and creating the
    /// primary's tables when it has none).
    func withLog<T>(_ body: (PrimaryLog) throws -> T) throws -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        let open =
            try connection
            ?? {
                let new = try connect()
                try PrimaryLog(connection: new).prepare()
                return new
            }()
        connection = open
        do {
            return try body(PrimaryLog(connection: open))
        } catch {
            if !open.isConnected { connection = nil }
            throw error
        }
    }

    /// A new connection to the primary, bounded by this link's timeouts and lock wait.
    func connect() throws(LedgerError) -> PostgresConnection {
        try PostgresConnection(connectionString, timeouts: timeouts, lockWait: lockWait)
    }
}
