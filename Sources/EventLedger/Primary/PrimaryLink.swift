#if canImport(Glibc)
import Glibc
#endif

/// A ledger's way to its primary: the connection string and, once a write or sync needed
/// it, one open connection, used by one thread at a time. A connection found broken is
/// dropped, so the next use connects again (the primary may be back).
final class PrimaryLink: @unchecked Sendable {
    /// The primary's connection string.
    let connectionString: String
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var connection: PostgresConnection?

    /// A link to the primary at `connectionString`; nothing connects yet.
    init(_ connectionString: String) {
        self.connectionString = connectionString
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
        let open = try connection ?? {
            let new = try PostgresConnection(connectionString)
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
}
