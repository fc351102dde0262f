#if canImport(Glibc)
import Glibc
#endif

/// What says, without describing the shapes of a read model's tables, that this process
/// describes them as a build did before: the SHA-256 of the running executable's build id, of
/// where the metadata of each table's key and row types lies in its image (a type the binary
/// forms store as it is, such as `String`, by its kind) and of the table's indexes. The same
/// build declares the same types at the same places, and describes them the same; another
/// build, or another type, has another stamp.
///
/// The stamps of the last `kept` builds that found the tables of the shapes recorded
/// (`TableShapes`) are an entry of the `checkpoints` table, under a key no read model has (it
/// starts with a NUL byte) and the read model's name, latest first, so that a tool and an app
/// that take turns writing to a file do not describe its tables each time.
///
/// A read model has no stamp in this process when the executable's build id cannot be read,
/// or when one of its key or row types was made at run time (a generic type such as `[Row]`)
/// or lies in a shared library: its tables are described whenever the file is opened for
/// writing.
enum TableShapeStamp {
    /// The length of a stamp in bytes.
    static let length = SHA256.digestLength
    /// How many stamps the entry of a read model keeps.
    static let kept = 4

    /// The key of `readModel`'s entry in `checkpoints`.
    static func key(_ readModel: String) -> [UInt8] {
        Array("\u{0}table-shape-stamps:\(readModel)".utf8)
    }

    /// The stamp of `domain`'s tables in this process; nil when it has none.
    static func current(of domain: DomainDriver) -> [UInt8]? {
        guard let executable = LoadedExecutable.current else { return nil }
        var body = executable.buildID
        body.reserveCapacity(body.count + domain.declaredTables.count * 2 * (1 + MemoryLayout<UInt64>.size))
        for table in domain.declaredTables {
            let shape = table.shape
            guard appendPlace(of: shape.keyType, in: executable, to: &body), appendPlace(of: shape.rowType, in: executable, to: &body)
            else { return nil }
            body.append(contentsOf: shape.indexes.utf8)
            body.append(0)
        }
        var stamp = [UInt8](repeating: 0, count: length)
        body.withUnsafeBytes { body in
            stamp.withUnsafeMutableBytes { SHA256.chain(previous: UnsafeRawBufferPointer(start: nil, count: 0), body: body, into: $0) }
        }
        return stamp
    }

    /// Whether the entry `stamps` holds `stamp`.
    static func holds(_ stamp: [UInt8], _ stamps: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset + length <= stamps.count {
            if stamp.withUnsafeBytes({ memcmp(stamps.baseAddress! + offset, $0.baseAddress!, length) }) == 0 { return true }
            offset += length
        }
        return false
    }

    /// Records `stamp` first in `domain`'s entry, which keeps the stamps before it only when
    /// `keepingOthers` (the tables' shapes are still those the other builds found).
    static func record(_ stamp: [UInt8], of domain: DomainDriver, keepingOthers: Bool, _ txn: Transaction, _ checkpoints: Table) throws {
        var stamps = stamp
        if keepingOthers, let recorded = try txn.get(checkpoints, key(domain.readModelName)) {
            var offset = 0
            while offset + length <= recorded.count, stamps.count < kept * length {
                let other = Array(UnsafeRawBufferPointer(start: recorded.baseAddress! + offset, count: length))
                if other != stamp { stamps += other }
                offset += length
            }
        }
        try txn.put(checkpoints, key(domain.readModelName), stamps)
    }

    /// Appends to `body` where `type` is declared: its kind for a type the binary forms store
    /// as it is, its offset in the image of `executable` for one declared there; false, with
    /// nothing appended, for any other.
    private static func appendPlace(of type: ObjectIdentifier, in executable: LoadedExecutable, to body: inout [UInt8]) -> Bool {
        if let kind = ShapeProbe.scalarKind(of: type) {
            body.append(0)
            body.append(contentsOf: kind.utf8)
        } else if let offset = executable.offset(of: UInt(bitPattern: type)) {
            body.append(1)
            withUnsafeBytes(of: UInt64(offset).bigEndian) { body.append(contentsOf: $0) }
        } else {
            return false
        }
        return true
    }
}
