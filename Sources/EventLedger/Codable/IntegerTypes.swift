/// The standard library's integer types, found by comparing type metadata: asking a type
/// whether it conforms to `FixedWidthInteger` looks through every conformance the program
/// has, for every field of every row and payload that is not an integer.
enum IntegerTypes {
    /// `type` as an integer type, or nil when it is not one.
    static func matching<T>(_ type: T.Type) -> (any FixedWidthInteger.Type)? {
        matching(ObjectIdentifier(type))
    }

    /// The type `type` identifies as an integer type, or nil when it is not one.
    static func matching(_ type: ObjectIdentifier) -> (any FixedWidthInteger.Type)? {
        switch type {
        case ObjectIdentifier(Int.self): Int.self
        case ObjectIdentifier(Int64.self): Int64.self
        case ObjectIdentifier(Int32.self): Int32.self
        case ObjectIdentifier(Int16.self): Int16.self
        case ObjectIdentifier(Int8.self): Int8.self
        case ObjectIdentifier(UInt.self): UInt.self
        case ObjectIdentifier(UInt64.self): UInt64.self
        case ObjectIdentifier(UInt32.self): UInt32.self
        case ObjectIdentifier(UInt16.self): UInt16.self
        case ObjectIdentifier(UInt8.self): UInt8.self
        default: nil
        }
    }
}
