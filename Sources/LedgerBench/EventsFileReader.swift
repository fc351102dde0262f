import EventLedger

#if canImport(Glibc)
import Glibc
#endif

/// The events of a `BaselineEventsFile`, read one after another from the file mapped into
/// memory: what a bulk load appends as it reads, without the generator's state (every id it
/// made, which grows with the events) in the process whose memory is measured.
final class EventsFileReader: @unchecked Sendable {
    private let bytes: UnsafeRawBufferPointer
    private var offset = EventsFileReader.headerSize
    /// The magic `ELEVENTS` and the count.
    private static let headerSize = 16

    /// Maps the events file at `path`.
    init(path: String) throws {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw TextFile.failure("read", path) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, let mapped = mmap(nil, Int(status.st_size), PROT_READ, MAP_PRIVATE, descriptor, 0),
            mapped != MAP_FAILED
        else { throw TextFile.failure("read", path) }
        bytes = UnsafeRawBufferPointer(start: mapped, count: Int(status.st_size))
    }

    deinit { munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count) }

    /// The first `count` events, made as they are read: reading index 0 starts over from the
    /// first event; other access is not meant.
    func events(_ count: Int) -> LazyMapCollection<Range<Int>, PendingEvent> {
        (0..<count).lazy.map { index in
            if index == 0 { self.offset = Self.headerSize }
            return self.next()
        }
    }

    /// The event at `offset`, moving past it.
    private func next() -> PendingEvent {
        let high = UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self))
        let low = UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self))
        let typeLength = Int(UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + 24, as: UInt16.self)))
        let streamLength = Int(UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + 26, as: UInt16.self)))
        let dataLength = Int(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + 28, as: UInt32.self)))
        let typeStart = offset + 32
        let dataStart = typeStart + typeLength + streamLength
        offset = dataStart + dataLength
        let type = String(decoding: bytes[typeStart..<(typeStart + typeLength)], as: UTF8.self)
        guard let payload = try? JSONValue.parse(UnsafeRawBufferPointer(rebasing: bytes[dataStart..<offset])).objectValue else {
            preconditionFailure("the events file holds a payload that is not a JSON object")
        }
        return PendingEvent(type: type, payload: payload, id: EventID(high: high, low: low))
    }
}
