#if canImport(Glibc)
import Glibc
#endif

/// A ledger's way to its primary: the primary, how long to wait for its write lock and, once
/// a write or sync needed it, one open connection, used by one thread at a time. A
/// connection found broken, or left by a statement that did not answer in time, is dropped,
/// so the next use connects again (the primary may be back).
final class PrimaryLink: @unchecked Sendable {
    /// The primary.
    let primary: any LedgerPrimary
    /// How long a statement waits for a lock on the primary (its write lock); nil: as long
    /// as the primary's own bounds allow.
    let lockWait: Duration?
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var connection: (any PrimaryConnection)?

    /// A link to `primary`; nothing connects yet.
    init(_ primary: any LedgerPrimary, lockWait: Duration?) {
        self.primary = primary
        self.lockWait = lockWait
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with the open connection to the primary holding the primary's write lock
    /// (see `LedgerPrimary.locked`), connecting first when needed.
    func withLockedLog<T>(_ body: (any PrimaryConnection) throws -> T) throws -> T {
        try withLog { log in try log.locked { try body(log) } }
    }

    /// Runs `body` with the open connection to the primary, connecting first when needed
    /// (and creating the primary's log when it has none).
    func withLog<T>(_ body: (any PrimaryConnection) throws -> T) throws -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        let open =
            try connection
            ?? {
                let new = try connect()
                try new.prepareLog()
                return new
            }()
        connection = open
        do {
            return try body(open)
        } catch {
            if !open.isConnected { connection = nil }
            throw error
        }
    }

    /// A new connection to the primary, with this link's lock wait.
    func connect() throws(LedgerError) -> any PrimaryConnection {
        try primary.connect(lockWait: lockWait)
    }
}
