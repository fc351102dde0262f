import EventLedger

/// The generated events made private to one of several concurrent writers: every entity
/// id (`…Id` fields) and category name gets the writer's prefix and every event id the
/// writer's number in its low bits. Each writer's events then depend only on its own
/// earlier events, so writers appending in any interleaving all succeed, with payloads
/// a few bytes longer than the single writer's.
enum WriterEvents {
    /// `events` as writer `writer`'s own.
    static func privatized(_ events: [PendingEvent], writer: Int) -> [PendingEvent] {
        events.map { event in
            var event = event
            for (field, value) in event.payload {
                guard case .string(let text) = value else { continue }
                if field.hasSuffix("Id") {
                    event.payload[field] = .string("w\(writer)-\(text)")
                } else if field == "name", event.type.hasPrefix("Category") {
                    event.payload[field] = .string("W\(writer) \(text)")
                }
            }
            event.id = event.id.map { EventID(high: $0.high, low: $0.low ^ UInt64(writer)) }
            return event
        }
    }
}
