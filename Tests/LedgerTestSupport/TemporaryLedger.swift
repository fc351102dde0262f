import EventLedger
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Runs `body` with a new ledger of `domain` in a fresh directory from `mkdtemp` under
/// /tmp; the directory is removed afterwards.
public func withTemporaryLedger(_ domain: some LedgerDomain, _ body: (Ledger) throws -> Void) throws {
    var template = Array("/tmp/ledger-domain-test-XXXXXX".utf8CString)
    let created = template.withUnsafeMutableBufferPointer { buffer in
        mkdtemp(buffer.baseAddress!).map { String(cString: $0) }
    }
    let directory = try #require(created, "mkdtemp failed")
    let path = "\(directory)/ledger.lmdb"
    defer {
        unlink(path)
        unlink("\(path)-lock")
        rmdir(directory)
    }
    try body(Ledger(path: path, domains: [domain]))
}

/// The log head and every row of every table of `domain`: what a rejected append must leave as it was.
public func snapshot(_ ledger: Ledger, _ domain: some LedgerDomain) throws -> [String] {
    let head = try ledger.head()
    let rows = try ledger.read { state in
        try domain.tables.flatMap { table in
            try state.storedRows(table).map { "\(table.qualifiedName) \($0.key) \($0.row)" }
        }
    }
    return ["head \(head.position) \(head.commit)"] + rows
}

/// Appends `events` expecting `rule` to reject them on behalf of `entity`, and checks
/// that the ledger did not change.
public func expectRuleViolation(
    _ rule: String, entity: String, appending events: [PendingEvent], to ledger: Ledger,
    _ domain: some LedgerDomain, mode: RuleMode = .strict,
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let before = try snapshot(ledger, domain)
    let error = #expect(throws: LedgerError.self, sourceLocation: sourceLocation) {
        try ledger.append(events, mode: mode)
    }
    #expect(error?.kind == .ruleViolation, sourceLocation: sourceLocation)
    #expect(error?.rule == rule, sourceLocation: sourceLocation)
    #expect(error?.subject == entity, sourceLocation: sourceLocation)
    #expect(try snapshot(ledger, domain) == before, sourceLocation: sourceLocation)
}

/// Expects `decode` to reject its payload as invalid input about `field`.
public func expectInvalidField(
    _ field: String, sourceLocation: SourceLocation = #_sourceLocation,
    _ decode: () throws -> any DomainEvent
) {
    let error = #expect(throws: LedgerError.self, sourceLocation: sourceLocation) { try decode() }
    #expect(error?.kind == .invalidInput, sourceLocation: sourceLocation)
    #expect(error?.subject == field, sourceLocation: sourceLocation)
}

/// The JSON answer of the query `name`, serialized.
public func queryJSON(_ ledger: Ledger, _ name: String, _ argument: String? = nil, flags: Set<String> = []) throws -> String {
    try ledger.query(name, .init(argument: argument, flags: flags)).json.serializedString()
}

/// The members of the JSON object `text`, e.g. `payload(#"{"artistId":"a"}"#)`.
public func payload(_ text: String) throws -> [String: JSONValue] {
    try #require(JSONValue.parse(text).objectValue, "not a JSON object: \(text)")
}
