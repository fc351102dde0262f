#if canImport(Glibc)
import Glibc
#endif

/// A 16-byte event identifier, written as a lowercase UUID (`8-4-4-4-12` hex digits).
public struct EventID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The two big-endian halves of the 128 bits.
    public let high: UInt64
    /// The low 64 bits.
    public let low: UInt64

    /// An id from its two halves.
    public init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// A new time-ordered UUID (version 7): ids the ledger assigns sort by creation time,
    /// so the id index grows at its end.
    public static func generate() -> EventID {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        let millis = UInt64(time.tv_sec) * 1000 + UInt64(time.tv_nsec) / 1_000_000
        var rng = SystemRandomNumberGenerator()
        let randomHigh = rng.next() as UInt64
        let randomLow = rng.next() as UInt64
        let high = (millis << 16) | 0x7000 | (randomHigh & 0x0FFF)
        let low = (randomLow & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000
        return EventID(high: high, low: low)
    }

    /// Parses a UUID in `8-4-4-4-12` form (either case); nil when malformed.
    public init?(_ text: String) {
        var text = text
        // The bytes in a buffer: stepping through a string's UTF-8 view costs ten times more.
        guard let value = text.withUTF8({ Self.parse($0) }) else { return nil }
        self.init(high: value.0, low: value.1)
    }

    /// The two halves of the id written in `utf8` (36 characters, hyphens after the 8th,
    /// 12th, 16th and 20th hex digit); nil for any other text.
    private static func parse(_ utf8: UnsafeBufferPointer<UInt8>) -> (UInt64, UInt64)? {
        guard utf8.count == 36 else { return nil }
        var value: (UInt64, UInt64) = (0, 0)
        var nibbles = 0
        for (index, byte) in utf8.enumerated() {
            if index == 8 || index == 13 || index == 18 || index == 23 {
                guard byte == UInt8(ascii: "-") else { return nil }
                continue
            }
            guard let digit = EventID.hexValue(byte) else { return nil }
            if nibbles < 16 { value.0 = value.0 << 4 | UInt64(digit) } else { value.1 = value.1 << 4 | UInt64(digit) }
            nibbles += 1
        }
        return value
    }

    /// Reads an id from 16 big-endian bytes.
    init(bytes: UnsafeRawBufferPointer) {
        self.init(
            high: UInt64(bigEndian: bytes.loadUnaligned(as: UInt64.self)),
            low: UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self)))
    }

    /// The 16 big-endian bytes of the id.
    var bytes: [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(16)
        appendBytes(to: &out)
        return out
    }

    /// Appends the 16 big-endian bytes of the id to `buffer`.
    func appendBytes(to buffer: inout [UInt8]) {
        withUnsafeBytes(of: high.bigEndian) { buffer.append(contentsOf: $0) }
        withUnsafeBytes(of: low.bigEndian) { buffer.append(contentsOf: $0) }
    }

    /// The lowercase `8-4-4-4-12` form.
    public var description: String {
        let digits = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(36)
        for index in 0..<32 {
            if index == 8 || index == 12 || index == 16 || index == 20 { out.append(UInt8(ascii: "-")) }
            let word = index < 16 ? high : low
            let shift = UInt64(60 - (index % 16) * 4)
            out.append(digits[Int((word >> shift) & 0xF)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Orders ids by their bytes.
    public static func < (lhs: EventID, rhs: EventID) -> Bool {
        (lhs.high, lhs.low) < (rhs.high, rhs.low)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
