internal import CLibPQ
import EventLedger

#if canImport(Glibc)
import Glibc
#endif

/// One connection to a PostgreSQL server: the only place that calls libpq (see `LibPQ`).
///
/// libpq is driven without blocking, so that every wait for the server has a bound (see
/// `PrimaryTimeouts`): connecting, and the server's silence during each statement. A
/// statement given up on leaves the connection unusable (its answer may still come), so it
/// is dropped; the server, told to check that its client is still there, ends that
/// statement's session within a second, releasing any lock it held or waited for. (libpq's
/// own cancel request is not sent: it waits for the server without a bound.)
///
/// Every failure is a `LedgerError` of kind `.storage`: `primary unreachable: …` when the
/// server cannot be reached, does not answer in time or the connection is lost, `primary
/// busy: …` when a lock on it was not granted within the lock wait, `primary refused: …`
/// when a statement fails. The connection string's password never appears in a message.
final class PostgresConnection {
    private let pq: LibPQ
    private let connection: OpaquePointer
    private let redaction: ConnectionStringRedaction
    private let timeouts: PrimaryTimeouts
    private let lockWait: Duration?
    /// Whether a statement ran past its bound: the connection is then not used again.
    private var abandoned = false

    /// The SQLSTATE of a lock not granted within `lock_timeout`.
    private static let lockNotAvailable = "55P03"
    /// libpq's code of a result's SQLSTATE field (`PG_DIAG_SQLSTATE`).
    private static let sqlStateField = Int32(UInt8(ascii: "C"))
    /// How often the server checks that this client is still connected while it runs a
    /// statement, in milliseconds (PostgreSQL 14 and later).
    private static let clientCheckInterval = "1000"

    /// Connects with `connectionString` (a libpq URI or `key=value` string) within
    /// `timeouts.connecting`, or the string's own `connect_timeout` when shorter; locks on the
    /// server are waited for at most `lockWait` (nil: as long as a statement may take), which
    /// a statement's silence may then last longer.
    init(_ connectionString: String, timeouts: PrimaryTimeouts = PrimaryTimeouts(), lockWait: Duration? = nil) throws(LedgerError) {
        pq = try LibPQ.load()
        let settings = try ConnectionSettings(connectionString, pq)
        redaction = ConnectionStringRedaction(settings)
        self.timeouts = timeouts
        self.lockWait = lockWait
        guard let connection = pq.connectStart(connectionString) else {
            throw LedgerError.primaryUnreachable("out of memory")
        }
        self.connection = connection
        // A failed connection is still finished by `deinit`.
        var connecting = Deadline(
            after: min(timeouts.connecting, settings.connectTimeout ?? timeouts.connecting),
            renewed: false
        ) { "connecting" }
        try finishConnecting(by: &connecting)
        // The server's notices ("relation already exists, skipping") are not the tool's output.
        _ = pq.setNoticeProcessor(connection, { _, _ in }, nil)
        guard pq.setNonblocking(connection, 1) == 0 else { throw unreachable() }
        try applySessionSettings()
    }

    deinit { pq.finish(connection) }

    /// Runs `sql` with `parameters` bound to `$1`, `$2`… as text (nil is NULL) and returns
    /// the rows it gives, every value as text (nil for NULL); gives up once the server has
    /// been silent for `statementBound`.
    @discardableResult
    func execute(_ sql: String, _ parameters: [String?] = []) throws(LedgerError) -> [[String?]] {
        guard !abandoned else { throw LedgerError.primaryUnreachable("\(server) stopped answering") }
        var deadline = Deadline(after: statementBound, renewed: true) { "running \(Self.summary(of: sql))" }
        try send(sql, parameters, by: &deadline)
        guard let result = try nextResult(by: &deadline) else { throw unreachable() }
        defer { pq.clear(result) }
        // The statement's end: libpq takes the next statement only once it has said so.
        while let extra = try nextResult(by: &deadline) { pq.clear(extra) }
        switch pq.resultStatus(result) {
        case PGRES_COMMAND_OK:
            return []
        case PGRES_TUPLES_OK:
            return (0..<pq.ntuples(result)).map { row in
                (0..<pq.nfields(result)).map { column in
                    pq.getisnull(result, row, column) != 0 ? nil : pq.getvalue(result, row, column).map { String(cString: $0) }
                }
            }
        default:
            guard isConnected else { throw unreachable() }
            if let lockWait, pq.resultErrorField(result, Self.sqlStateField).map({ String(cString: $0) }) == Self.lockNotAvailable {
                throw LedgerError.primaryBusy(
                    "gave up waiting for a lock on \(server) after "
                        + "\(PrimaryTimeouts.describe(lockWait)) (\(deadline.activity())): another session holds it")
            }
            let message = pq.resultErrorMessage(result).map { String(cString: $0) } ?? "no result"
            throw LedgerError(.storage, "primary refused: \(redaction.clean(message))")
        }
    }

