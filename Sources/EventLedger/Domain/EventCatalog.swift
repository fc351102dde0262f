#if canImport(Glibc)
import Glibc
#endif

/// Every event type of the plugged-in domains, by name.
struct EventCatalog: Sendable {
    /// An event type, the index of the domain that owns it and its index among that domain's types.
    struct Entry: Sendable {
        let domainIndex: Int
        let typeIndex: Int
        let info: EventTypeInfo

        var typeName: String { info.typeName }
        var createdEntityField: String? { info.createdEntityField }
        var schemaVersion: Int { info.schemaVersion }
    }

    let domains: [DomainDriver]
    /// The ledger's own events (`EntityRestored`), folded into the domains' tables of entities;
    /// their entries' domain index is `domains.count`.
    let restoration: DomainDriver
    /// Every query of every domain, in the domains' order.
    let queries: [QueryDefinition]
    /// By query name, where the first query so called lies: its index in `queries`, and its domain's.
    private let queryPlaces: [String: (query: Int, domain: Int)]
    /// Every type name, sorted.
    let typeNames: [String]
    /// The type names' UTF-8 bytes one after another, and where each lies, in the order of
    /// `entries`: the few names are compared as bytes, so a record's type is found without
    /// making a string (a rebuild looks one up for every event of the log, once per read model).
    private let typeNameBytes: [UInt8]
    private let nameRanges: [Range<Int>]
    private let entries: [Entry]

    init(domains: [any LedgerDomain]) {
        self.domains = domains.map { DomainDriver($0) }
        restoration = DomainDriver(RestorationDomain(entityTables: domains.flatMap { $0.tables.compactMap(\.storage.entities) }))
        var entries: [String: Entry] = [:]
        for (domainIndex, domain) in (self.domains + [restoration]).enumerated() {
            for (typeIndex, type) in domain.eventTypes.enumerated() {
                precondition(entries[type.typeName] == nil, "event type \(type.typeName) registered twice")
                entries[type.typeName] = Entry(domainIndex: domainIndex, typeIndex: typeIndex, info: type)
            }
        }
        typeNames = entries.keys.sorted()
        typeNameBytes = Array(typeNames.joined().utf8)
        var start = 0
        nameRanges = typeNames.map { name in
            defer { start += name.utf8.count }
            return start..<(start + name.utf8.count)
        }
        self.entries = typeNames.map { entries[$0]! }
        var queries: [QueryDefinition] = []
        var places: [String: (query: Int, domain: Int)] = [:]
        for (domainIndex, domain) in self.domains.enumerated() {
            for query in domain.queries {
                if places[query.name] == nil { places[query.name] = (queries.count, domainIndex) }
                queries.append(query)
            }
        }
        (self.queries, queryPlaces) = (queries, places)
    }

    /// The first query called `name` and the index of its domain; nil when no domain has one.
    func query(named name: String) -> (definition: QueryDefinition, domainIndex: Int)? {
        queryPlaces[name].map { (queries[$0.query], $0.domain) }
    }

    /// The entry for a type name; throws `.invalidInput` for an unknown type.
    func entry(_ typeName: String) throws -> Entry {
        var name = typeName
        return try name.withUTF8 { try entry(typeBytes: UnsafeRawBufferPointer($0)) }
    }

    /// The entry for a type name as a record stores it (UTF-8); throws `.invalidInput` for an unknown type.
    func entry(typeBytes: UnsafeRawBufferPointer) throws -> Entry {
        guard let index = index(typeBytes: typeBytes) else {
            let typeName = String(decoding: typeBytes, as: UTF8.self)
            throw LedgerError(.invalidInput, "unknown event type \"\(typeName)\"", subject: typeName)
        }
        return entries[index]
    }

    /// The index in `entries` of the type named by `typeBytes`, nil for an unknown type.
    private func index(typeBytes: UnsafeRawBufferPointer) -> Int? {
        typeNameBytes.withUnsafeBytes { names in
            for (index, range) in nameRanges.enumerated() where range.count == typeBytes.count {
                if typeBytes.isEmpty || memcmp(names.baseAddress! + range.lowerBound, typeBytes.baseAddress!, typeBytes.count) == 0 {
                    return index
                }
            }
            return nil
        }
    }

    /// The domain owning `entry`'s type: one of `domains`, or `restoration`.
    func driver(of entry: Entry) -> DomainDriver {
        entry.domainIndex < domains.count ? domains[entry.domainIndex] : restoration
    }

    /// Decodes a payload of `entry`'s type stored at schema version `version`; a version the
    /// type does not have is `.invalidInput` naming `schemaVersion`.
    func decode(_ entry: Entry, _ payload: [String: JSONValue], storedAt version: Int) throws(LedgerError) -> DomainEventValue {
        try driver(of: entry).decode(entry.typeIndex, payload, version)
    }

    /// Decodes a pending event, first giving a created entity left without an id a new UUID.
    /// A payload of an earlier schema version is upcast to be decoded, and stored as given.
    /// A typed event is taken as it is, its fields checked, when its rules keep every field
    /// as given: decoding its payload would give it back.
    func prepare(_ pending: PendingEvent) throws -> PreparedEvent {
        let entry = try entry(pending.type)
        if let typed = pending.typedEvent, pending.schemaVersion ?? entry.schemaVersion == entry.schemaVersion,
            let event = try driver(of: entry).decodeTyped(entry.typeIndex, typed)
        {
            return PreparedEvent(
                entry: entry, event: event, schemaVersion: entry.schemaVersion, storedData: event.payloadText,
                assignedIDs: [:])
        }
        var payload = try pending.payloadToAppend()
        var assigned: [String: String] = [:]
        if let field = entry.createdEntityField, payload[field] == nil || payload[field] == .null {
            let newID = EventID.generate().description
            payload[field] = .string(newID)
            assigned[field] = newID
        }
        let version = pending.schemaVersion ?? entry.schemaVersion
        let event = try decode(entry, payload, storedAt: version)
        let stored = version == entry.schemaVersion ? event.payloadText : JSONValue.object(payload).serialized()
        return PreparedEvent(entry: entry, event: event, schemaVersion: version, storedData: stored, assignedIDs: assigned)
    }

    /// Every table of every domain.
    var readModelTables: [TableName] { domains.flatMap(\.tables) }
}

/// A pending event decoded and validated by its type, with any ids the ledger assigned.
struct PreparedEvent {
    let entry: EventCatalog.Entry
    let event: DomainEventValue
    /// The schema version the event is stored with.
    let schemaVersion: Int
    /// The payload as stored, serialized: the event's own at the current schema version, as
    /// given at an earlier one.
    let storedData: [UInt8]
    let assignedIDs: [String: String]
}
