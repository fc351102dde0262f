import EventLedger
import Foundation
import LedgerWorkload

/// `append --batch` lines made from the events of `WorkloadGenerator`: valid events of
/// every type of the catalog, each with its id and, for a creation, `"expect":"none"`.
package enum GeneratedBatches {
    /// The batch line of one event: `{"type","data","id","expect"?}`.
    package static func line(_ event: PendingEvent) -> String {
        var object: [String: JSONValue] = ["type": .string(event.type), "data": .object(event.payload)]
        if let id = event.id { object["id"] = .string(id.description) }
        if event.expect != .any { object["expect"] = .string(event.expect.description) }
        return JSONValue.object(object).serializedString()
    }

    /// The first `count` events of `WorkloadGenerator(seed: seed)` as batch lines, valid when
    /// appended in order to a ledger that holds none of the generator's entities.
    package static func lines(seed: UInt64, count: Int) -> [String] {
        var generator = WorkloadGenerator(seed: seed)
        return generator.batch(count).map(line)
    }

    /// Writes `lines` as an NDJSON file and returns its path.
    @discardableResult
    package static func write(_ lines: [String], to path: String) throws -> String {
        var text = lines.joined(separator: "\n")
        text.append("\n")
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Events of `WorkloadGenerator(seed: seed)` rewritten to touch only entities of their own,
    /// so that several writers can append them to one ledger in any interleaving without a rule
    /// failing: every entity id gets the prefix `prefix`, every category name the word `label`
    /// (category names are unique across the ledger), and every event a fresh id.
    package struct Private {
        private var generator: WorkloadGenerator
        private let prefix: String
        private let label: String

        package init(seed: UInt64, prefix: String, label: String) {
            generator = WorkloadGenerator(seed: seed)
            self.prefix = prefix
            self.label = label
        }

        private static let idFields: Set<String> = ["artistId", "songId", "categoryId", "animalId", "dishId"]

        /// The next event, with a new random id (the generator's ids are the same for every seed's
        /// sequence number, and so might meet another writer's).
        package mutating func next() -> PendingEvent {
            var event = generator.next()
            for (field, value) in event.payload {
                guard let text = value.stringValue else { continue }
                if Self.idFields.contains(field) {
                    event.payload[field] = .string(prefix + text)
                } else if field == "name", event.type.hasPrefix("Category") {
                    let leading = text.prefix { $0 == " " }
                    event.payload[field] = .string(leading + label + " " + text.dropFirst(leading.count))
                }
            }
            event.id = EventID(UUID().uuidString.lowercased())
            return event
        }
    }
}
