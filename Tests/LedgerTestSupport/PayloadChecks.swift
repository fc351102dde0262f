import EventLedger
import Testing

/// Expects `decode` to reject its payload as invalid input about `field`.
public func expectInvalidField(
    _ field: String, sourceLocation: SourceLocation = #_sourceLocation,
    _ decode: () throws -> any DomainEvent
) {
    let error = #expect(throws: LedgerError.self, sourceLocation: sourceLocation) { try decode() }
    #expect(error?.kind == .invalidInput, sourceLocation: sourceLocation)
    #expect(error?.subject == field, sourceLocation: sourceLocation)
}

/// The members of the JSON object `text`, e.g. `payload(#"{"artistId":"a"}"#)`.
public func payload(_ text: String) throws -> [String: JSONValue] {
    try #require(JSONValue.parse(text).objectValue, "not a JSON object: \(text)")
}

/// Expects each event of `stored` to have, as the log stores (and hashes) it, the payload
/// text beside it.
public func expectStoredPayloads(_ stored: [(event: any DomainEvent, text: String)], sourceLocation: SourceLocation = #_sourceLocation) throws {
    for (event, text) in stored {
        #expect(try JSONValue.object(event.payload).serializedString() == text, "\(event)", sourceLocation: sourceLocation)
    }
}
