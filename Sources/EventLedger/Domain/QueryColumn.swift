/// How a query's table shows one field of its rows: the heading above the column and the text
/// of its cells. A query names only the columns it shows differently from the default.
public struct QueryColumn: Sendable {
    /// How a column's cells show the values of its field.
    public struct Format: Sendable {
        /// The text a cell shows for a value, as the rows encode it.
        public let render: @Sendable (JSONValue) -> String

        /// A format that shows a value, as the rows encode it, as the text `render` returns.
        public init(_ render: @escaping @Sendable (JSONValue) -> String) {
            self.render = render
        }

        /// Strings as they are, numbers and booleans as JSON writes them, nil as nothing,
        /// arrays and objects as compact JSON.
        public static let text = Format { value in
            switch value {
            case .string(let text): text
            case .null: ""
            default: value.serializedString()
            }
        }

        /// `text`, but nil shown as `placeholder` (e.g. `-`).
        public static func text(ifNil placeholder: String) -> Format {
            Format { value in value.isNull ? placeholder : text.render(value) }
        }
    }

    /// The coding key of the field the column shows; empty for rows that encode as one value
    /// (a string, a number) rather than as fields.
    public let key: String
    /// The heading above the column.
    public let heading: String
    /// How the column's cells show their values.
    public let format: Format

    /// The column of the field `key`, headed `heading` (by default the key's words in capitals:
    /// `artistId` is `ARTIST ID`), its cells shown in `format`.
    public init(_ key: String, heading: String? = nil, format: Format = .text) {
        self.key = key
        self.heading = heading ?? Self.defaultHeading(of: key)
        self.format = format
    }

    /// The one column of rows that encode as one value (a string, a number), headed `heading`.
    public static func value(heading: String, format: Format = .text) -> QueryColumn {
        QueryColumn("", heading: heading, format: format)
    }

    /// The words of `key` in capitals, one space between them: a word begins at a capital
    /// letter after a small one or a digit, and after `_` or `-`. `VALUE` for the empty key.
    static func defaultHeading(of key: String) -> String {
        guard !key.isEmpty else { return "VALUE" }
        var heading = ""
        var previous: Character?
        for character in key {
            if character == "_" || character == "-" {
                heading.append(" ")
            } else {
                if character.isUppercase, let previous, previous.isLowercase || previous.isNumber { heading.append(" ") }
                heading.append(character)
            }
            previous = character
        }
        return heading.uppercased()
    }
}
