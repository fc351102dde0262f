import EventLedger

/// What a connection string sets, as libpq reads it: the settings a connection needs to know
/// besides connecting with the string itself.
struct ConnectionSettings {
    /// Each keyword the string sets (libpq's names: `host`, `password`, `connect_timeout`…)
    /// with its value.
    let values: [String: String]

    /// Reads `connectionString` (a libpq URI or `key=value` string); one libpq cannot parse is
    /// refused without echoing it (`primary unreachable: …`).
    init(_ connectionString: String, _ pq: LibPQ) throws(LedgerError) {
        var error: UnsafeMutablePointer<CChar>?
        guard let options = pq.conninfoParse(connectionString, &error) else {
            if let error { pq.freemem(error) }
            throw LedgerError.primaryUnreachable("the connection string is malformed")
        }
        defer { pq.conninfoFree(options) }
        var values: [String: String] = [:]
        var option = options
        while let keyword = option.pointee.keyword {
            if let value = option.pointee.val { values[String(cString: keyword)] = String(cString: value) }
            option += 1
        }
        self.values = values
    }

    /// The password, when the string holds a non-empty one.
    var password: String? { values["password"].flatMap { $0.isEmpty ? nil : $0 } }

    /// The string's own bound on connecting (`connect_timeout`), as libpq reads it: whole
    /// seconds, at least 2; nil when it sets none (or zero or less: no bound).
    var connectTimeout: Duration? {
        guard let text = values["connect_timeout"], let seconds = Int(text), seconds > 0 else { return nil }
        return .seconds(max(2, seconds))
    }
}