    /// Waits up to `milliseconds` for notifications on the channels this connection listens
    /// to (`LISTEN`); returns whether one or more arrived (they are consumed).
    func waitForNotification(milliseconds: Int32) throws(LedgerError) -> Bool {
        guard !takeNotifications() else { return true }
        guard try socket(readyFor: POLLIN, by: ContinuousClock.now + .milliseconds(milliseconds)) != nil else { return false }
        guard pq.consumeInput(connection) == 1 else { throw unreachable() }
        return takeNotifications()
    }

    /// How long the server may stay silent during a statement: `timeouts.statement`, plus the
    /// lock wait when there is one (the server itself ends a longer wait for a lock).
    private var statementBound: Duration { timeouts.statement + (lockWait ?? .zero) }

    /// Whether the connection is still up (false once the server went away or did not answer).
    var isConnected: Bool { !abandoned && pq.status(connection) == CONNECTION_OK }

    /// Consumes the notifications libpq has received; returns whether there were any.
    private func takeNotifications() -> Bool {
        var arrived = false
        while let notification = pq.notifies(connection) {
            pq.freemem(notification)
            arrived = true
        }
        return arrived
    }

    /// Drives the connection libpq started until it is made, waiting for the socket as libpq
    /// asks, and gives up at `deadline`.
    private func finishConnecting(by deadline: inout Deadline) throws(LedgerError) {
        guard pq.status(connection) != CONNECTION_BAD else { throw unreachable() }
        // libpq's protocol: begin as if polling had asked to wait until the socket is writable.
        var state = PGRES_POLLING_WRITING
        while state != PGRES_POLLING_OK {
            switch state {
            case PGRES_POLLING_FAILED: throw unreachable()
            case PGRES_POLLING_READING: try awaitSocket(POLLIN, by: &deadline)
            case PGRES_POLLING_WRITING: try awaitSocket(POLLOUT, by: &deadline)
            default: break
            }
            state = pq.connectPoll(connection)
        }
    }

    /// Asks the server to give up waiting for a lock after `lockWait` and to check every second
    /// that this client is still there while it runs a statement (from PostgreSQL 14 on).
    private func applySessionSettings() throws(LedgerError) {
        var settings: [(name: String, value: String)] = []
        if let lockWait { settings.append(("lock_timeout", String(PrimaryTimeouts.milliseconds(lockWait)))) }
        if pq.serverVersion(connection) >= 140_000 { settings.append(("client_connection_check_interval", Self.clientCheckInterval)) }
        guard !settings.isEmpty else { return }
        let calls = settings.indices.map { "set_config($\($0 * 2 + 1), $\($0 * 2 + 2), false)" }
        try execute("SELECT " + calls.joined(separator: ", "), settings.flatMap { [$0.name, $0.value] })
    }

    /// Sends `sql` with `parameters`, waiting until libpq has written all of it, by `deadline`.
    private func send(_ sql: String, _ parameters: [String?], by deadline: inout Deadline) throws(LedgerError) {
        let values = parameters.map { $0.map { strdup($0) } ?? nil }
        defer { values.forEach { free($0) } }
        let sent = values.withUnsafeBufferPointer { values in
            values.withMemoryRebound(to: UnsafePointer<CChar>?.self) { values in
                pq.sendQueryParams(connection, sql, Int32(values.count), nil, values.baseAddress, nil, nil, 0)
            }
        }
        guard sent == 1 else { throw unreachable() }
        // libpq's protocol: while output is left, wait for either direction, reading what comes.
        while true {
            let flushed = pq.flush(connection)
            if flushed == 0 { return }
            guard flushed == 1 else { throw unreachable() }
            let ready = try awaitSocket(POLLIN | POLLOUT, by: &deadline)
            if ready & Int16(POLLIN) != 0, pq.consumeInput(connection) != 1 { throw unreachable() }
        }
    }

