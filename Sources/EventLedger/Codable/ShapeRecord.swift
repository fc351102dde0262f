/// The coded shape of one value as its `Decodable` conformance asks for it (see `ShapeProbe`),
/// filled in as the decoding goes and written out as text: the binary forms' kinds of value
/// (`string`, `bool`, `int`, `uint`, `double`), `{name: shape, …}` for a keyed value, whose
/// fields are listed in the order they are read, `[shape]` for an array, `?` after a value
/// that may be nil.
final class ShapeRecord {
    /// What kind of value was asked for.
    enum Kind {
        /// Nothing was read: a value that decodes from nothing.
        case nothing
        /// One of the binary forms' kinds of value, by name.
        case scalar(String)
        /// A value of named fields.
        case keyed
        /// An array: its elements as read.
        case unkeyed
    }

    var kind = Kind.nothing
    /// Whether the value may be nil: its decoding asked whether it was.
    var isOptional = false
    /// For a keyed value, its fields in the order they were first read.
    private(set) var fields: [(name: String, record: ShapeRecord)] = []
    /// For an array, its elements as read.
    private(set) var elements: [ShapeRecord] = []
    /// The name of the type whose decoding failed here, and stopped the probe.
    var failedType: String?

    /// The record of the field `name`, added on its first read.
    func field(_ name: String) -> ShapeRecord {
        if let known = fields.first(where: { $0.name == name }) { return known.record }
        let record = ShapeRecord()
        fields.append((name, record))
        return record
    }

    /// The record of the next element of an array.
    func nextElement() -> ShapeRecord {
        let record = ShapeRecord()
        elements.append(record)
        return record
    }

    /// The shape as text, e.g. `{name: string, tags: [string], note: string?}`; a value whose
    /// decoding failed shows its type and what it read before, e.g. `Kind(string)!`.
    var text: String {
        var text =
            switch kind {
            case .nothing: "()"
            case .scalar(let name): name
            case .keyed: "{" + fields.map { "\($0.name): \($0.record.text)" }.joined(separator: ", ") + "}"
            case .unkeyed: "[" + elements.map(\.text).joined(separator: ", ") + "]"
            }
        if let failedType { text = "\(failedType)(\(text))!" }
        return isOptional ? text + "?" : text
    }
}
