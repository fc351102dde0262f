import EventLedger

/// Text as human output shows it: every character that could end a line, move the cursor,
/// recolour the terminal, reorder what follows or hide itself is written as an escape, so a
/// name or metadata value can neither fake a row nor hide text. JSON output is never escaped.
///
/// Plain text escapes the backslash too (`\\`), so what is shown reads back unambiguously;
/// JSON text (a payload) keeps JSON's own escapes and stays JSON for the same value.
struct VisibleText {
    /// The text to print.
    let text: String

    /// `text` with each character `isEscapedInPlainText` written as a Swift escape (`\n`,
    /// `\r`, `\t`, `\u{1B}`, `\u{202E}`, `\\`).
    init(_ text: String) {
        guard text.unicodeScalars.contains(where: Self.isEscapedInPlainText) else {
            self.text = text
            return
        }
        var shown = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if Self.isEscapedInPlainText(scalar) {
                shown.append(contentsOf: scalar.escaped(asASCII: true).unicodeScalars)
            } else {
                shown.append(scalar)
            }
        }
        self.text = String(shown)
    }

    /// `value` serialized as JSON, with each character `isEscaped` that JSON leaves as it is
    /// written as a JSON escape (`\u202e`; a pair of them beyond U+FFFF).
    init(json value: JSONValue) {
        let serialized = value.serializedString()
        guard serialized.unicodeScalars.contains(where: Self.isEscaped) else {
            text = serialized
            return
        }
        var shown = ""
        for scalar in serialized.unicodeScalars {
            guard Self.isEscaped(scalar) else {
                shown.unicodeScalars.append(scalar)
                continue
            }
            for unit in String(scalar).utf16 {
                let hex = String(unit, radix: 16)
                shown += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            }
        }
        text = shown
    }

    /// Whether plain text shows `scalar` escaped (`scalar.escaped(asASCII: true)`): when
    /// `isEscaped`, and the backslash, which starts every escape.
    static func isEscapedInPlainText(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\\" || isEscaped(scalar)
    }

    /// Whether `scalar` is shown escaped: C0 and C1 controls and DEL (line breaks, terminal
    /// escape sequences), the line and paragraph separators, and invisible format characters
    /// (bidi overrides, isolates and marks, zero-width space, word joiner, byte order mark,
    /// tags). The zero-width joiner and non-joiner stay: emoji sequences and several scripts
    /// need them, and they hide no text.
    static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20...0x7E: false
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x200C, 0x200D: false
        default:
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator: true
            default: false
            }
        }
    }
}
