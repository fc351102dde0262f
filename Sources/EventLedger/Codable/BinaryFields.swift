/// A read-model key or row type that writes and reads its own fields, so that the ledger
/// stores it without going through `Codable`'s containers: about twice as fast for small
/// rows, for the tables a domain reads and writes most. Any `Codable` type can be a key or
/// a row; this is an option, never a requirement.
///
/// The bytes are the same as `Codable`'s, so adopting it changes nothing stored: write the
/// fields in the order of the type's `Codable` conformance (for a synthesized one, the
/// order they are declared in), and read them back in that order.
///
/// ```swift
/// struct ItemRow: BinaryFields {
///     var title: String
///     var isDone: Bool
///
///     init(title: String, isDone: Bool) { (self.title, self.isDone) = (title, isDone) }
///     init(fields: FieldReader) throws(LedgerError) { (title, isDone) = (try fields.read(), try fields.read()) }
///     func write(to fields: FieldWriter) { fields.write(title); fields.write(isDone) }
/// }
/// ```
public protocol BinaryFields: Codable, Sendable {
    /// Reads the fields `write(to:)` wrote, in the same order.
    init(fields: FieldReader) throws(LedgerError)
    /// Writes the fields in the order of the type's `Codable` conformance.
    func write(to fields: FieldWriter) throws(LedgerError)
}

/// Reads the fields of a `BinaryFields` value one after another; a field of another type
/// than asked for, or one running past the end, is a `.corruption` error.
public struct FieldReader {
    let input: BinaryInput

    /// The next field, a string.
    public func read() throws(LedgerError) -> String { try input.readString() }
    /// The next field, an integer.
    public func read() throws(LedgerError) -> Int { try BinaryValues.wholeNumber(Int.self, from: input) }
    /// The next field, a 64-bit integer.
    public func read() throws(LedgerError) -> Int64 { try BinaryValues.wholeNumber(Int64.self, from: input) }
    /// The next field, an unsigned 64-bit integer.
    public func read() throws(LedgerError) -> UInt64 { try BinaryValues.wholeNumber(UInt64.self, from: input) }
    /// The next field, a flag.
    public func read() throws(LedgerError) -> Bool { try input.readBool() }
    /// The next field, a floating-point number.
    public func read() throws(LedgerError) -> Double { try input.readDouble() }
    /// The next field, a string or nil.
    public func read() throws(LedgerError) -> String? { input.readNull() ? nil : try read() as String }
    /// The next field, an integer or nil.
    public func read() throws(LedgerError) -> Int? { input.readNull() ? nil : try read() as Int }
    /// The next field, a time.
    public func read() throws(LedgerError) -> Timestamp {
        let microseconds: Int64 = try read()
        guard Timestamp.representable.contains(microseconds) else { throw input.malformed("a time outside years 1 to 9999") }
        return Timestamp(microseconds: microseconds)
    }
    /// The next field, a value that reads its own fields.
    public func read<Value: BinaryFields>() throws(LedgerError) -> Value { try Value(fields: self) }

    /// The next field, an enum stored as its string raw value, as its synthesized `Codable` does.
    public func read<Value: RawRepresentable & Decodable>() throws(LedgerError) -> Value where Value.RawValue == String {
        let rawValue: String = try read()
        guard let value = Value(rawValue: rawValue) else { throw input.malformed("\"\(rawValue)\" is not a \(Value.self)") }
        return value
    }

    /// The next field, any other `Decodable` value, read through `Codable`.
    public func readCodable<Value: Decodable>() throws(LedgerError) -> Value {
        do {
            return try BinaryValues.decode(Value.self, from: input)
        } catch let error as LedgerError {
            throw error
        } catch {
            throw input.malformed("\(error)")
        }
    }
}

/// Writes the fields of a `BinaryFields` value one after another.
public struct FieldWriter {
    let output: BinaryOutput

    /// Writes a string field.
    public func write(_ value: String) { output.write(value) }
    /// Writes an integer field.
    public func write(_ value: Int) { output.write(signed: Int64(value)) }
    /// Writes a 64-bit integer field.
    public func write(_ value: Int64) { output.write(signed: value) }
    /// Writes an unsigned 64-bit integer field.
    public func write(_ value: UInt64) { output.write(unsigned: value) }
    /// Writes a flag.
    public func write(_ value: Bool) { output.write(value) }
    /// Writes a floating-point field.
    public func write(_ value: Double) { output.write(value) }
    /// Writes a string field that may be nil.
    public func write(_ value: String?) { if let value { write(value) } else { output.writeNull() } }
    /// Writes an integer field that may be nil.
    public func write(_ value: Int?) { if let value { write(value) } else { output.writeNull() } }
    /// Writes a time.
    public func write(_ value: Timestamp) { write(value.microseconds) }
    /// Writes an enum as its string raw value, as its synthesized `Codable` does.
    public func write<Value: RawRepresentable & Encodable>(_ value: Value) where Value.RawValue == String { write(value.rawValue) }
    /// Writes a field that writes its own fields.
    public func write<Value: BinaryFields>(_ value: Value) throws(LedgerError) { try value.write(to: self) }

    /// Writes any other `Encodable` field, through `Codable`; an encoding error of the
    /// value's own is thrown as `.invalidInput`.
    public func writeCodable<Value: Encodable>(_ value: Value) throws(LedgerError) {
        do {
            try BinaryScalars.encode(value, to: output)
        } catch let error as LedgerError {
            throw error
        } catch {
            throw LedgerError(.invalidInput, "\(Value.self) cannot be stored in a read model: \(error)")
        }
    }
}

extension BinaryFields {
    /// Whether the value's own fields write the bytes its `Codable` conformance writes, as a
    /// key and as a row, and read back into a value that writes them again: what a unit test
    /// of a conformance checks, for values with every optional field set and with none.
    public func fieldsMatchCodable() throws(LedgerError) -> Bool {
        for form in [BinaryForm.key, .row] {
            let writer = BinaryWriter(form)
            let codable = try BinaryEncoding.encode(self, with: writer)
            let fields = try BinaryEncoding.encode(self, with: writer, coding: BinaryCoding<Self>.fields)
            guard fields == codable else { return false }
            let readBack = try LedgerError.typed {
                try fields.withUnsafeBytes { bytes in
                    try BinaryDecoding.decode(
                        from: bytes, as: form, with: BinaryReader(), coding: BinaryCoding<Self>.fields,
                        source: "\(Self.self)")
                }
            }
            guard try BinaryEncoding.encode(readBack, with: writer, coding: BinaryCoding<Self>.fields) == fields else { return false }
        }
        return true
    }
}
