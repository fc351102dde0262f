import EventLedger

/// How an event is a row of the primary's `ledger_events` table.
extension PrimaryEvent {
    /// The columns `PostgreSQLLog` selects, in the order `init(row:)` reads them.
    static let selectedColumns = """
        position, commit, (extract(epoch from recorded_at) * 1000000)::bigint, encode(hash, 'hex'), \
        id, type, schema_version, payload, metadata
        """

    /// The columns an insert fills, in the order `parameters(of:)` gives them.
    static let insertedColumns = "position, commit, recorded_at, hash, id, type, schema_version, payload, metadata, stream, version"

    /// The placeholders of one inserted row whose first parameter is `$first`.
    static func insertedValues(first: Int) -> String {
        let p = (first..<first + 11).map { "$\($0)" }
        return "(\(p[0]), \(p[1]), 'epoch'::timestamptz + \(p[2])::bigint * interval '1 microsecond', decode(\(p[3]), 'hex'), "
            + "\(p[4]), \(p[5]), \(p[6]), \(p[7]), \(p[8]), \(p[9]), \(p[10]))"
    }

    /// The parameters inserting `event` binds, for `insertedValues`.
    static func parameters(of event: RecordedEvent) -> [String?] {
        [
            String(event.position), String(event.commit), String(event.recordedAt.microseconds), event.hash,
            event.id.description, event.type, String(event.schemaVersion), event.data.serializedString(),
            JSONValue.object(event.metadata.mapValues { .string($0) }).serializedString(), event.stream, String(event.version),
        ]
    }

    /// Reads a row of `selectedColumns`; a row that does not read is `.corruption`.
    init(row: [String?]) throws(LedgerError) {
        func column(_ index: Int) throws(LedgerError) -> String {
            guard index < row.count, let value = row[index] else {
                throw LedgerError(.corruption, "the primary returned an event row with column \(index + 1) missing")
            }
            return value
        }
        func number(_ index: Int) throws(LedgerError) -> UInt64 {
            guard let value = UInt64(try column(index)) else {
                throw LedgerError(.corruption, "the primary returned an event row with column \(index + 1) not a number")
            }
            return value
        }
        let position = try number(0)
        guard let microseconds = Int64(try column(2)), let id = EventID(try column(4)),
            let schemaVersion = Int(try column(6)),
            let payload = Self.object(try column(7)), let metadata = Self.object(try column(8))
        else { throw LedgerError(.corruption, "the primary's event at position \(position) does not read") }
        self.init(
            position: position, commit: try number(1), recordedAt: Timestamp(microseconds: microseconds),
            hash: try column(3),
            pending: PendingEvent(
                type: try column(5), payload: payload, id: id,
                metadata: metadata.compactMapValues(\.stringValue), schemaVersion: schemaVersion))
    }

    /// The JSON object `text` holds; nil when it holds none.
    private static func object(_ text: String) -> [String: JSONValue]? {
        (try? JSONValue.parse(text))?.objectValue
    }
}
