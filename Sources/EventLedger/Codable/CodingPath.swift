/// The key of an element of an array, in coding paths.
struct IndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "\(intValue ?? 0)" }

    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}

/// A key given by name, for reading payloads whose fields are not known in advance.
struct NamedKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

extension Array where Element == any CodingKey {
    /// The path as errors name a field: `title`, `items[2].title`.
    var fieldName: String {
        var name = ""
        for key in self {
            if let index = key.intValue, key is IndexKey {
                name += "[\(index)]"
            } else {
                name += name.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return name.isEmpty ? "payload" : name
    }
}
