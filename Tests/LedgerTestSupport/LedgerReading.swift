import EventLedger

/// The JSON answer of the query `name`, serialized.
public func queryJSON(_ ledger: Ledger, _ name: String, _ argument: String? = nil, flags: Set<String> = []) throws -> String {
    try ledger.query(name, .init(argument: argument, flags: flags)).json.serializedString()
}

/// The JSON answer of the query `name` as of `position`, serialized.
public func pastQueryJSON(
    _ ledger: Ledger, _ name: String, _ argument: String? = nil, flags: Set<String> = [],
    asOf position: UInt64
) throws -> String {
    try ledger.query(name, .init(argument: argument, flags: flags), asOf: .position(position)).json.serializedString()
}
