internal import CLibPQ
#if canImport(Glibc)
import Glibc
#endif

/// One connection to a PostgreSQL server: the only place that calls libpq (see `LibPQ`).
///
/// Every failure is a `LedgerError` of kind `.storage`: `primary unreachable: …` when the
/// server cannot be reached or the connection is lost, `primary refused: …` when a statement
/// fails. The connection string's password never appears in a message.
final class PostgresConnection {
    private let pq: LibPQ
    private let connection: OpaquePointer
    private let redaction: ConnectionStringRedaction

    /// Connects with `connectionString` (a libpq URI or `key=value` string).
    init(_ connectionString: String) throws(LedgerError) {
        pq = try LibPQ.load()
        redaction = try ConnectionStringRedaction(connectionString, pq)
        guard let connection = pq.connectdb(connectionString) else {
            throw LedgerError(.storage, "primary unreachable: out of memory")
        }
        self.connection = connection
        // A failed connection is still finished by `deinit`.
        guard isConnected else { throw unreachable() }
        // The server's notices ("relation already exists, skipping") are not the tool's output.
        _ = pq.setNoticeProcessor(connection, { _, _ in }, nil)
    }

    deinit { pq.finish(connection) }

    /// Runs `sql` with `parameters` bound to `$1`, `$2`… as text (nil is NULL) and returns
    /// the rows it gives, every value as text (nil for NULL).
    @discardableResult
    func execute(_ sql: String, _ parameters: [String?] = []) throws(LedgerError) -> [[String?]] {
        let values = parameters.map { $0.map { strdup($0) } ?? nil }
        defer { values.forEach { free($0) } }
        let result = values.withUnsafeBufferPointer { values in
            values.withMemoryRebound(to: UnsafePointer<CChar>?.self) { values in
                pq.execParams(connection, sql, Int32(values.count), nil, values.baseAddress, nil, nil, 0)
            }
        }
        defer { pq.clear(result) }
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
            let message = pq.resultErrorMessage(result).map { String(cString: $0) } ?? "no result"
            throw LedgerError(.storage, "primary refused: \(redaction.clean(message))")
        }
    }

    /// Waits up to `milliseconds` for notifications on the channels this connection listens
    /// to (`LISTEN`); returns whether one or more arrived (they are consumed).
    func waitForNotification(milliseconds: Int32) throws(LedgerError) -> Bool {
        var request = pollfd(fd: pq.socket(connection), events: Int16(POLLIN), revents: 0)
        guard request.fd >= 0 else { throw unreachable() }
        guard poll(&request, 1, milliseconds) > 0 else { return false }
        guard pq.consumeInput(connection) == 1 else { throw unreachable() }
        var arrived = false
        while let notification = pq.notifies(connection) {
            pq.freemem(notification)
            arrived = true
        }
        return arrived
    }

    /// Whether the connection is still up (false once the server went away).
    var isConnected: Bool { pq.status(connection) == CONNECTION_OK }

    /// The error for a connection that could not be made or was lost.
    private func unreachable() -> LedgerError {
        let message = pq.errorMessage(connection).map { String(cString: $0) } ?? "no message"
        return LedgerError(.storage, "primary unreachable: \(redaction.clean(message))")
    }
}

/// Keeps a connection string's password out of messages: libpq's own messages may echo
/// parts of the string.
struct ConnectionStringRedaction {
    private let password: String?

    /// Finds the password `connectionString` holds; a string libpq cannot parse is refused
    /// without echoing it (`primary unreachable: …`).
    init(_ connectionString: String, _ pq: LibPQ) throws(LedgerError) {
        var error: UnsafeMutablePointer<CChar>?
        guard let options = pq.conninfoParse(connectionString, &error) else {
            if let error { pq.freemem(error) }
            throw LedgerError(.storage, "primary unreachable: the connection string is malformed")
        }
        defer { pq.conninfoFree(options) }
        var found: String?
        var option = options
        while let keyword = option.pointee.keyword {
            if String(cString: keyword) == "password", let value = option.pointee.val { found = String(cString: value) }
            option += 1
        }
        password = found.flatMap { $0.isEmpty ? nil : $0 }
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
