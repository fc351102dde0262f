extension JSONValue {
    /// Compact JSON, object keys sorted by their UTF-8 bytes (canonical: equal values give equal bytes).
    ///
    /// `.int` is written in decimal. `.double` is written with its shortest
    /// round-tripping `description`, which always keeps a fraction or an exponent
    /// (`3.0`, `1e+22`), so a `.double` reads back as a `.double` and the output
    /// stays canonical. Non-finite doubles never come out of the parser; if one is
    /// constructed directly it is written as `null` so the output remains valid JSON.
    public func serialized() -> [UInt8] {
        var buffer: [UInt8] = []
        write(to: &buffer)
        return buffer
    }

    /// The same bytes as ``serialized()``, as a `String`.
    public func serializedString() -> String {
        String(decoding: serialized(), as: UTF8.self)
    }

    /// Appends compact sorted-key JSON to an existing buffer (used on hot paths to avoid allocations).
    public func write(to buffer: inout [UInt8]) {
        switch self {
        case .null:
            buffer.append(contentsOf: "null".utf8)
        case .bool(let value):
            buffer.append(contentsOf: value ? "true".utf8 : "false".utf8)
        case .int(let value):
            Self.writeInteger(value, to: &buffer)
        case .double(let value):
            if value.isFinite {
                buffer.append(contentsOf: value.description.utf8)
            } else {
                buffer.append(contentsOf: "null".utf8)
            }
        case .string(let value):
            Self.writeString(value, to: &buffer)
        case .array(let elements):
            buffer.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { buffer.append(UInt8(ascii: ",")) }
                element.write(to: &buffer)
            }
            buffer.append(UInt8(ascii: "]"))
        case .object(let members):
            buffer.append(UInt8(ascii: "{"))
            let sorted = members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            for (index, member) in sorted.enumerated() {
                if index > 0 { buffer.append(UInt8(ascii: ",")) }
                Self.writeString(member.key, to: &buffer)
                buffer.append(UInt8(ascii: ":"))
                member.value.write(to: &buffer)
            }
            buffer.append(UInt8(ascii: "}"))
        }
    }

    /// Writes decimal digits straight into the buffer, without an intermediate `String`.
    private static func writeInteger(_ value: Int64, to buffer: inout [UInt8]) {
        if value < 0 { buffer.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        let start = buffer.count
        repeat {
            buffer.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        buffer[start...].reverse()
    }

    /// Writes a quoted string, escaping only `"`, `\` and control characters;
    /// everything else, `/` and non-ASCII included, is copied as UTF-8.
    private static func writeString(_ value: String, to buffer: inout [UInt8]) {
        var value = value
        buffer.append(UInt8(ascii: "\""))
        value.withUTF8 { bytes in
            var runStart = 0
            for (index, byte) in bytes.enumerated() {
                // The letter after the backslash; 0 means a `\u00XX` escape.
                let letter: UInt8
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): letter = byte
                case 0x08: letter = UInt8(ascii: "b")
                case 0x0C: letter = UInt8(ascii: "f")
                case 0x0A: letter = UInt8(ascii: "n")
                case 0x0D: letter = UInt8(ascii: "r")
                case 0x09: letter = UInt8(ascii: "t")
                case 0..<0x20: letter = 0
                default: continue
                }
                buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                runStart = index + 1
                buffer.append(UInt8(ascii: "\\"))
                if letter != 0 {
                    buffer.append(letter)
                } else {
                    let hexDigits: StaticString = "0123456789abcdef"
                    buffer.append(contentsOf: "u00".utf8)
                    buffer.append(hexDigits.utf8Start[Int(byte >> 4)])
                    buffer.append(hexDigits.utf8Start[Int(byte & 0x0F)])
                }
            }
            buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
        }
        buffer.append(UInt8(ascii: "\""))
    }
}
