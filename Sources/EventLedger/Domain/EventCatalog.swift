/// Every event type of the plugged-in domains, by name.
struct EventCatalog: Sendable {
    /// An event type and the index of the domain that owns it.
    struct Entry: Sendable {
        let type: any DomainEvent.Type
        let domainIndex: Int
    }

    let domains: [any LedgerDomain]
    private let entries: [String: Entry]

    init(domains: [any LedgerDomain]) {
        self.domains = domains
        var entries: [String: Entry] = [:]
        for (index, domain) in domains.enumerated() {
            for type in domain.eventTypes {
                precondition(entries[type.typeName] == nil, "event type \(type.typeName) registered twice")
                entries[type.typeName] = Entry(type: type, domainIndex: index)
            }
        }
        self.entries = entries
    }

    /// The entry for a type name; throws `.invalidInput` for an unknown type.
    func entry(_ typeName: String) throws -> Entry {
        guard let entry = entries[typeName] else {
            throw LedgerError(.invalidInput, "unknown event type \"\(typeName)\"", subject: typeName)
        }
        return entry
    }

    /// Every table of every domain.
    var projectionTables: [ProjectionTable] { domains.flatMap(\.tables) }

    /// Every type name, sorted.
    var typeNames: [String] { entries.keys.sorted() }
}
