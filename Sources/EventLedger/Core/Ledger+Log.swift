#if canImport(Glibc)
import Glibc
#endif

/// Which events of the log to visit.
public struct LogFilter: Sendable {
    /// First position (inclusive).
    public var from: UInt64
    /// Last position (inclusive), or nil for the end of the log.
    public var to: UInt64?
    /// Only events of this stream.
    public var stream: String?
    /// Only events of this type.
    public var type: String?
    /// At most this many events.
    public var limit: Int?

    /// A filter; the default visits the whole log.
    public init(from: UInt64 = 1, to: UInt64? = nil, stream: String? = nil, type: String? = nil, limit: Int? = nil) {
        self.from = from
        self.to = to
        self.stream = stream
        self.type = type
        self.limit = limit
    }
}

extension Ledger {
    /// The last position and commit of the log (0 and 0 when empty).
    public func head() throws(LedgerError) -> (position: UInt64, commit: UInt64) {
        try LedgerError.typed {
            try core.environment.read { txn in
                let head = try LogHead(txn, core.tables)
                return (head.position, head.commit)
            }
        }
    }

    /// Visits the events selected by `filter` in position order, in one consistent snapshot,
    /// until `body` returns false.
    public func forEachEvent(_ filter: LogFilter = LogFilter(), _ body: (RecordedEvent) throws -> Bool) throws {
        try core.environment.read { txn in
            var remaining = filter.limit ?? Int.max
            func visit(_ position: UInt64, _ record: UnsafeRawBufferPointer) throws -> Bool {
                let view = try EventRecordView(record, position: position)
                if let type = filter.type, !view.typeBytes.elementsEqual(type.utf8) { return true }
                guard remaining > 0 else { return false }
                remaining -= 1
                return try body(RecordedEvent(view)) && remaining > 0
            }
            if let stream = filter.stream {
                try forEachStreamPosition(txn, stream: stream) { position in
                    guard position >= filter.from else { return true }
                    guard position <= filter.to ?? .max else { return false }
                    return try visit(position, try core.record(txn, at: position))
                }
                return
            }
            try txn.withCursor(core.tables.log) { cursor in
                var entry = try cursor.seek(atLeast: LedgerTables.bigEndian(filter.from))
                while let current = entry {
                    let position = LedgerTables.readBigEndian(current.key)
                    guard position <= filter.to ?? .max, try visit(position, current.value) else { return }
                    entry = try cursor.next()
                }
            }
        }
    }

    /// The events of `stream`, oldest first, including events of other streams that affected
    /// it (e.g. the `CategoryDeleted` that deleted an animal). `.notFound` when the stream does not exist.
    public func history(of stream: String) throws(LedgerError) -> [RecordedEvent] {
        try LedgerError.typed {
            try core.environment.read { txn in
                var positions: [UInt64] = []
                try forEachStreamPosition(txn, stream: stream) { position in
                    positions.append(position)
                    return true
                }
                guard !positions.isEmpty else { throw LedgerError(.notFound, "stream \(stream) does not exist", subject: stream) }
                try txn.withCursor(core.tables.links) { cursor in
                    try cursor.scan(prefix: Array(stream.utf8) + [0]) { entry in
                        positions.append(LedgerTables.readBigEndian(entry.key, at: entry.key.count - 8))
                        return true
                    }
                }
                return try positions.sorted().map { position in
                    try RecordedEvent(EventRecordView(core.record(txn, at: position), position: position))
                }
            }
        }
    }

    private func forEachStreamPosition(_ txn: Transaction, stream: String, _ body: (UInt64) throws -> Bool) throws {
        try txn.withCursor(core.tables.streams) { cursor in
            try cursor.scan(prefix: Array(stream.utf8) + [0]) { entry in
                try body(LedgerTables.readBigEndian(entry.value))
            }
        }
    }
}
