/// The stored binary envelope of one event.
///
/// Layout (integers little-endian): format `u8` = 1, schemaVersion `u16`, position `u64`,
/// commit `u64`, recordedAt `i64` µs, version `u64`, id 16 bytes (big-endian UUID),
/// type length `u16`, stream length `u16`, data length `u32`, metadata length `u32`,
/// then the type, stream, data (canonical JSON) and metadata (canonical JSON object or
/// empty) bytes, and last the 32-byte hash: SHA-256 of the previous event's hash
/// followed by every preceding byte of this record.
struct EventRecord {
    static let format: UInt8 = 1
    static let headerLength = 63
    static let zeroHash = [UInt8](repeating: 0, count: SHA256.digestLength)

    /// Encodes a record and computes its chained hash.
    static func encode(
        position: UInt64, commit: UInt64, recordedAt: Timestamp, version: UInt64, id: EventID,
        type: String, stream: String, schemaVersion: UInt16, data: [UInt8], metadata: [UInt8],
        previousHash: UnsafeRawBufferPointer, into out: inout [UInt8]
    ) {
        out.removeAll(keepingCapacity: true)
        out.append(format)
        appendLE(schemaVersion, to: &out)
        appendLE(position, to: &out)
        appendLE(commit, to: &out)
        appendLE(recordedAt.microseconds, to: &out)
        appendLE(version, to: &out)
        id.appendBytes(to: &out)
        appendLE(UInt16(type.utf8.count), to: &out)
        appendLE(UInt16(stream.utf8.count), to: &out)
        appendLE(UInt32(data.count), to: &out)
        appendLE(UInt32(metadata.count), to: &out)
        out.append(contentsOf: type.utf8)
        out.append(contentsOf: stream.utf8)
        out.append(contentsOf: data)
        out.append(contentsOf: metadata)
        let bodyLength = out.count
        out.append(contentsOf: zeroHash)
        out.withUnsafeMutableBytes { buffer in
            SHA256.chain(
                previous: previousHash, body: UnsafeRawBufferPointer(rebasing: buffer[..<bodyLength]),
                into: UnsafeMutableRawBufferPointer(rebasing: buffer[bodyLength...]))
        }
    }

    /// The stored form of an event's metadata: its canonical JSON object, or nothing when empty.
    static func metadataBytes(_ metadata: [String: String]) -> [UInt8] {
        metadata.isEmpty ? [] : JSONValue.object(metadata.mapValues { .string($0) }).serialized()
    }

    private static func appendLE<T: FixedWidthInteger>(_ value: T, to out: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { out.append(contentsOf: $0) }
    }
}

/// A read-only view of a stored record; its bytes belong to the transaction that read them.
struct EventRecordView {
    let bytes: UnsafeRawBufferPointer

    /// Validates the framing (lengths add up) so later accessors cannot read out of bounds.
    init(_ bytes: UnsafeRawBufferPointer, position: UInt64) throws {
        self.bytes = bytes
        guard bytes.count >= EventRecord.headerLength + SHA256.digestLength, bytes[0] == EventRecord.format,
            EventRecord.headerLength + typeLength + streamLength + dataLength + metadataLength + SHA256.digestLength == bytes.count
        else { throw LedgerError(.corruption, "event record at position \(position) is malformed") }
        let limit = UInt64(Int64.max)
        guard self.position <= limit, commit <= limit, version <= limit,
            Timestamp.representable.contains(recordedAt.microseconds)
        else { throw LedgerError(.corruption, "event record at position \(position) holds a number out of range") }
    }

    private func load<T: FixedWidthInteger>(_ offset: Int, _: T.Type) -> T {
        T(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: T.self))
    }

    var schemaVersion: UInt16 { load(1, UInt16.self) }
    var position: UInt64 { load(3, UInt64.self) }
    var commit: UInt64 { load(11, UInt64.self) }
    var recordedAt: Timestamp { Timestamp(microseconds: load(19, Int64.self)) }
    var version: UInt64 { load(27, UInt64.self) }
    var id: EventID { EventID(bytes: UnsafeRawBufferPointer(rebasing: bytes[35..<51])) }
    private var typeLength: Int { Int(load(51, UInt16.self)) }
    private var streamLength: Int { Int(load(53, UInt16.self)) }
    private var dataLength: Int { Int(load(55, UInt32.self)) }
    private var metadataLength: Int { Int(load(59, UInt32.self)) }

    var typeBytes: UnsafeRawBufferPointer { slice(EventRecord.headerLength, typeLength) }
    var streamBytes: UnsafeRawBufferPointer { slice(EventRecord.headerLength + typeLength, streamLength) }
    var dataBytes: UnsafeRawBufferPointer { slice(EventRecord.headerLength + typeLength + streamLength, dataLength) }
    var metadataBytes: UnsafeRawBufferPointer {
        slice(EventRecord.headerLength + typeLength + streamLength + dataLength, metadataLength)
    }
    /// Every byte the hash covers.
    var body: UnsafeRawBufferPointer { slice(0, bytes.count - SHA256.digestLength) }
    var hash: UnsafeRawBufferPointer { slice(bytes.count - SHA256.digestLength, SHA256.digestLength) }

    var type: String { String(decoding: typeBytes, as: UTF8.self) }
    var stream: String { String(decoding: streamBytes, as: UTF8.self) }

    private func slice(_ start: Int, _ count: Int) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: bytes[start..<(start + count)])
    }
}