    /// The next result of the statement sent, read as it arrives by `deadline`; nil at its end.
    private func nextResult(by deadline: inout Deadline) throws(LedgerError) -> OpaquePointer? {
        while pq.isBusy(connection) == 1 {
            try awaitSocket(POLLIN, by: &deadline)
            guard pq.consumeInput(connection) == 1 else { throw unreachable() }
        }
        return pq.getResult(connection)
    }

    /// Waits until the socket is ready for `events` and returns the events it is ready for
    /// (renewing `deadline` when it renews); once `deadline` passes, the connection is
    /// abandoned and the error names the server and what it did not answer.
    @discardableResult
    private func awaitSocket(_ events: Int32, by deadline: inout Deadline) throws(LedgerError) -> Int16 {
        if let ready = try socket(readyFor: events, by: deadline.instant) {
            deadline.renew()
            return ready
        }
        abandoned = true
        throw LedgerError.primaryUnreachable(
            "\(server) did not answer within "
                + "\(PrimaryTimeouts.describe(deadline.bound)) (\(deadline.activity()))")
    }

    /// The events the socket is ready for among `events`, or nil when `deadline` passed first.
    private func socket(readyFor events: Int32, by deadline: ContinuousClock.Instant) throws(LedgerError) -> Int16? {
        var request = pollfd(fd: pq.socket(connection), events: Int16(events), revents: 0)
        guard request.fd >= 0 else { throw unreachable() }
        while true {
            let left = deadline - .now
            guard left > .zero else { return nil }
            let ready = poll(&request, 1, PrimaryTimeouts.milliseconds(left))
            if ready > 0 { return request.revents }
            guard ready == 0 || errno == EINTR else {
                throw LedgerError.primaryUnreachable("cannot wait for \(server): \(String(cString: strerror(errno)))")
            }
        }
    }

    /// The server as the messages name it: `HOST:PORT` (a socket directory for HOST).
    private var server: String {
        let host = pq.host(connection).map { String(cString: $0) } ?? ""
        let port = pq.port(connection).map { String(cString: $0) } ?? ""
        return redaction.clean(host.isEmpty ? "the primary" : port.isEmpty ? host : "\(host):\(port)")
    }

    /// `sql` on one line, cut after 60 characters, to say which statement did not finish.
    private static func summary(of sql: String) -> String {
        let line = sql.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return line.count > 60 ? String(line.prefix(60)) + "…" : line
    }

    /// The error for a connection that could not be made or was lost.
    private func unreachable() -> LedgerError {
        let message = pq.errorMessage(connection).map { String(cString: $0) } ?? "no message"
        return LedgerError.primaryUnreachable("\(redaction.clean(message))")
    }
}

/// When a wait for the server ends: the instant, the bound it was set from, and what the
/// server is waited for (`connecting`, `running …`), made only when a message needs it.
///
/// Connecting has one deadline. A statement's is renewed each time the server answers
/// something (or takes more of the statement), so it bounds the server's silence: a large
/// result still arriving is not cut off, a server that stopped, or waits behind a lock, is.
private struct Deadline {
    private(set) var instant: ContinuousClock.Instant
    let bound: Duration
    let activity: () -> String
    private let renewed: Bool

    /// The deadline `bound` from now, renewed as the server answers when `renewed`.
    init(after bound: Duration, renewed: Bool, _ activity: @escaping () -> String) {
        instant = .now + bound
        self.bound = bound
        self.renewed = renewed
        self.activity = activity
    }

    /// Notes that the server answered: a renewed deadline is `bound` from now again.
    mutating func renew() {
        if renewed { instant = .now + bound }
    }
}

/// Keeps a connection string's password out of messages: libpq's own messages may echo
/// parts of the string.
struct ConnectionStringRedaction {
    private let password: String?

    /// Keeps out the password of the connection string read as `settings`.
    init(_ settings: ConnectionSettings) {
        password = settings.password
    }

    /// `message` on one line (its lines trimmed and joined with `; `), its password (if any)
    /// replaced by `***`.
    func clean(_ message: String) -> String {
        var text = message.split(whereSeparator: \.isNewline)
            .map { $0.trimmingPrefix(while: \.isWhitespace) }
            .filter { !$0.allSatisfy(\.isWhitespace) }
            .joined(separator: "; ")
        if let password { text = text.replacingAll(password, with: "***") }
        return text
    }
}

extension String {
    /// This string with every occurrence of `target` replaced by `replacement`.
    fileprivate func replacingAll(_ target: String, with replacement: String) -> String {
        var result = ""
        var rest = Substring(self)
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound] + replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
