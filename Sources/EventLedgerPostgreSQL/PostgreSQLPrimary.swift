import EventLedger

/// A PostgreSQL database as the primary of replicas: the shared log is its table
/// `ledger_events` (created on first use), writers serialize on an advisory lock, and
/// commits are signalled to the replicas that watch (`LISTEN`/`NOTIFY`).
///
/// ```swift
/// let primary = PostgreSQLPrimary("postgresql://ledger@db.example/ledger")
/// let ledger = try Ledger(path: "music.lmdb", domains: [MusicDomain()], options: .init(primary: primary))
/// ```
///
/// libpq, PostgreSQL's client library, is loaded (`libpq.so.5`) the first time the primary is
/// used, so a process that never reaches a primary never loads it. Every wait for the server
/// is bounded (`timeouts`); the connection string's password never appears in a message.
public struct PostgreSQLPrimary: LedgerPrimary {
    /// The connection string: a libpq URI or `key=value` string.
    public let connectionString: String
    /// How long connecting may take, and the server may stay silent during a statement.
    public let timeouts: PrimaryTimeouts

    /// The primary at `connectionString`, waited for as `timeouts` says; nothing connects yet.
    public init(_ connectionString: String, timeouts: PrimaryTimeouts = PrimaryTimeouts()) {
        self.connectionString = connectionString
        self.timeouts = timeouts
    }

    /// A new connection, bounded by `timeouts` and, for locks, by `lockWait`.
    public func connect(lockWait: Duration?) throws(LedgerError) -> any PrimaryConnection {
        PostgreSQLLog(
            try PostgresConnection(connectionString, timeouts: timeouts, lockWait: lockWait),
            quietSpell: timeouts.statement)
    }
}
