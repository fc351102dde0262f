import Testing

@testable import EventLedger

/// Parses raw bytes and returns the error, failing the test if parsing succeeds.
private func parseError(_ bytes: [UInt8]) -> JSONParseError? {
    do {
        let value = try JSONValue.parse(bytes)
        Issue.record("expected an error, parsed \(value)")
        return nil
    } catch {
        return error
    }
}

private func parseError(_ text: String) -> JSONParseError? {
    parseError(Array(text.utf8))
}

@Suite struct JSONTests {
    @Test func parsesScalars() throws {
        #expect(try JSONValue.parse("null") == .null)
        #expect(try JSONValue.parse(" true ") == .bool(true))
        #expect(try JSONValue.parse("\tfalse\r\n") == .bool(false))
        #expect(try JSONValue.parse("-12") == .int(-12))
        #expect(try JSONValue.parse("-0") == .int(0))
        #expect(try JSONValue.parse("1.5") == .double(1.5))
        #expect(try JSONValue.parse("-2.5E-3") == .double(-0.0025))
        #expect(try JSONValue.parse("1e2") == .double(100))
        #expect(try JSONValue.parse("\"a/b\"") == .string("a/b"))
    }

    @Test func parsesNestedDocument() throws {
        let value = try JSONValue.parse(#"{"songId":"s-1","tags":["a",{"x":null}],"n":3}"#)
        let object = try #require(value.objectValue)
        #expect(object["songId"]?.stringValue == "s-1")
        #expect(object["n"]?.int64Value == 3)
        #expect(object["tags"]?.arrayValue?.count == 2)
        #expect(object["tags"]?.arrayValue?[1].objectValue?["x"]?.isNull == true)
    }

    @Test func parsesFromEveryEntryPoint() throws {
        let text = #"{"a":[1,2]}"#
        let expected = JSONValue.object(["a": .array([.int(1), .int(2)])])
        #expect(try JSONValue.parse(text) == expected)
        #expect(try JSONValue.parse(Array(text.utf8)) == expected)
        #expect(try JSONValue.parse(text.utf8) == expected)
        let fromBuffer = try Array(text.utf8).withUnsafeBytes { buffer in
            Result { () throws(JSONParseError) in try JSONValue.parse(buffer) }
        }.get()
        #expect(fromBuffer == expected)
    }

    @Test func serializesCompactWithSortedKeys() {
        let value = JSONValue.object([
            "zeta": .int(1), "alpha": .array([.bool(true), .null]), "Beta": .double(2.5), "é": .string("x"),
        ])
        #expect(value.serializedString() == #"{"Beta":2.5,"alpha":[true,null],"zeta":1,"é":"x"}"#)
        #expect(value.serialized() == Array(value.serializedString().utf8))
    }

    @Test func writeAppendsToExistingBuffer() {
        var buffer = Array("prefix:".utf8)
        JSONValue.array([.int(Int64.min), .int(0), .int(Int64.max)]).write(to: &buffer)
        #expect(String(decoding: buffer, as: UTF8.self) == "prefix:[-9223372036854775808,0,9223372036854775807]")
    }

    @Test func serializesDoublesKeepingTheirKind() throws {
        #expect(JSONValue.double(3).serializedString() == "3.0")
        #expect(JSONValue.double(1e22).serializedString() == "1e+22")
        #expect(JSONValue.double(-0.0).serializedString() == "-0.0")
        #expect(JSONValue.double(.infinity).serializedString() == "null")
        #expect(try JSONValue.parse("3.0") == .double(3))
    }

    @Test func escapesStringsMinimally() throws {
        let value = JSONValue.string("q\" b\\ /\n\r\t\u{08}\u{0C}\u{00}\u{1F}\u{7F}é😀")
        let text = value.serializedString()
        #expect(text == "\"q\\\" b\\\\ /\\n\\r\\t\\b\\f\\u0000\\u001f\u{7F}é😀\"")
        #expect(try JSONValue.parse(text) == value)
    }

    @Test func roundTripsEquivalentTextsToIdenticalBytes() throws {
        let first = try JSONValue.parse(#" { "b" : [ 1 , 2.5 , "\u00e9\/" ] , "a" : { "y" : false , "x" : null } } "#)
        let second = try JSONValue.parse(#"{"a":{"x":null,"y":false},"b":[1,2.5,"é/"]}"#)
        #expect(first == second)
        #expect(first.serialized() == second.serialized())
        #expect(first.serializedString() == #"{"a":{"x":null,"y":false},"b":[1,2.5,"é/"]}"#)
        #expect(try JSONValue.parse(first.serialized()) == first)
    }

    @Test func decodesEscapesAndSurrogatePairs() throws {
        #expect(try JSONValue.parse(#""\"\\\/\b\f\n\r\t""#) == .string("\"\\/\u{08}\u{0C}\n\r\t"))
        #expect(try JSONValue.parse(#""\u00e9\u20AC""#) == .string("é€"))
        #expect(try JSONValue.parse(#""a\ud83d\ude00b""#) == .string("a😀b"))
        #expect(try JSONValue.parse(#""\uDBFF\uDFFF""#) == .string("\u{10FFFF}"))
        let nul = try JSONValue.parse(#""x\u0000y""#)
        #expect(nul.stringValue?.utf8.elementsEqual([0x78, 0x00, 0x79]) == true)
    }

    @Test func rejectsBadEscapes() {
        #expect(parseError(#""\ud83d""#) == JSONParseError("unpaired surrogate escape", at: 1))
        #expect(parseError(#""\ude00x""#)?.message == "unpaired surrogate escape")
        #expect(parseError(#""\ud83d\u0041""#)?.message == "unpaired surrogate escape")
        #expect(parseError(#""ab\x""#) == JSONParseError("invalid escape sequence", at: 3))
        #expect(parseError(#""\u12G4""#) == JSONParseError(#"invalid hex digit in \u escape"#, at: 5))
    }

    @Test func rejectsRawControlCharactersInStrings() {
        #expect(parseError([0x22, 0x61, 0x00, 0x62, 0x22]) == JSONParseError("unescaped control character 0x00 in string", at: 2))
        #expect(parseError("\"a\nb\"")?.message == "unescaped control character 0x0A in string")
    }

    @Test(
        arguments: [
            [0x22, 0xC0, 0xAF, 0x22],  // overlong "/"
            [0x22, 0xE0, 0x80, 0xAF, 0x22],  // overlong three-byte
            [0x22, 0xF0, 0x80, 0x80, 0xAF, 0x22],  // overlong four-byte
            [0x22, 0xED, 0xA0, 0x80, 0x22],  // UTF-8 encoded surrogate U+D800
            [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22],  // above U+10FFFF
            [0x22, 0xF5, 0x80, 0x80, 0x80, 0x22],  // lead byte above 0xF4
            [0x22, 0xFF, 0x22],
            [0x22, 0x80, 0x22],  // lone continuation byte
            [0x22, 0xE2, 0x82, 0x22],  // truncated by the closing quote
            [0x22, 0xE2, 0x82],  // truncated by the end of input
        ] as [[UInt8]])
    func rejectsInvalidUTF8(bytes: [UInt8]) {
        #expect(parseError(bytes) == JSONParseError("invalid UTF-8", at: 1))
    }

    @Test func acceptsValidMultibyteUTF8() throws {
        let text = "\"\u{7FF}\u{800}\u{FFFF}\u{10000}\u{10FFFF}\u{D7FF}\u{E000}\""
        #expect(try JSONValue.parse(Array(text.utf8)) == .string("\u{7FF}\u{800}\u{FFFF}\u{10000}\u{10FFFF}\u{D7FF}\u{E000}"))
    }

    @Test func rejectsMalformedNumbers() {
        #expect(parseError("01") == JSONParseError("leading zero in number", at: 0))
        #expect(parseError("[-012]") == JSONParseError("leading zero in number", at: 2))
        #expect(parseError("+1") == JSONParseError("unexpected character '+'", at: 0))
        #expect(parseError(".5") == JSONParseError("unexpected character '.'", at: 0))
        #expect(parseError("5.") == JSONParseError("unexpected end of input", at: 2))
        #expect(parseError("[5.]") == JSONParseError("unexpected character ']'", at: 3))
        #expect(parseError("1e") == JSONParseError("unexpected end of input", at: 2))
        #expect(parseError("1e+x")?.message == "unexpected character 'x'")
        #expect(parseError("-") == JSONParseError("unexpected end of input", at: 1))
        #expect(parseError("NaN")?.message == "unexpected character 'N'")
        #expect(parseError("-Infinity") == JSONParseError("unexpected character 'I'", at: 1))
        #expect(parseError("[1e999]") == JSONParseError("number out of range", at: 1))
        #expect(parseError("-1e400")?.message == "number out of range")
    }

    @Test func keepsInt64BoundariesAsIntegers() throws {
        #expect(try JSONValue.parse("9223372036854775807") == .int(Int64.max))
        #expect(try JSONValue.parse("-9223372036854775808") == .int(Int64.min))
        #expect(try JSONValue.parse("9223372036854775808") == .double(9223372036854775808))
        #expect(try JSONValue.parse("-9223372036854775809") == .double(-9223372036854775808.0))
        #expect(try JSONValue.parse("123456789012345678901234567890") == .double(1.2345678901234568e29))
        #expect(try JSONValue.parse("1e-400") == .double(0))
    }

    @Test func rejectsStructuralErrors() {
        #expect(parseError("") == JSONParseError("unexpected end of input", at: 0))
        #expect(parseError("  ") == JSONParseError("unexpected end of input", at: 2))
        #expect(parseError("[1,2") == JSONParseError("unexpected end of input", at: 4))
        #expect(parseError("[1,]") == JSONParseError("unexpected character ']'", at: 3))
        #expect(parseError(#"{"a":1,}"#) == JSONParseError("unexpected character '}'", at: 7))
        #expect(parseError(#"{"a" 1}"#) == JSONParseError("unexpected character '1'", at: 5))
        #expect(parseError("{a:1}") == JSONParseError("unexpected character 'a'", at: 1))
        #expect(parseError("[1 2]") == JSONParseError("unexpected character '2'", at: 3))
        #expect(parseError("tru") == JSONParseError("unexpected end of input", at: 3))
        #expect(parseError("nul1") == JSONParseError("unexpected character '1'", at: 3))
        #expect(parseError([0x5B, 0xC3, 0xA9]) == JSONParseError("unexpected byte 0xC3", at: 1))
        #expect(parseError("\u{0C}1") == JSONParseError("unexpected byte 0x0C", at: 0))
    }

    @Test func rejectsTrailingCharacters() {
        #expect(parseError("{} x") == JSONParseError("trailing characters after the value", at: 3))
        #expect(parseError("1 2") == JSONParseError("trailing characters after the value", at: 2))
        #expect(parseError("[]]")?.message == "trailing characters after the value")
        #expect(parseError([0x6E, 0x75, 0x6C, 0x6C, 0x00]) == JSONParseError("trailing characters after the value", at: 4))
    }

    @Test func rejectsUnterminatedStrings() {
        #expect(parseError(#"["abc"#) == JSONParseError("unterminated string", at: 1))
        #expect(parseError(#""abc\""#) == JSONParseError("unterminated string", at: 0))
        #expect(parseError(#""abc\"#) == JSONParseError("unexpected end of input", at: 5))
    }

    @Test func rejectsDuplicateKeys() {
        let error = parseError(#"{"name":1,"other":2,"name":3}"#)
        #expect(error == JSONParseError(#"duplicate key "name""#, at: 20))
        #expect(error?.description == #"duplicate key "name" at byte 20"#)
        #expect(parseError(#"{"a":{"b\"":1,"b\u0022":2}}"#)?.message == #"duplicate key "b\"""#)
        #expect(parseError(#"[{"a":1},{"a":2,"a":3}]"#)?.offset == 16)
    }

    @Test func limitsNestingDepth() throws {
        let deepest = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect(try JSONValue.parse(deepest).arrayValue?.count == 1)
        let tooDeep = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
        #expect(parseError(tooDeep) == JSONParseError("nesting deeper than 64", at: 64))
        let objects = String(repeating: #"{"a":"#, count: 65) + "1" + String(repeating: "}", count: 65)
        #expect(parseError(objects) == JSONParseError("nesting deeper than 64", at: 64 * 5))
    }

    @Test func millionOpenBracketsFailWithoutCrashing() {
        let bytes = [UInt8](repeating: UInt8(ascii: "["), count: 1_000_000)
        #expect(parseError(bytes) == JSONParseError("nesting deeper than 64", at: 64))
    }

    @Test func parsesTenMegabyteString() throws {
        var bytes: [UInt8] = [UInt8(ascii: "\"")]
        bytes.append(contentsOf: repeatElement(UInt8(ascii: "x"), count: 10_000_000))
        bytes.append(contentsOf: "é\\n\"".utf8)
        let value = try #require(try JSONValue.parse(bytes).stringValue)
        #expect(value.utf8.count == 10_000_003)
        #expect(value.hasSuffix("xé\n"))
    }

    @Test func accessorsAndKindNames() {
        let values: [JSONValue] = [.null, .bool(true), .int(1), .double(1), .string("s"), .array([]), .object([:])]
        #expect(values.map(\.kindName) == ["null", "boolean", "integer", "number", "string", "array", "object"])
        #expect(values.map(\.isNull) == [true, false, false, false, false, false, false])
        #expect(JSONValue.double(1).int64Value == nil)
        #expect(JSONValue.int(1).stringValue == nil)
        #expect(JSONValue.string("s").objectValue == nil)
        #expect(JSONValue.object([:]).arrayValue == nil)
    }
}

/// An object's members as a list, in the order written: the same values and the same errors
/// as a parse into a dictionary.
@Suite struct JSONMemberListTests {
    /// What `parseMembers` gives for `text`: its members, nil for a non-object, or its error.
    private func members(_ text: String) -> Result<[(key: String, value: JSONValue)]?, JSONParseError> {
        Array(text.utf8).withUnsafeBytes { bytes in Result { () throws(JSONParseError) in try JSONValue.parseMembers(bytes) } }
    }

    @Test func listsAnObjectsMembersInTheOrderWritten() throws {
        let listed = try #require(try members(#" {"b":[1,{"c":null}],"a":"x\"y","é":-2.5} "#).get())
        #expect(listed.map(\.key) == ["b", "a", "é"])
        #expect(
            JSONValue.object(Dictionary(uniqueKeysWithValues: listed))
                == (try JSONValue.parse(#"{"b":[1,{"c":null}],"a":"x\"y","é":-2.5}"#)))
        #expect(try members("{}").get()?.isEmpty == true)
    }

    @Test func aValidTextThatIsNotAnObjectHasNoMembers() throws {
        #expect(try members("[1]").get() == nil)
        #expect(try members(#" "x" "#).get() == nil)
    }

    @Test func refusesWhatAParseRefusesWithTheSameError() {
        let damaged = [
            #"{"name":1,"other":2,"name":3}"#, #"{"a":1} x"#, #"{"a":1"#, #"{"a" 1}"#, "", "[1,]", #"{"a":tru}"#,
            #"{"a":"\u{1}"}"#, #"{"a":[1,2}"#,
        ]
        for text in damaged {
            guard let expected = parseError(text) else { continue }
            #expect(throws: expected) { try members(text).get() }
        }
    }
}
