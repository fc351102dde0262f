/// A value a `BinaryFields` type stores as one of its fields, in the bytes its `Codable`
/// conformance writes: strings, whole and floating-point numbers, flags, times, optionals
/// of those, values with `BinaryFields` of their own, and enums with string raw values that
/// declare `FieldValue`:
///
/// ```swift
/// enum Priority: String, Codable, FieldValue { case low, high }
/// ```
public protocol FieldValue {
    /// Reads the value, the next field.
    static func read(from fields: FieldReader) throws(LedgerError) -> Self
    /// Writes the value as the next field.
    func write(to fields: FieldWriter) throws(LedgerError)
}

extension String: FieldValue {
    /// Reads a string field.
    public static func read(from fields: FieldReader) throws(LedgerError) -> String { try fields.input.readString() }
    /// Writes a string field.
    public func write(to fields: FieldWriter) { fields.output.write(self) }
}

extension Int: FieldValue {
    /// Reads an integer field.
    public static func read(from fields: FieldReader) throws(LedgerError) -> Int { try BinaryValues.wholeNumber(Int.self, from: fields.input) }
    /// Writes an integer field.
    public func write(to fields: FieldWriter) { fields.output.write(signed: Int64(self)) }
}

extension Int64: FieldValue {
    /// Reads a 64-bit integer field.
    public static func read(from fields: FieldReader) throws(LedgerError) -> Int64 {
        try BinaryValues.wholeNumber(Int64.self, from: fields.input)
    }
    /// Writes a 64-bit integer field.
    public func write(to fields: FieldWriter) { fields.output.write(signed: self) }
}

extension UInt64: FieldValue {
    /// Reads an unsigned 64-bit integer field.
    public static func read(from fields: FieldReader) throws(LedgerError) -> UInt64 {
        try BinaryValues.wholeNumber(UInt64.self, from: fields.input)
    }
    /// Writes an unsigned 64-bit integer field.
    public func write(to fields: FieldWriter) { fields.output.write(unsigned: self) }
}

extension Bool: FieldValue {
    /// Reads a flag.
    public static func read(from fields: FieldReader) throws(LedgerError) -> Bool { try fields.input.readBool() }
    /// Writes a flag.
    public func write(to fields: FieldWriter) { fields.output.write(self) }
}

extension Double: FieldValue {
    /// Reads a floating-point field.
    public static func read(from fields: FieldReader) throws(LedgerError) -> Double { try fields.input.readDouble() }
    /// Writes a floating-point field.
    public func write(to fields: FieldWriter) { fields.output.write(self) }
}

extension Timestamp: FieldValue {
    /// Reads a time; one outside years 1 to 9999 is a `.corruption` error.
    public static func read(from fields: FieldReader) throws(LedgerError) -> Timestamp {
        let microseconds = try Int64.read(from: fields)
        guard representable.contains(microseconds) else { throw fields.input.malformed("a time outside years 1 to 9999") }
        return Timestamp(microseconds: microseconds)
    }
    /// Writes a time, as its microseconds.
    public func write(to fields: FieldWriter) { microseconds.write(to: fields) }
}

extension Optional: FieldValue where Wrapped: FieldValue {
    /// Reads a field that may be nil.
    public static func read(from fields: FieldReader) throws(LedgerError) -> Wrapped? {
        fields.input.readNull() ? nil : try Wrapped.read(from: fields)
    }
    /// Writes a field that may be nil.
    public func write(to fields: FieldWriter) throws(LedgerError) {
        if let self { try self.write(to: fields) } else { fields.output.writeNull() }
    }
}

extension FieldValue where Self: RawRepresentable, RawValue == String {
    /// Reads an enum stored as its string raw value, as its synthesized `Codable` does; an
    /// unknown raw value is a `.corruption` error.
    public static func read(from fields: FieldReader) throws(LedgerError) -> Self {
        let rawValue = try String.read(from: fields)
        guard let value = Self(rawValue: rawValue) else { throw fields.input.malformed("\"\(rawValue)\" is not a \(Self.self)") }
        return value
    }
    /// Writes an enum as its string raw value, as its synthesized `Codable` does.
    public func write(to fields: FieldWriter) { rawValue.write(to: fields) }
}
