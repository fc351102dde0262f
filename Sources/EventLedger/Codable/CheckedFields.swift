/// A rule a text field of an event obeys, checked when a payload is decoded.
public protocol TextFieldRule: Sendable {
    /// `text` as the field keeps it (names are trimmed), or `.invalidInput` naming `field`.
    static func checked(_ text: String, field: String) throws(LedgerError) -> String
}

/// A text field checked by `Rule` when the event is appended: decoding a payload rejects a
/// value the rule refuses, naming the field. `ID` and `Name` are the ledger's; a domain can
/// declare its own rules the same way.
///
/// ```swift
/// struct ItemAdded: DomainEvent {
///     @ID var itemId: String
///     @Name var title: String
/// }
/// ```
@propertyWrapper
public struct CheckedText<Rule: TextFieldRule>: Codable, Hashable, Sendable {
    /// The text.
    public var wrappedValue: String

    /// A text, checked when the event is appended.
    public init(wrappedValue: String) { self.wrappedValue = wrappedValue }

    /// Decodes and checks a text.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        wrappedValue = try Rule.checked(text, field: decoder.codingPath.fieldName)
    }

    /// Encodes the text as a string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wrappedValue)
    }
}

/// The rule of ids: 1–128 characters from `A–Z a–z 0–9 . _ : -`.
public enum IDRule: TextFieldRule {
    /// `text` when it is a valid id.
    public static func checked(_ text: String, field: String) throws(LedgerError) -> String {
        try FieldRules.validID(text, field: field)
    }
}

/// The rule of names and titles: trimmed of white space at both ends, then 1–200
/// characters without control characters.
public enum NameRule: TextFieldRule {
    /// `text` trimmed, when it is a valid name.
    public static func checked(_ text: String, field: String) throws(LedgerError) -> String {
        try FieldRules.validName(text, field: field)
    }
}

/// An id field of an event: 1–128 characters from `A–Z a–z 0–9 . _ : -`.
public typealias ID = CheckedText<IDRule>

/// A name or title field of an event: trimmed of white space at both ends, then 1–200
/// characters without control characters; the trimmed text is kept.
public typealias Name = CheckedText<NameRule>

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
