/// A rule a text field of an event obeys, checked when a payload is decoded.
public protocol TextFieldRule: Sendable {
    /// `text` as the field keeps it (names are trimmed), or `.invalidInput` naming `field`
    /// (worked out only then).
    static func checked(_ text: String, field: @autoclosure () -> String) throws(LedgerError) -> String
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
        try self.init(text: text, checking: true, field: decoder.codingPath.fieldName)
    }

    /// The field holding `text`, checked by `Rule` unless `checking` is false (a payload the
    /// log holds, checked when it was appended).
    init(text: String, checking: Bool, field: @autoclosure () -> String) throws(LedgerError) {
        wrappedValue = checking ? try Rule.checked(text, field: field()) : text
    }

    /// Encodes the text as a string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(try PayloadEncoder.checkedText(wrappedValue, by: Rule.self, encodedBy: encoder))
    }
}

/// The rule of ids: 1–128 characters from `A–Z a–z 0–9 . _ : -`.
public enum IDRule: TextFieldRule {
    /// `text` when it is a valid id.
    public static func checked(_ text: String, field: @autoclosure () -> String) throws(LedgerError) -> String {
        try FieldRules.validID(text, field: field())
    }
}

/// The rule of names and titles: trimmed of white space at both ends, then 1–200
/// characters without control characters.
public enum NameRule: TextFieldRule {
    /// `text` trimmed, when it is a valid name.
    public static func checked(_ text: String, field: @autoclosure () -> String) throws(LedgerError) -> String {
        try FieldRules.validName(text, field: field())
    }
}

/// An id field of an event: 1–128 characters from `A–Z a–z 0–9 . _ : -`.
public typealias ID = CheckedText<IDRule>

/// A name or title field of an event: trimmed of white space at both ends, then 1–200
/// characters without control characters; the trimmed text is kept.
public typealias Name = CheckedText<NameRule>

/// A text field that may be absent or null; when present, checked by `Rule` as
/// `CheckedText` checks it.
@propertyWrapper
public struct OptionalCheckedText<Rule: TextFieldRule>: Codable, Hashable, Sendable {
    /// The text, or nil.
    public var wrappedValue: String?

    /// An optional text, checked when the event is appended.
    public init(wrappedValue: String?) { self.wrappedValue = wrappedValue }

    /// Decodes and checks a text, or nil for null or an absent field.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        try self.init(
            text: container.decodeNil() ? nil : container.decode(String.self), checking: true,
            field: decoder.codingPath.fieldName)
    }

    /// The field holding `text` (nil: none), checked by `Rule` unless `checking` is false.
    init(text: String?, checking: Bool, field: @autoclosure () -> String) throws(LedgerError) {
        wrappedValue = try text.map { text throws(LedgerError) in checking ? try Rule.checked(text, field: field()) : text }
    }

    /// Encodes the text as a string, or null.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        guard let wrappedValue else { return try container.encodeNil() }
        try container.encode(try PayloadEncoder.checkedText(wrappedValue, by: Rule.self, encodedBy: encoder))
    }
}

/// An id field that may be absent or null; when present, an id as `ID` checks it.
public typealias OptionalID = OptionalCheckedText<IDRule>

/// A name or title field that may be absent or null; when present, a name as `Name` checks it.
public typealias OptionalName = OptionalCheckedText<NameRule>
