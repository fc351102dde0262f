import EventLedger

/// The log as a PostgreSQL primary holds it, over one connection.
///
/// Tables: `ledger_events` (one row per event: position, commit, id, stream, version, type,
/// schema version, payload, metadata, recorded_at, hash) and `ledger_primary` (one row: the
/// primary's identity, a random id made with the tables, which replicas remember). Writers
/// serialize on a transaction-scoped advisory lock, so positions stay gapless and each
/// commit's hashes continue the chain.
final class PostgreSQLLog: PrimaryConnection {
    private let connection: PostgresConnection
    /// How long the server may stay quiet while this connection waits for commits before it
    /// is asked something, so that a server that stopped answering (and so signals no commit
    /// either) is noticed.
    private let quietSpell: Duration
    /// When the server last answered while this connection waited for commits.
    private var heard = ContinuousClock.now

    /// The channel writers notify when they commit.
    static let commitChannel = "ledger_commits"

    /// The log over `connection`, asking the server something after `quietSpell` of silence
    /// while waiting for commits.
    init(_ connection: PostgresConnection, quietSpell: Duration) {
        self.connection = connection
        self.quietSpell = quietSpell
    }

    var isConnected: Bool { connection.isConnected }

    /// The advisory lock every writer takes (an arbitrary constant: "ledger" in ASCII).
    private static let writeLock = "108101100103101114"

    /// The statements creating the tables and the identity, when missing.
    private static let schema = [
        """
        CREATE TABLE IF NOT EXISTS ledger_primary (
            id uuid PRIMARY KEY,
            created_at timestamptz NOT NULL DEFAULT now())
        """,
        """
        CREATE TABLE IF NOT EXISTS ledger_events (
            position bigint PRIMARY KEY CHECK (position > 0),
            commit bigint NOT NULL,
            id uuid NOT NULL UNIQUE,
            stream text NOT NULL,
            version bigint NOT NULL,
            type text NOT NULL,
            schema_version integer NOT NULL,
            payload json NOT NULL,
            metadata json NOT NULL,
            recorded_at timestamptz NOT NULL,
            hash bytea NOT NULL,
            UNIQUE (stream, version))
        """,
        "INSERT INTO ledger_primary (id) SELECT gen_random_uuid() WHERE NOT EXISTS (SELECT 1 FROM ledger_primary)",
    ]

    /// How many rows one insert statement carries (PostgreSQL binds at most 65,535 parameters).
    private static let rowsPerInsert = 1_000

    /// Creates the tables and the identity when they are missing.
    func prepareLog() throws(LedgerError) {
        guard try connection.execute("SELECT to_regclass('ledger_events') IS NULL")[0][0] == "t" else { return }
        do {
            try locked {
                for statement in Self.schema { try connection.execute(statement) }
            }
        } catch let error as LedgerError {
            throw error
        } catch {
            throw LedgerError(.storage, "primary refused: \(error)")
        }
    }

    /// Runs `body` in one transaction holding the write lock, committing when it returns and
    /// rolling back when it throws.
    func locked<T>(_ body: () throws -> T) throws -> T {
        try connection.execute("BEGIN")
        do {
            try connection.execute("SELECT pg_advisory_xact_lock(\(Self.writeLock))")
            let value = try body()
            try connection.execute("COMMIT")
            return value
        } catch {
            _ = try? connection.execute("ROLLBACK")
            throw error
        }
    }

    /// The primary's identity.
    func identity() throws(LedgerError) -> EventID {
        guard let text = try connection.execute("SELECT id FROM ledger_primary").first?[0], let id = EventID(text) else {
            throw LedgerError(.corruption, "the primary has no identity (table ledger_primary is empty)")
        }
        return id
    }

    /// Whether the primary holds no event.
    func isEmpty() throws(LedgerError) -> Bool {
        try connection.execute("SELECT NOT EXISTS (SELECT 1 FROM ledger_events)")[0][0] == "t"
    }

    /// Where the primary's log stands for a replica whose last event is at `position`: the
    /// hash the primary holds there (nil when it holds no such position), its last position
    /// and its clock, read in one statement.
    func standing(at position: UInt64) throws(LedgerError) -> PrimaryStanding {
        let row = try connection.execute(
            """
            SELECT (SELECT encode(hash, 'hex') FROM ledger_events WHERE position = $1), \
            (SELECT coalesce(max(position), 0) FROM ledger_events), \
            (extract(epoch from clock_timestamp()) * 1000000)::bigint
            """, [String(position)])
        guard row.count == 1, row[0].count == 3, let last = row[0][1].flatMap({ UInt64($0) }),
            let clock = row[0][2].flatMap({ Int64($0) })
        else { throw LedgerError(.corruption, "the primary answered its head and clock with an unreadable row") }
        return PrimaryStanding(hash: row[0][0], lastPosition: last, clock: Timestamp(microseconds: clock))
    }

    /// The events after `position`, in position order, of the commits up to `lastCommit`
    /// (all when nil): whole commits only, so a page never splits one.
    func events(after position: UInt64, throughCommit lastCommit: UInt64?) throws(LedgerError) -> [PrimaryEvent] {
        let bound = lastCommit.map { " AND commit <= \($0)" } ?? ""
        let rows = try connection.execute(
            "SELECT \(PrimaryEvent.selectedColumns) FROM ledger_events WHERE position > $1\(bound) ORDER BY position",
            [String(position)])
        var events: [PrimaryEvent] = []
        events.reserveCapacity(rows.count)
        for row in rows { events.append(try PrimaryEvent(row: row)) }
        return events
    }

    /// Inserts `events`, up to `rowsPerInsert` rows per statement, and tells the replicas
    /// following the primary (delivered when the transaction commits).
    func insert(_ events: [RecordedEvent]) throws(LedgerError) {
        guard !events.isEmpty else { return }
        try connection.execute("NOTIFY \(Self.commitChannel)")
        var start = 0
        while start < events.count {
            let chunk = events[start..<min(start + Self.rowsPerInsert, events.count)]
            let values = chunk.indices.map { PrimaryEvent.insertedValues(first: ($0 - start) * 11 + 1) }
            try connection.execute(
                "INSERT INTO ledger_events (\(PrimaryEvent.insertedColumns)) VALUES "
                    + values.joined(separator: ", "), chunk.flatMap(PrimaryEvent.parameters))
            start += chunk.count
        }
    }

    /// Listens on the commit channel.
    func listenForCommits() throws(LedgerError) {
        try connection.execute("LISTEN \(Self.commitChannel)")
        heard = .now
    }

    /// Waits for a notification on the commit channel; after a quiet spell, asks the server
    /// something, so that one that stopped answering throws here.
    func awaitCommit(milliseconds: Int32) throws(LedgerError) -> Bool {
        if try connection.waitForNotification(milliseconds: milliseconds) {
            heard = .now
            return true
        }
        if ContinuousClock.now - heard >= quietSpell {
            try connection.execute("SELECT 1")
            heard = .now
        }
        return false
    }
}
