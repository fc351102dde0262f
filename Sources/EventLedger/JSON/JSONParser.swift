extension JSONValue {
    /// Parses one strict RFC 8259 JSON text.
    ///
    /// The whole buffer must be a single value, optionally surrounded by spaces,
    /// tabs, carriage returns and line feeds. Strings must be valid UTF-8, nesting
    /// is limited to ``maximumDepth``, and an object must not repeat a key.
    public static func parse(_ bytes: UnsafeRawBufferPointer) throws(JSONParseError) -> JSONValue {
        guard let base = bytes.baseAddress, !bytes.isEmpty else {
            throw JSONParseError("unexpected end of input", at: 0)
        }
        var parser = JSONParser(bytes: base.assumingMemoryBound(to: UInt8.self), count: bytes.count)
        return try parser.parseDocument()
    }

    /// Parses one strict JSON text that is an object into its members, in the order written,
    /// without hashing them into a dictionary: for decoding an object whose members are looked
    /// up once each (a payload, an NDJSON line). Rejects what `parse` rejects, a repeated key
    /// included, with the same errors; nil when the text is a valid value but not an object.
    public static func parseMembers(_ bytes: UnsafeRawBufferPointer) throws(JSONParseError) -> [(key: String, value: JSONValue)]? {
        guard let base = bytes.baseAddress, !bytes.isEmpty else {
            throw JSONParseError("unexpected end of input", at: 0)
        }
        var parser = JSONParser(bytes: base.assumingMemoryBound(to: UInt8.self), count: bytes.count)
        return try parser.parseObjectDocument()
    }

    /// Parses one strict JSON text from a collection of bytes.
    ///
    /// Non-contiguous collections are copied into a contiguous buffer first.
    public static func parse<Bytes: Collection>(_ bytes: Bytes) throws(JSONParseError) -> JSONValue
    where Bytes.Element == UInt8 {
        let contiguous = bytes.withContiguousStorageIfAvailable { buffer in
            Result { () throws(JSONParseError) in try parse(UnsafeRawBufferPointer(buffer)) }
        }
        if let contiguous { return try contiguous.get() }
        return try Array(bytes).withUnsafeBytes { buffer in
            Result { () throws(JSONParseError) in try parse(buffer) }
        }.get()
    }

    /// Parses one strict JSON text from the UTF-8 contents of a string.
    public static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        var text = text
        return try text.withUTF8 { buffer in
            Result { () throws(JSONParseError) in try parse(UnsafeRawBufferPointer(buffer)) }
        }.get()
    }
}

/// A recursive-descent parser over a byte buffer; recursion is bounded by
/// `JSONValue.maximumDepth`, so hostile nesting cannot exhaust the stack.
private struct JSONParser {
    let bytes: UnsafePointer<UInt8>
    let count: Int
    var offset = 0

    mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        let value = try parseValue(depth: 0)
        skipWhitespace()
        guard offset == count else { throw JSONParseError("trailing characters after the value", at: offset) }
        return value
    }

    /// Parses the value starting at the next non-whitespace byte; `depth` is the
    /// number of arrays and objects that enclose it.
    private mutating func parseValue(depth: Int) throws(JSONParseError) -> JSONValue {
        skipWhitespace()
        switch try peekByte() {
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        case UInt8(ascii: "{"): return try parseObject(depth: try enterContainer(depth: depth))
        case UInt8(ascii: "["): return try parseArray(depth: try enterContainer(depth: depth))
        case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
        case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
        case UInt8(ascii: "n"): return try parseLiteral("null", .null)
        default: throw unexpectedByte(at: offset)
        }
    }

    /// Consumes an opening bracket and returns the depth of the container's items,
    /// refusing to go deeper than `JSONValue.maximumDepth`.
    private mutating func enterContainer(depth: Int) throws(JSONParseError) -> Int {
        guard depth < JSONValue.maximumDepth else {
            throw JSONParseError("nesting deeper than \(JSONValue.maximumDepth)", at: offset)
        }
        offset += 1
        return depth + 1
    }

    private mutating func parseArray(depth: Int) throws(JSONParseError) -> JSONValue {
        skipWhitespace()
        if consume(UInt8(ascii: "]")) { return .array([]) }
        var elements: [JSONValue] = []
        repeat {
            elements.append(try parseValue(depth: depth))
        } while try separator(closing: UInt8(ascii: "]"))
        return .array(elements)
    }

    private mutating func parseObject(depth: Int) throws(JSONParseError) -> JSONValue {
        var members = [String: JSONValue](minimumCapacity: 4)
        try parseMembers(depth: depth) { key, value in members.updateValue(value, forKey: key) == nil }
        return .object(members)
    }

    /// Parses the document, an object, into its members in the order written; nil when the
    /// document is valid JSON but not an object.
    mutating func parseObjectDocument() throws(JSONParseError) -> [(key: String, value: JSONValue)]? {
        skipWhitespace()
        guard offset < count, bytes[offset] == UInt8(ascii: "{") else {
            _ = try parseDocument()
            return nil
        }
        var members: [(key: String, value: JSONValue)] = []
        members.reserveCapacity(8)
        try parseMembers(depth: try enterContainer(depth: 0)) { key, value in
            // An object has a few members: a search costs less than hashing them.
            guard !members.contains(where: { $0.key == key }) else { return false }
            members.append((key, value))
            return true
        }
        skipWhitespace()
        guard offset == count else { throw JSONParseError("trailing characters after the value", at: offset) }
        return members
    }

    /// Parses the members of an object whose opening brace is consumed, up to its closing
    /// one, handing each to `add`, which returns false for a key already added.
    private mutating func parseMembers(depth: Int, _ add: (String, JSONValue) -> Bool) throws(JSONParseError) {
        skipWhitespace()
        if consume(UInt8(ascii: "}")) { return }
        repeat {
            skipWhitespace()
            guard try peekByte() == UInt8(ascii: "\"") else { throw unexpectedByte(at: offset) }
            let keyOffset = offset
            let key = try parseString()
            skipWhitespace()
            guard try nextByte() == UInt8(ascii: ":") else { throw unexpectedByte(at: offset - 1) }
            guard add(key, try parseValue(depth: depth)) else {
                throw JSONParseError("duplicate key \(JSONValue.string(key).serializedString())", at: keyOffset)
            }
        } while try separator(closing: UInt8(ascii: "}"))
    }

    /// Consumes the `,` between container items (returning `true`) or the closing bracket (`false`).
    private mutating func separator(closing: UInt8) throws(JSONParseError) -> Bool {
        skipWhitespace()
        switch try nextByte() {
        case UInt8(ascii: ","): return true
        case closing: return false
        default: throw unexpectedByte(at: offset - 1)
        }
    }

    /// Parses a string token whose opening quote is at `offset`. Unescaped runs
    /// are validated in place and copied once; only escapes need a scratch buffer.
    private mutating func parseString() throws(JSONParseError) -> String {
        let quoteOffset = offset
        offset += 1
        var runStart = offset
        var decoded: [UInt8] = []
        while offset < count {
            let byte = bytes[offset]
            switch byte {
            case UInt8(ascii: "\""):
                let run = UnsafeBufferPointer(start: bytes + runStart, count: offset - runStart)
                offset += 1
                // Every escape appends at least one byte, so empty means none were seen.
                if decoded.isEmpty { return String(decoding: run, as: UTF8.self) }
                decoded.append(contentsOf: run)
                return String(decoding: decoded, as: UTF8.self)
            case UInt8(ascii: "\\"):
                decoded.append(contentsOf: UnsafeBufferPointer(start: bytes + runStart, count: offset - runStart))
                try decodeEscape(into: &decoded)
                runStart = offset
            case 0..<0x20:
                throw JSONParseError("unescaped control character \(JSONParseError.hex(byte)) in string", at: offset)
            case 0x80...:
                try skipMultibyteScalar()
            default:
                offset += 1
            }
        }
        throw JSONParseError("unterminated string", at: quoteOffset)
    }

    /// Decodes the escape sequence whose backslash is at `offset`.
    private mutating func decodeEscape(into decoded: inout [UInt8]) throws(JSONParseError) {
        let escapeOffset = offset
        offset += 1
        let byte = try nextByte()
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(byte)
        case UInt8(ascii: "b"): decoded.append(0x08)
        case UInt8(ascii: "f"): decoded.append(0x0C)
        case UInt8(ascii: "n"): decoded.append(0x0A)
        case UInt8(ascii: "r"): decoded.append(0x0D)
        case UInt8(ascii: "t"): decoded.append(0x09)
        case UInt8(ascii: "u"):
            var code = try hexQuad()
            if (0xD800...0xDBFF).contains(code), count - offset >= 6,
                bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u")
            {
                offset += 2
                let low = try hexQuad()
                if (0xDC00...0xDFFF).contains(low) { code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00) }
            }
            // Any surrogate left here is unpaired, and `Unicode.Scalar` rejects exactly those.
            guard let scalar = Unicode.Scalar(code) else {
                throw JSONParseError("unpaired surrogate escape", at: escapeOffset)
            }
            decoded.append(contentsOf: scalar.utf8)
        default:
            throw JSONParseError("invalid escape sequence", at: escapeOffset)
        }
    }

    /// Reads the four hex digits of a `\u` escape.
    private mutating func hexQuad() throws(JSONParseError) -> UInt32 {
        var code: UInt32 = 0
        for _ in 0..<4 {
            let byte = try nextByte()
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw JSONParseError("invalid hex digit in \\u escape", at: offset - 1)
            }
            code = code << 4 | UInt32(digit)
        }
        return code
    }

    /// Validates one multi-byte UTF-8 sequence starting at `offset` (Unicode
    /// Table 3-7: no overlong forms, no surrogates, nothing above U+10FFFF).
    private mutating func skipMultibyteScalar() throws(JSONParseError) {
        let lead = bytes[offset]
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        let length: Int
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xED: length = 3; high = 0x9F
        case 0xE1...0xEF: length = 3
        case 0xF0: length = 4; low = 0x90
        case 0xF4: length = 4; high = 0x8F
        case 0xF1...0xF3: length = 4
        default: throw JSONParseError("invalid UTF-8", at: offset)
        }
        guard count - offset >= length, (low...high).contains(bytes[offset + 1]) else {
            throw JSONParseError("invalid UTF-8", at: offset)
        }
        for index in 2..<length where bytes[offset + index] & 0xC0 != 0x80 {
            throw JSONParseError("invalid UTF-8", at: offset)
        }
        offset += length
    }

    /// Parses a number per the JSON grammar; integers that fit become `.int`.
    private mutating func parseNumber() throws(JSONParseError) -> JSONValue {
        let start = offset
        let negative = consume(UInt8(ascii: "-"))
        let integerStart = offset
        try skipDigits()
        if bytes[integerStart] == UInt8(ascii: "0"), offset - integerStart > 1 {
            throw JSONParseError("leading zero in number", at: integerStart)
        }
        var integral = true
        if consume(UInt8(ascii: ".")) {
            integral = false
            try skipDigits()
        }
        if consume(UInt8(ascii: "e")) || consume(UInt8(ascii: "E")) {
            integral = false
            if !consume(UInt8(ascii: "+")) { _ = consume(UInt8(ascii: "-")) }
            try skipDigits()
        }
        if integral, let value = integer(digits: integerStart..<offset, negative: negative) {
            return .int(value)
        }
        let text = String(decoding: UnsafeBufferPointer(start: bytes + start, count: offset - start), as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw JSONParseError("number out of range", at: start)
        }
        return .double(value)
    }

    /// The value of validated decimal digits, or `nil` if it does not fit `Int64`.
    private func integer(digits: Range<Int>, negative: Bool) -> Int64? {
        var magnitude: UInt64 = 0
        for index in digits {
            let (times10, overflow) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, carry) = times10.addingReportingOverflow(UInt64(bytes[index] - UInt8(ascii: "0")))
            guard !overflow, !carry else { return nil }
            magnitude = sum
        }
        if negative {
            return magnitude <= Int64.min.magnitude ? Int64(bitPattern: 0 &- magnitude) : nil
        }
        return magnitude <= UInt64(Int64.max) ? Int64(magnitude) : nil
    }

    /// Consumes one or more digits.
    private mutating func skipDigits() throws(JSONParseError) {
        guard isDigit(try peekByte()) else { throw unexpectedByte(at: offset) }
        repeat { offset += 1 } while offset < count && isDigit(bytes[offset])
    }

    private mutating func parseLiteral(_ literal: StaticString, _ value: JSONValue) throws(JSONParseError) -> JSONValue {
        for expected in UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount) {
            guard try peekByte() == expected else { throw unexpectedByte(at: offset) }
            offset += 1
        }
        return value
    }

    private mutating func skipWhitespace() {
        while offset < count {
            switch bytes[offset] {
            case 0x20, 0x09, 0x0A, 0x0D: offset += 1
            default: return
            }
        }
    }

    private func peekByte() throws(JSONParseError) -> UInt8 {
        guard offset < count else { throw endOfInput() }
        return bytes[offset]
    }

    private mutating func nextByte() throws(JSONParseError) -> UInt8 {
        let byte = try peekByte()
        offset += 1
        return byte
    }

    /// Consumes `byte` if it is next in the input.
    private mutating func consume(_ byte: UInt8) -> Bool {
        guard offset < count, bytes[offset] == byte else { return false }
        offset += 1
        return true
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    private func endOfInput() -> JSONParseError {
        JSONParseError("unexpected end of input", at: count)
    }

    private func unexpectedByte(at position: Int) -> JSONParseError {
        JSONParseError(unexpected: bytes[position], at: position)
    }
}
