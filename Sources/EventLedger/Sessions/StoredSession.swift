/// A form session's entries in the `sessions` table (see `SessionEntryKind`), read and
/// written inside one transaction.
struct StoredSession {
    let id: String
    let txn: Transaction
    let table: Table
    /// The id and a NUL byte: what the key of every entry but the header starts with.
    private let entryPrefix: [UInt8]

    /// Session `id` of `table`, which `txn` reads; `.notFound` when there is none.
    init(_ id: String, in table: Table, _ txn: Transaction) throws {
        self.init(uncheckedID: id, in: table, txn)
        guard !id.isEmpty, !id.utf8.contains(0), try txn.get(table, Array(id.utf8)) != nil else {
            throw LedgerError(.notFound, "session \(id) does not exist", subject: id)
        }
    }

    private init(uncheckedID id: String, in table: Table, _ txn: Transaction) {
        self.id = id
        self.txn = txn
        self.table = table
        entryPrefix = Array(id.utf8) + [0]
    }

    /// Stores the header of a new session `id` in `table`, which `txn` writes.
    static func begin(_ id: String, _ header: SessionHeader, in table: Table, _ txn: Transaction) throws {
        try txn.put(table, Array(id.utf8), header.encoded)
    }

    /// Every session of `table`, which `txn` reads, in key order.
    static func all(in table: Table, _ txn: Transaction) throws -> [StoredSession] {
        try txn.withCursor(table) { cursor in
            var sessions: [StoredSession] = []
            var entry = try cursor.first()
            while let header = entry {
                // A header's key is a session id, which holds no NUL byte; its entries follow it.
                let key = Array(header.key)
                guard !key.contains(0) else { throw LedgerError(.corruption, "the sessions table holds an entry of no session") }
                sessions.append(StoredSession(uncheckedID: String(decoding: key, as: UTF8.self), in: table, txn))
                entry = try cursor.seek(atLeast: key + [1])
            }
            return sessions
        }
    }

    /// The key of this session's entry of `kind` under `key`.
    func key(_ kind: SessionEntryKind, _ key: [UInt8] = []) -> [UInt8] {
        entryPrefix + [kind.rawValue] + key
    }

    /// The key of this session's entry whose key after the id and NUL byte is `relativeKey`.
    func key(relative relativeKey: [UInt8]) -> [UInt8] {
        entryPrefix + relativeKey
    }

    /// What `key`, the key of one of this session's entries, holds after the id and NUL byte.
    func relativeKey(_ key: [UInt8]) -> [UInt8] {
        Array(key.dropFirst(entryPrefix.count))
    }

    /// The key of this session's entry of `kind` for `stream`.
    func key(_ kind: SessionEntryKind, stream: String) -> [UInt8] {
        key(kind, StoredRow.storedKey(Array(stream.utf8)))
    }

    /// The header's JSON object.
    private func headerObject() throws -> [String: JSONValue] {
        guard let bytes = try txn.get(table, Array(id.utf8)) else { throw SessionHeader.unreadable(id) }
        return try SessionHeader.object(id: id, bytes: bytes)
    }

    /// The session's name, begin time, staged events and pins; those of a session stored by
    /// format 1 too.
    func info() throws -> SessionInfo {
        let object = try headerObject()
        if let record = try FormatOneSessionRecord(id: id, object: object) {
            return SessionInfo(id: id, name: record.header.name, createdAt: record.header.createdAt, events: record.events, streams: record.pins)
        }
        let header = try SessionHeader(id: id, object: object)
        let streams = try pins().map { ($0.stream, $0.version) }
        return SessionInfo(
            id: id, name: header.name, createdAt: header.createdAt, events: try events(),
            streams: Dictionary(streams, uniquingKeysWith: { first, _ in first }))
    }

    /// The number of staged events; of a session stored by format 1 too.
    func eventCount() throws -> Int {
        if let record = try FormatOneSessionRecord(id: id, object: try headerObject()) { return record.events.count }
        let eventKey = key(.event)
        return try txn.withCursor(table) { cursor in
            guard let last = try cursor.seek(before: key(.pin)), last.key.starts(with: eventKey) else { return 0 }
            let index = LedgerTables.readBigEndian(last.key, at: eventKey.count)
            guard last.key.count == eventKey.count + 8, index < Int.max else { throw SessionHeader.unreadable(id) }
            return Int(index) + 1
        }
    }

    /// The staged event at `index`.
    func event(at index: Int) throws -> PendingEvent {
        guard let bytes = try txn.get(table, key(.event, LedgerTables.bigEndian(UInt64(index)))) else {
            throw LedgerError(.corruption, "session \(id) lacks its staged event \(index + 1)")
        }
        return try StagedEventCoding.decode(try JSONValue.parse(bytes), session: id)
    }

    /// Every staged event, in order.
    func events() throws -> [PendingEvent] {
        var events: [PendingEvent] = []
        try forEachEntry(key(.event)) { _, value in
            events.append(try StagedEventCoding.decode(try JSONValue.parse(value), session: id))
        }
        return events
    }

    /// Stores `event` as the staged event at `index`.
    func putEvent(_ event: PendingEvent, at index: Int) throws {
        try txn.put(table, key(.event, LedgerTables.bigEndian(UInt64(index))), StagedEventCoding.encoded(event).serialized())
    }

    /// Deletes the staged event at `index`.
    func deleteEvent(at index: Int) throws {
        try txn.delete(table, key(.event, LedgerTables.bigEndian(UInt64(index))))
    }

    /// The pin of `stream`, nil when the session does not touch it.
    func pin(of stream: String) throws -> SessionPin? {
        try txn.get(table, key(.pin, stream: stream)).map { try SessionPin(id: id, bytes: $0) }
    }

    /// Stores `pin`.
    func put(_ pin: SessionPin) throws {
        try txn.put(table, key(.pin, stream: pin.stream), pin.encoded)
    }

    /// Deletes the pin of `stream`.
    func deletePin(of stream: String) throws {
        try txn.delete(table, key(.pin, stream: stream))
    }

    /// Every pin.
    func pins() throws -> [SessionPin] {
        var pins: [SessionPin] = []
        try forEachEntry(key(.pin)) { _, value in pins.append(try SessionPin(id: id, bytes: value)) }
        return pins
    }

    /// Calls `body` with the key and the value of each entry whose key starts with `prefix`,
    /// in key order; the bytes are valid only inside `body`, which must not write.
    func forEachEntry(_ prefix: [UInt8], _ body: (_ key: UnsafeRawBufferPointer, _ value: UnsafeRawBufferPointer) throws -> Void) throws {
        try txn.withCursor(table) { cursor in
            try cursor.scan(prefix: prefix) { entry in
                try body(entry.key, entry.value)
                return true
            }
        }
    }

    /// Deletes the entries of `kinds`.
    func deleteEntries(of kinds: ClosedRange<SessionEntryKind>) throws {
        let kindOffset = entryPrefix.count
        var keys: [[UInt8]] = []
        try txn.withCursor(table) { cursor in
            var entry = try cursor.seek(atLeast: key(kinds.lowerBound))
            while let current = entry, current.key.count > kindOffset, current.key.starts(with: entryPrefix),
                current.key[kindOffset] <= kinds.upperBound.rawValue
            {
                keys.append(Array(current.key))
                entry = try cursor.next()
            }
        }
        for key in keys { try txn.delete(table, key) }
    }

    /// Deletes the session: its header and every entry.
    func delete() throws {
        try deleteEntries(of: .event ... .refusedCommit)
        try txn.delete(table, Array(id.utf8))
    }
}
