internal import CLibPQ
#if canImport(Glibc)
import Glibc
#endif

/// One connection to a PostgreSQL server: the only place that calls libpq.
///
/// Every failure is a `LedgerError` of kind `.storage`: `primary unreachable: …` when the
/// server cannot be reached or the connection is lost, `primary refused: …` when a statement
/// fails. The connection string's password never appears in a message.
final class PostgresConnection {
    private let connection: OpaquePointer
    private let redaction: ConnectionStringRedaction

    /// Connects with `connectionString` (a libpq URI or `key=value` string).
    init(_ connectionString: String) throws(LedgerError) {
        redaction = try ConnectionStringRedaction(connectionString)
        guard let connection = PQconnectdb(connectionString) else {
            throw LedgerError(.storage, "primary unreachable: out of memory")
        }
        self.connection = connection
        // A failed connection is still finished by `deinit`.
        guard PQstatus(connection) == CONNECTION_OK else { throw unreachable() }
        // The server's notices ("relation already exists, skipping") are not the tool's output.
        PQsetNoticeProcessor(connection, { _, _ in }, nil)
    }

    deinit { PQfinish(connection) }

    /// Runs `sql` with `parameters` bound to `$1`, `$2`… as text (nil is NULL) and returns
    /// the rows it gives, every value as text (nil for NULL).
    @discardableResult
    func execute(_ sql: String, _ parameters: [String?] = []) throws(LedgerError) -> [[String?]] {
        let values = parameters.map { $0.map { strdup($0) } ?? nil }
        defer { values.forEach { free($0) } }
        let result = values.withUnsafeBufferPointer { values in
            values.withMemoryRebound(to: UnsafePointer<CChar>?.self) { values in
                PQexecParams(connection, sql, Int32(values.count), nil, values.baseAddress, nil, nil, 0)
            }
        }
        defer { PQclear(result) }
        switch PQresultStatus(result) {
        case PGRES_COMMAND_OK:
            return []
        case PGRES_TUPLES_OK:
            return (0..<PQntuples(result)).map { row in
                (0..<PQnfields(result)).map { column in
                    PQgetisnull(result, row, column) != 0 ? nil : String(cString: PQgetvalue(result, row, column))
                }
            }
        default:
            guard isConnected else { throw unreachable() }
            let message = result.map { String(cString: PQresultErrorMessage($0)) } ?? "no result"
            throw LedgerError(.storage, "primary refused: \(redaction.clean(message))")
        }
    }

    /// Whether the connection is still up (false once the server went away).
    var isConnected: Bool { PQstatus(connection) == CONNECTION_OK }

    /// The error for a connection that could not be made or was lost.
    private func unreachable() -> LedgerError {
        LedgerError(.storage, "primary unreachable: \(redaction.clean(String(cString: PQerrorMessage(connection))))")
    }
}

/// Keeps a connection string's password out of messages: libpq's own messages may echo
/// parts of the string.
struct ConnectionStringRedaction {
    private let password: String?

    /// Finds the password `connectionString` holds; a string libpq cannot parse is refused
    /// without echoing it (`primary unreachable: …`).
    init(_ connectionString: String) throws(LedgerError) {
        var error: UnsafeMutablePointer<CChar>?
        guard let options = PQconninfoParse(connectionString, &error) else {
            if let error { PQfreemem(error) }
            throw LedgerError(.storage, "primary unreachable: the connection string is malformed")
        }
        defer { PQconninfoFree(options) }
        var found: String?
        var option = options
        while let keyword = option.pointee.keyword {
            if String(cString: keyword) == "password", let value = option.pointee.val { found = String(cString: value) }
            option += 1
        }
        password = found.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// `message` on one line, its password (if any) replaced by `***`.
    func clean(_ message: String) -> String {
        var text = message.split(whereSeparator: \.isNewline).joined(separator: " ")
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
