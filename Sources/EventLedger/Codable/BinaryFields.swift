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
///     init(fields: FieldReader) throws(LedgerError) { (title, isDone) = try fields.read() }
///     func write(to fields: FieldWriter) throws(LedgerError) { try fields.write(title, isDone) }
/// }
/// ```
public protocol BinaryFields: Codable, Sendable, FieldValue {
    /// Reads the fields `write(to:)` wrote, in the same order.
    init(fields: FieldReader) throws(LedgerError)
}

extension BinaryFields {
    /// Reads the value's own fields, when it is a field of another value.
    public static func read(from fields: FieldReader) throws(LedgerError) -> Self { try Self(fields: fields) }
}

/// Reads the fields of a `BinaryFields` value one after another; a field of another type
/// than asked for, or one running past the end, is a `.corruption` error.
public struct FieldReader {
    let input: BinaryInput

    /// The next fields, in the order asked for: `(title, isDone) = try fields.read()`.
    @inlinable
    public func read<each Value: FieldValue>() throws(LedgerError) -> (repeat each Value) {
        (repeat try (each Value).read(from: self))
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

    /// Writes fields in order: `fields.write(title, isDone)`.
    @inlinable
    public func write<each Value: FieldValue>(_ values: repeat each Value) throws(LedgerError) {
        repeat try (each values).write(to: self)
    }

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
