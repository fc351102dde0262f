/// A table of a read model, named `projection.table` (e.g. `artist-songs.songs`).
public struct ProjectionTable: Hashable, Sendable {
    /// The qualified table name.
    public let name: String
    /// The name's hash, computed once: the ledger looks a table up for every row it reads or writes.
    private let nameHash: Int

    /// A table of `projection` called `table`.
    public init(projection: String, table: String) {
        name = "\(projection).\(table)"
        nameHash = name.hashValue
    }

    public static func == (lhs: ProjectionTable, rhs: ProjectionTable) -> Bool {
        lhs.name == rhs.name
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(nameHash)
    }
}

/// A key in a projection table: string components, ordered component by component.
/// Components must not contain the NUL character.
public struct StateKey: Hashable, Sendable {
    /// The components, most significant first.
    public let components: [String]

    /// A key of the given components.
    public init(_ components: String...) {
        self.components = components
    }

    /// A key of the given components.
    public init(components: [String]) {
        self.components = components
    }

    /// Components joined by NUL bytes; a prefix key also ends with NUL so only whole components match.
    func encoded(asPrefix: Bool = false) -> [UInt8] {
        var bytes = [UInt8]()
        bytes.reserveCapacity(components.reduce(components.count) { $0 + $1.utf8.count })
        for (index, component) in components.enumerated() {
            if index > 0 { bytes.append(0) }
            bytes.append(contentsOf: component.utf8)
        }
        if asPrefix && !components.isEmpty { bytes.append(0) }
        return bytes
    }

    init(encoded bytes: UnsafeRawBufferPointer) {
        components = bytes.split(separator: 0, omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
    }
}

/// A row of a projection table: a list of string fields.
public typealias StateRow = [String]

/// Read access to the read models, at the current position, a past one, or in a session preview.
public protocol ProjectionReader {
    /// The row stored under `key`, or nil.
    func row(_ table: ProjectionTable, _ key: StateKey) throws -> StateRow?
    /// Visits the rows whose key starts with `prefix` (whole components), in key order,
    /// until `body` returns false.
    func forEach(_ table: ProjectionTable, prefix: StateKey, _ body: (StateKey, StateRow) throws -> Bool) throws
}

/// Write access given to a projector while it applies an event.
public protocol ProjectionWriter: ProjectionReader {
    /// Stores `row` under `key`, replacing any previous row.
    func set(_ table: ProjectionTable, _ key: StateKey, _ row: StateRow) throws
    /// Removes the row under `key`, if any.
    func remove(_ table: ProjectionTable, _ key: StateKey) throws
}

extension ProjectionReader {
    /// Every row of `table` whose key starts with `prefix`, in key order.
    public func rows(_ table: ProjectionTable, prefix: StateKey = StateKey()) throws -> [(key: StateKey, row: StateRow)] {
        var result: [(key: StateKey, row: StateRow)] = []
        try forEach(table, prefix: prefix) { key, row in
            result.append((key, row))
            return true
        }
        return result
    }
}

/// Encoding of rows: each field as a little-endian `u32` length followed by its UTF-8 bytes.
enum StateRowCodec {
    /// The number of bytes `row` encodes to.
    static func encodedCount(_ row: StateRow) -> Int {
        row.reduce(0) { $0 + 4 + $1.utf8.count }
    }

    /// Appends the encoding of `row` to `bytes`.
    static func encode(_ row: StateRow, into bytes: inout [UInt8]) {
        for field in row {
            withUnsafeBytes(of: UInt32(field.utf8.count).littleEndian) { bytes.append(contentsOf: $0) }
            bytes.append(contentsOf: field.utf8)
        }
    }

    static func decode(_ bytes: UnsafeRawBufferPointer) throws -> StateRow {
        var row = StateRow()
        var offset = 0
        while offset < bytes.count {
            guard offset + 4 <= bytes.count else { throw LedgerError(.corruption, "truncated read-model row") }
            let length = Int(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
            offset += 4
            guard offset + length <= bytes.count else { throw LedgerError(.corruption, "truncated read-model row") }
            row.append(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + length)]), as: UTF8.self))
            offset += length
        }
        return row
    }
}
