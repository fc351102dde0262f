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
        lhs.nameHash == rhs.nameHash && lhs.name == rhs.name
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(nameHash)
    }
}

/// A key in a projection table: string components, ordered component by component.
/// Components must not contain the NUL character.
///
/// A key holds its encoding (the components joined by NUL bytes), which is what the ledger
/// stores and compares; components are decoded only when asked for.
public struct StateKey: Hashable, Sendable {
    /// The components joined by NUL bytes.
    private let bytes: [UInt8]
    /// The number of components (an empty encoding is either no component or one empty one).
    private let count: Int

    /// A key of the given components.
    public init(_ components: String...) {
        self.init(components: components)
    }

    /// A key of one component. Keys of one, two or three components, the most made, skip
    /// the array a variadic call builds.
    public init(_ component: String) {
        self.init(count: 1, byteCount: component.utf8.count) { $0 += component.utf8 }
    }

    /// A key of two components.
    public init(_ first: String, _ second: String) {
        self.init(count: 2, byteCount: first.utf8.count + 1 + second.utf8.count) { bytes in
            bytes += first.utf8
            bytes.append(0)
            bytes += second.utf8
        }
    }

    /// A key of three components.
    public init(_ first: String, _ second: String, _ third: String) {
        self.init(count: 3, byteCount: first.utf8.count + 1 + second.utf8.count + 1 + third.utf8.count) { bytes in
            bytes += first.utf8
            bytes.append(0)
            bytes += second.utf8
            bytes.append(0)
            bytes += third.utf8
        }
    }

    /// A key of the given components.
    public init(components: [String]) {
        self.init(count: components.count, byteCount: components.reduce(components.count) { $0 + $1.utf8.count }) { bytes in
            for index in components.indices {
                if index > 0 { bytes.append(0) }
                bytes += components[index].utf8
            }
        }
    }

    /// A key of `count` components that `encode` appends, joined by NUL bytes, about `byteCount` bytes.
    private init(count: Int, byteCount: Int, _ encode: (inout [UInt8]) -> Void) {
        var bytes = [UInt8]()
        bytes.reserveCapacity(byteCount)
        encode(&bytes)
        self.bytes = bytes
        self.count = count
    }

    init(encoded bytes: UnsafeRawBufferPointer) {
        self.bytes = Array(bytes)
        count = bytes.reduce(1) { $1 == 0 ? $0 + 1 : $0 }
    }

    /// The components, most significant first.
    public var components: [String] {
        count == 0 ? [] : bytes.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The component at `index` (0 for the most significant), which must be below the number of components.
    public func component(_ index: Int) -> String {
        precondition(index >= 0 && index < count, "key component \(index) of a key of \(count)")
        var start = bytes.startIndex
        for _ in 0..<index { start = bytes[start...].firstIndex(of: 0)! + 1 }
        let end = bytes[start...].firstIndex(of: 0) ?? bytes.endIndex
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// The encoding; a prefix key also ends with NUL so only whole components match.
    func encoded(asPrefix: Bool = false) -> [UInt8] {
        asPrefix && count > 0 ? bytes + [0] : bytes
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

    /// Writes the encoding of `row` at the start of `buffer`, which holds `encodedCount(row)` bytes.
    static func encode(_ row: StateRow, into buffer: UnsafeMutableRawBufferPointer) {
        var offset = 0
        for var field in row {
            field.withUTF8 { utf8 in
                buffer.storeBytes(of: UInt32(utf8.count).littleEndian, toByteOffset: offset, as: UInt32.self)
                UnsafeMutableRawBufferPointer(rebasing: buffer[(offset + 4)...]).copyMemory(from: UnsafeRawBufferPointer(utf8))
                offset += 4 + utf8.count
            }
        }
    }

    static func decode(_ bytes: UnsafeRawBufferPointer) throws -> StateRow {
        var row = StateRow()
        row.reserveCapacity(try fieldCount(bytes))
        var offset = 0
        while offset < bytes.count {
            let length = Int(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
            row.append(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[(offset + 4)..<(offset + 4 + length)]), as: UTF8.self))
            offset += 4 + length
        }
        return row
    }

    /// The number of fields an encoded row holds; throws when a field runs past its end.
    private static func fieldCount(_ bytes: UnsafeRawBufferPointer) throws -> Int {
        var (count, offset) = (0, 0)
        while offset < bytes.count {
            guard offset + 4 <= bytes.count else { throw LedgerError(.corruption, "truncated read-model row") }
            offset += 4 + Int(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
            guard offset <= bytes.count else { throw LedgerError(.corruption, "truncated read-model row") }
            count += 1
        }
        return count
    }
}

extension LedgerError {
    /// A projector or query used a table that its domain does not declare in `tables`.
    static func undeclaredTable(_ table: ProjectionTable) -> LedgerError {
        LedgerError(.invalidInput, "table \"\(table.name)\" is not declared: a domain lists every table its "
                    + "projector and queries use in its tables", subject: table.name)
    }
}
