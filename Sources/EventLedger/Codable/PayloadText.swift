#if canImport(Glibc)
import Glibc
#endif

/// The JSON text of a payload the log holds, its members located without parsing them: a
/// rebuild decodes each field the event's type reads straight from the text, and makes no
/// string of a key nor a value of a field the type does not read.
///
/// Located are objects of plain keys (ASCII, no escapes) whose values are strings, numbers,
/// true, false or null, as the ledger writes most payloads; others are parsed whole instead.
/// A value is parsed when it is read, with `JSONValue`'s rules; a plain string's bytes are
/// its text, taken as they are. Used by one thread, one
/// payload after another, as a fold reads the log: its stored properties are not checked
/// for exclusive access at run time.
final class PayloadText {
    /// Where a member's key (without its quotes) and value lie in the text, and whether the
    /// value is a plain string, whose bytes between its quotes are its text.
    private struct Member {
        let key: Range<Int>
        let value: Range<Int>
        let isPlainString: Bool
    }

    @exclusivity(unchecked) private var text = UnsafeRawBufferPointer(start: nil, count: 0)
    @exclusivity(unchecked) private var members: [Member] = []
    /// The keyed containers made for the payloads read here, made once per coding-key type.
    let keyedContainers = KeyedContainerCache()
    /// The fields of recorded payloads are not checked again: they were when appended.
    let fields = FieldUse(isChecking: false)

    /// Locates the members of `text`, which stays valid while they are read; false when it is
    /// not an object of plain keys and scalar values, or not one `JSONValue` would accept
    /// (the caller then parses it whole, and reports what is wrong with it).
    func locate(_ text: UnsafeRawBufferPointer) -> Bool {
        self.text = text
        members.removeAll(keepingCapacity: true)
        var offset = skipSpace(from: 0)
        guard byte(at: offset) == UInt8(ascii: "{") else { return false }
        offset = skipSpace(from: offset + 1)
        if byte(at: offset) == UInt8(ascii: "}") { return skipSpace(from: offset + 1) == text.count }
        while true {
            guard byte(at: offset) == UInt8(ascii: "\""), let key = string(from: offset), key.isPlain else { return false }
            let keyRange = (offset + 1)..<(key.end - 1)
            let keyBytes = UnsafeRawBufferPointer(rebasing: text[keyRange])
            guard !members.contains(where: { isText($0.key, equalTo: keyBytes) }) else { return false }
            offset = skipSpace(from: key.end)
            guard byte(at: offset) == UInt8(ascii: ":") else { return false }
            offset = skipSpace(from: offset + 1)
            guard let value = scalar(from: offset) else { return false }
            members.append(Member(key: keyRange, value: offset..<value.end, isPlainString: value.isPlainString))
            offset = skipSpace(from: value.end)
            switch byte(at: offset) {
            case UInt8(ascii: ","): offset = skipSpace(from: offset + 1)
            case UInt8(ascii: "}"): return skipSpace(from: offset + 1) == text.count
            default: return false
            }
        }
    }

    /// The value of the member `name`, null when there is none.
    func value(_ name: String) throws(JSONParseError) -> JSONValue {
        guard let member = member(name) else { return .null }
        let bytes = UnsafeRawBufferPointer(rebasing: text[member.value])
        guard member.isPlainString else { return try JSONValue.parse(bytes) }
        return .string(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[(bytes.startIndex + 1)..<(bytes.endIndex - 1)]), as: UTF8.self))
    }

    /// Whether there is a member `name`.
    func contains(_ name: String) -> Bool {
        member(name) != nil
    }

    /// Every member parsed, in the order written.
    func parsedMembers() throws(JSONParseError) -> [(key: String, value: JSONValue)] {
        try JSONValue.parseMembers(text) ?? []
    }

    private func member(_ name: String) -> Member? {
        var name = name
        return name.withUTF8 { wanted in members.first { isText($0.key, equalTo: UnsafeRawBufferPointer(wanted)) } }
    }

    /// Whether the bytes of the text in `range` are `bytes`.
    private func isText(_ range: Range<Int>, equalTo bytes: UnsafeRawBufferPointer) -> Bool {
        range.count == bytes.count && (bytes.isEmpty || memcmp(text.baseAddress! + range.lowerBound, bytes.baseAddress!, bytes.count) == 0)
    }

    /// The string token whose opening quote is at `start`: where it ends (after its closing
    /// quote) and whether it is plain, ASCII without escapes (the others are parsed, which
    /// checks their escapes and UTF-8); nil when it is cut short or holds a control character.
    private func string(from start: Int) -> (end: Int, isPlain: Bool)? {
        var (offset, isPlain) = (start + 1, true)
        while offset + 8 <= text.count, Self.isPlain(word: text.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) {
            offset += 8
        }
        while offset < text.count {
            switch text[offset] {
            case UInt8(ascii: "\""): return (offset + 1, isPlain)
            case UInt8(ascii: "\\"):
                isPlain = false
                offset += 2
            case 0..<0x20: return nil
            case 0x80...:
                isPlain = false
                offset += 1
            default: offset += 1
            }
        }
        return nil
    }

    /// The scalar value starting at `start`: where it ends and whether it is a plain string;
    /// nil for an object, an array, or a value cut short.
    private func scalar(from start: Int) -> (end: Int, isPlainString: Bool)? {
        switch byte(at: start) {
        case UInt8(ascii: "\""):
            return string(from: start).map { ($0.end, $0.isPlain) }
        case UInt8(ascii: "{"), UInt8(ascii: "["), nil:
            return nil
        default:
            var end = start
            while let next = byte(at: end), !Self.endsScalar(next) { end += 1 }
            return end > start ? (end, false) : nil
        }
    }

    /// Whether none of the eight bytes of `word` ends or escapes a string, is a control
    /// character or lies outside ASCII: a string's plain run is skipped a word at a time.
    private static func isPlain(word: UInt64) -> Bool {
        let (ones, highBits) = (UInt64(0x0101_0101_0101_0101), UInt64(0x8080_8080_8080_8080))
        /// Whether a byte of `bits` is below `limit` (at most 0x80), when none is 0x80 or above.
        func hasByte(below limit: UInt64, _ bits: UInt64) -> Bool { (bits &- ones &* limit) & ~bits & highBits != 0 }
        return word & highBits == 0 && !hasByte(below: 0x20, word) && !hasByte(below: 1, word ^ (ones &* 0x22))
            && !hasByte(below: 1, word ^ (ones &* 0x5C))
    }

    private static func endsScalar(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || isSpace(byte)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    private func byte(at offset: Int) -> UInt8? {
        offset < text.count ? text[offset] : nil
    }

    private func skipSpace(from start: Int) -> Int {
        var offset = start
        while let next = byte(at: offset), Self.isSpace(next) { offset += 1 }
        return offset
    }
}

/// Reads payloads the log holds into `PayloadText`, one after another: the handle a fold keeps.
final class PayloadTextReader {
    /// The payload read last.
    let text = PayloadText()

    /// The containers the payload keeps hold it: letting go of them lets it go too.
    deinit {
        text.keyedContainers.removeAll()
    }
}
