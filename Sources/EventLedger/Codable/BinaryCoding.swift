/// How a table writes and reads its key or row type: through `Codable`, or through the
/// type's own `BinaryFields`. Chosen by the table's declaration, at compile time: looking a
/// conformance up at run time costs a scan of every conformance in the program, for each
/// type, in every process that declares the table.
///
/// Neither it nor `TableCoding` constrains its types: a constraint would make the program
/// look the conformances up, the same way, whenever it first uses a table type.
@usableFromInline
struct BinaryCoding<Value>: Sendable {
    /// Writes a value.
    @usableFromInline let write: @Sendable (Value, BinaryOutput) throws -> Void
    /// Reads a value.
    @usableFromInline let read: @Sendable (BinaryInput) throws -> Value
    /// The coded shape of the values (see `ShapeProbe`).
    let shape: @Sendable () -> String
}

extension BinaryCoding where Value: Codable & Sendable {
    /// The coding through `Codable`.
    static var codable: BinaryCoding {
        BinaryCoding(
            write: { value, output in try BinaryScalars.encode(value, to: output) },
            read: { input in try BinaryValues.decode(Value.self, from: input) },
            shape: { ShapeProbe.shape(of: Value.self) })
    }
}

extension BinaryCoding where Value: BinaryFields {
    /// The coding through the type's own fields, whose shape is that of its `Codable`
    /// conformance: both write the same bytes.
    static var fields: BinaryCoding {
        BinaryCoding(
            write: { value, output in try value.write(to: FieldWriter(output: output)) },
            read: { input in try Value(fields: FieldReader(input: input)) },
            shape: { ShapeProbe.shape(of: Value.self) })
    }
}

/// How a table writes and reads its keys and rows, in one object: a table is copied into
/// every typed read and write, and copying it retains this once.
@usableFromInline
final class TableCoding<Key, Row>: Sendable {
    /// How the keys are written and read.
    @usableFromInline let key: BinaryCoding<Key>
    /// How the rows are written and read.
    @usableFromInline let row: BinaryCoding<Row>

    init(key: BinaryCoding<Key>, row: BinaryCoding<Row>) {
        self.key = key
        self.row = row
    }
}
