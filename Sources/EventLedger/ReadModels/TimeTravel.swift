/// A point in the log's past: a position, or a time.
public enum LogPoint: Sendable, Equatable {
    /// The read models after every event with a position ≤ this one.
    case position(UInt64)
    /// The read models after every commit recorded at or before this time.
    case time(Timestamp)

    /// Parses `P` (a whole number) or an ISO-8601 timestamp; nil when it is neither.
    public init?(_ text: String) {
        if let first = text.utf8.first, first >= 0x30, first <= 0x39, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
            guard let position = UInt64(text), position <= UInt64(Int64.max) else { return nil }
            self = .position(position)
        } else if let time = Timestamp(iso8601: text) {
            self = .time(time)
        } else {
            return nil
        }
    }
}

extension Ledger {
    /// Runs `body` on the read models as they were at `point`. The cost does not grow with
    /// the log: rows are read from their versions, never by replaying events.
    public func read<T>(asOf point: LogPoint, _ body: (ReadModelReader) throws -> T) throws -> T {
        try core.environment.read { txn in
            let position = try self.position(of: point, txn)
            return try body(ReadModelReader(HistoricalReadModel(txn: txn, tables: core.tables.readModels, position: position)))
        }
    }

    /// Runs the query called `name` on the read models as they were at `point`.
    public func query(_ name: String, _ input: QueryDefinition.Input = .init(), asOf point: LogPoint) throws(LedgerError) -> QueryResult {
        try LedgerError.typed {
            let definition = try queryDefinition(name)
            return try read(asOf: point) { state in try definition.run(input, state) }
        }
    }

    /// The last position at `point`: the position itself, or for a time the last event of
    /// the last commit recorded at or before it (0 when none was).
    public func position(of point: LogPoint) throws(LedgerError) -> UInt64 {
        try LedgerError.typed {
            try core.environment.read { txn in try position(of: point, txn) }
        }
    }

    private func position(of point: LogPoint, _ txn: Transaction) throws -> UInt64 {
        switch point {
        case .position(let position):
            return min(position, UInt64(Int64.max))
        case .time(let time):
            var low: UInt64 = 0
            var high = try LogHead(txn, core.tables).position
            while low < high {
                let middle = low + (high - low + 1) / 2
                let record = try EventRecordView(core.record(txn, at: middle), position: middle)
                if record.recordedAt <= time { low = middle } else { high = middle - 1 }
            }
            return low
        }
    }
}
