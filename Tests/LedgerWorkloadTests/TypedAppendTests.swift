import EventLedger
import LedgerTestSupport
import LedgerWorkload
import Testing

/// Typed events are appended as they are, without their payloads decoded again: the log and
/// the read models hold exactly what appending the same events as JSON payloads gives.
@Suite struct TypedAppendTests {
    @Test func typedEventsAndTheirPayloadsAppendTheSameLogAndReadModels() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let typed = try GeneratedLedger.open(directory.file("typed.lmdb"))
        let payloads = try GeneratedLedger.open(directory.file("payloads.lmdb"))
        var generator = WorkloadGenerator(seed: 11)
        var padded = 0
        for _ in 0..<30 {
            let batch = generator.batch(100)
            let asPayloads = batch.map { event in
                PendingEvent(type: event.type, payload: event.payload, id: event.id, expect: event.expect)
            }
            padded += asPayloads.count { event in
                event.payload.values.contains { $0.stringValue.map { $0.hasPrefix(" ") } ?? false }
            }
            try typed.append(batch)
            try payloads.append(asPayloads)
        }
        // The generator pads some names with white space, which the ledger trims.
        #expect(padded > 0)
        #expect(try records(typed) == records(payloads))
        expectSame(
            try ReadModelSnapshot(typed.query).withoutFavoriteTimes, try ReadModelSnapshot(payloads.query).withoutFavoriteTimes,
            "typed events against their payloads")
        #expect(try typed.verify().problems == [])
    }

    /// Each event's position, id, type, stream, version and data.
    private func records(_ ledger: Ledger) throws -> [String] {
        var lines: [String] = []
        try ledger.forEachEvent { event in
            lines.append("\(event.position) \(event.id) \(event.type) \(event.stream) \(event.version) \(event.data.serializedString())")
            return true
        }
        return lines
    }
}
