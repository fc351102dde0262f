/// A form session as format 1 of the file stored it: one JSON object under its id holding the
/// fields of its header, every staged event (`"events"`, as `StagedEventCoding` writes one)
/// and every pin (`"pins"`: stream → version). Read to migrate a file, and to read a file of
/// format 1 as it is (opened for reading only).
struct FormatOneSessionRecord {
    let header: SessionHeader
    let events: [PendingEvent]
    let pins: [String: UInt64]

    /// The record stored as `object` for session `id`; nil when `object` is a header of
    /// today's format (it holds no events).
    init?(id: String, object: [String: JSONValue]) throws {
        guard let stagedEvents = object["events"] else { return nil }
        guard let events = stagedEvents.arrayValue, let pins = object["pins"]?.objectValue else {
            throw SessionHeader.unreadable(id)
        }
        header = try SessionHeader(id: id, object: object)
        self.events = try events.map { try StagedEventCoding.decode($0, session: id) }
        self.pins = pins.compactMapValues { $0.int64Value.flatMap(UInt64.init(exactly:)) }
    }
}
