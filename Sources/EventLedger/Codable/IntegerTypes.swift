/// The standard library's integer types, found by comparing type metadata: asking a type
/// whether it conforms to `FixedWidthInteger` looks through every conformance the program
/// has, for every field of every row and payload that is not an integer.
enum IntegerTypes {
    private static let all: [any FixedWidthInteger.Type] = [
        Int.self, Int64.self, Int32.self, Int16.self, Int8.self, UInt.self, UInt64.self, UInt32.self, UInt16.self, UInt8.self,
    ]

    /// `type` as an integer type, or nil when it is not one.
    static func matching<T>(_ type: T.Type) -> (any FixedWidthInteger.Type)? {
        all.first { ObjectIdentifier($0) == ObjectIdentifier(type) }
    }
}
