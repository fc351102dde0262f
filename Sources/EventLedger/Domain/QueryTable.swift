import Synchronization

/// The table form of a query's answer: its rows as JSON and the columns that show them, made
/// from the rows the first time they are asked for and kept, so that a caller reading the
/// JSON form alone does not pay for them.
final class QueryTable: Sendable {
    /// The columns, one for each key the rows encode, in the order first encoded, and the
    /// rows as JSON.
    struct Contents: Sendable {
        let columns: [QueryColumn]
        let rows: [JSONValue]
    }

    private let make: @Sendable () -> Contents
    private let made = Mutex<Contents?>(nil)

    /// The table of `rows`, its columns described by `described` where they are shown other
    /// than by default. Rows that cannot be encoded (a number JSON cannot hold, in rows the
    /// JSON form does not hold) leave the table empty.
    init<Row: Encodable & Sendable>(rows: [Row], described: [QueryColumn]) {
        make = {
            let encoded = try? QueryRowEncoder.rows(rows)
            let keys = rows.isEmpty ? Self.keys(of: Row.self) : encoded?.keys ?? []
            let descriptions = Dictionary(described.map { ($0.key, $0) }, uniquingKeysWith: { $1 })
            return Contents(columns: keys.map { descriptions[$0] ?? QueryColumn($0) }, rows: encoded?.json ?? [])
        }
    }

    /// The columns and the rows, made on the first call.
    var contents: Contents {
        made.withLock { made in
            if let made { return made }
            let contents = make()
            made = contents
            return contents
        }
    }

    /// The keys a row of `type` encodes, when no row is at hand: those its `Decodable`
    /// conformance reads, in the order it reads them (a synthesized conformance reads the
    /// fields it encodes, in the same order); the empty key for a row that is not an object;
    /// none when the type is not `Decodable` or cannot be decoded from placeholders.
    static func keys<Row>(of type: Row.Type) -> [String] {
        guard let decodable = type as? any Decodable.Type else { return [] }
        return keys(decoding: decodable)
    }

    private static func keys<Row: Decodable>(decoding type: Row.Type) -> [String] {
        let record = ShapeRecord()
        guard (try? ShapeProbe.value(type, into: record, depth: 0)) != nil else { return [] }
        switch record.kind {
        case .nothing: return []
        case .keyed: return record.fields.map(\.name)
        case .scalar, .unkeyed: return [""]
        }
    }
}
