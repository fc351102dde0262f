/// How a table writes and reads its key or row type: through the type's own `BinaryFields`
/// when it has them, otherwise through `Codable`. Chosen once, when the table is declared,
/// so that no read or write looks the conformance up.
@usableFromInline
struct BinaryCoding<Value: Codable & Sendable>: Sendable {
    /// Writes a value.
    @usableFromInline let write: @Sendable (Value, BinaryOutput) throws -> Void
    /// Reads a value.
    @usableFromInline let read: @Sendable (BinaryInput) throws -> Value

    /// The coding of `Value`.
    init() {
        if let fields = Value.self as? any BinaryFields.Type {
            self = Self.byFields(fields)
        } else {
            write = { value, output in try BinaryScalars.encode(value, to: output) }
            read = { input in try BinaryValues.decode(Value.self, from: input) }
        }
    }

    private init(write: @escaping @Sendable (Value, BinaryOutput) throws -> Void, read: @escaping @Sendable (BinaryInput) throws -> Value) {
        self.write = write
        self.read = read
    }

    /// The coding through `Fields`, which is `Value` itself: the casts between the two
    /// reinterpret, they convert nothing.
    private static func byFields<Fields: BinaryFields>(_ type: Fields.Type) -> BinaryCoding {
        BinaryCoding(write: { value, output in try unsafeBitCast(value, to: Fields.self).write(to: FieldWriter(output: output)) },
                     read: { input in unsafeBitCast(try Fields(fields: FieldReader(input: input)), to: Value.self) })
    }
}

/// How a table writes and reads its keys and rows, in one object: a table is copied into
/// every typed read and write, and copying it retains this once.
@usableFromInline
final class TableCoding<Key: Codable & Sendable, Row: Codable & Sendable>: Sendable {
    /// How the keys are written and read.
    @usableFromInline let key = BinaryCoding<Key>()
    /// How the rows are written and read.
    @usableFromInline let row = BinaryCoding<Row>()
}
