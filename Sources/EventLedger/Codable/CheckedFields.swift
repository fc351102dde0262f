/// An id field of an event: 1–128 characters from `A–Z a–z 0–9 . _ : -`. Decoding a
/// payload rejects any other value, naming the field.
///
/// ```swift
/// struct ItemAdded: DomainEvent {
///     @ID var itemId: String
///     @Name var title: String
/// }
/// ```
@propertyWrapper
public struct ID: Codable, Hashable, Sendable {
    /// The id.
    public var wrappedValue: String

    /// An id, checked when the event is appended.
    public init(wrappedValue: String) { self.wrappedValue = wrappedValue }

    /// Decodes and checks an id.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        wrappedValue = try FieldRules.validID(text, field: decoder.codingPath.fieldName)
    }

    /// Encodes the id as a string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wrappedValue)
    }
}

/// An id field that may be absent or null; when present, an id as `ID` checks it.
@propertyWrapper
public struct OptionalID: Codable, Hashable, Sendable {
    /// The id, or nil.
    public var wrappedValue: String?

    /// An optional id, checked when the event is appended.
    public init(wrappedValue: String?) { self.wrappedValue = wrappedValue }

    /// Decodes and checks an id, or nil for null or an absent field.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        wrappedValue = container.decodeNil() ? nil
            : try FieldRules.validID(container.decode(String.self), field: decoder.codingPath.fieldName)
    }

    /// Encodes the id as a string, or null.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue { try container.encode(wrappedValue) } else { try container.encodeNil() }
    }
}

/// A name or title field of an event: trimmed of white space at both ends, then 1–200
/// characters without control characters. Decoding a payload rejects any other value,
/// naming the field, and keeps the trimmed text.
@propertyWrapper
public struct Name: Codable, Hashable, Sendable {
    /// The name.
    public var wrappedValue: String

    /// A name, checked and trimmed when the event is appended.
    public init(wrappedValue: String) { self.wrappedValue = wrappedValue }

    /// Decodes, checks and trims a name.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        wrappedValue = try FieldRules.validName(text, field: decoder.codingPath.fieldName)
    }

    /// Encodes the name as a string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wrappedValue)
    }
}
