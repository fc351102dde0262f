#if canImport(Glibc)
import Glibc
#endif

/// Every event type of the plugged-in domains, by name.
struct EventCatalog: Sendable {
    /// An event type and the index of the domain that owns it.
    struct Entry: Sendable {
        let type: any DomainEvent.Type
        let domainIndex: Int
    }

    let domains: [any LedgerDomain]
    private let entries: [String: Entry]
    /// The type names' UTF-8 bytes one after another, and where each lies with its entry.
    private let typeNameBytes: [UInt8]
    private let entriesByName: [(name: Range<Int>, entry: Entry)]

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
        typeNameBytes = Array(entries.keys.joined().utf8)
        var start = 0
        entriesByName = entries.keys.map { name in
            defer { start += name.utf8.count }
            return (start..<(start + name.utf8.count), entries[name]!)
        }
    }

    /// The entry for a type name; throws `.invalidInput` for an unknown type.
    func entry(_ typeName: String) throws -> Entry {
        guard let entry = entries[typeName] else {
            throw LedgerError(.invalidInput, "unknown event type \"\(typeName)\"", subject: typeName)
        }
        return entry
    }

    /// The entry for a type name as a record stores it, found without making a string:
    /// a rebuild looks one up for every event of the log, once per read model.
    func entry(typeBytes: UnsafeRawBufferPointer) throws -> Entry {
        let found = typeNameBytes.withUnsafeBytes { names in
            entriesByName.first { candidate in
                candidate.name.count == typeBytes.count
                    && memcmp(names.baseAddress! + candidate.name.lowerBound, typeBytes.baseAddress!, typeBytes.count) == 0
            }
        }
        return try found?.entry ?? entry(String(decoding: typeBytes, as: UTF8.self))
    }

    /// Decodes a pending event, first giving a created entity left without an id a new UUID.
    func prepare(_ pending: PendingEvent) throws -> PreparedEvent {
        let entry = try entry(pending.type)
        var payload = pending.payload
        var assigned: [String: String] = [:]
        if let field = entry.type.createdEntityField, payload[field] == nil || payload[field] == .null {
            let newID = EventID.generate().description
            payload[field] = .string(newID)
            assigned[field] = newID
        }
        return PreparedEvent(entry: entry, event: try entry.type.init(payload: payload), assignedIDs: assigned)
    }

    /// Every table of every domain.
    var projectionTables: [ProjectionTable] { domains.flatMap(\.tables) }

    /// Every type name, sorted.
    var typeNames: [String] { entries.keys.sorted() }
}

/// A pending event decoded and validated by its type, with any ids the ledger assigned.
struct PreparedEvent {
    let entry: EventCatalog.Entry
    let event: any DomainEvent
    let assignedIDs: [String: String]
}
