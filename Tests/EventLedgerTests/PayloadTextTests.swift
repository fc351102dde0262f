import Testing

@testable import EventLedger

/// Recorded payloads read in place from their text read as the parsed payloads do.
@Suite struct PayloadTextTests {
    /// A recorded event with the field kinds payloads hold.
    struct Sample: Codable, Equatable {
        @ID var sampleId: String
        var count: Int
        var note: String?
        var ratio: Double
        var isDone: Bool
    }

    @Test func anObjectOfScalarsIsLocatedAndReadAsParsed() throws {
        let json =
            #"{"a":"x","n":-12,"f":1.5,"t":true,"z":null,"e":"caf\u00e9 \"q\"","u":"Sigur Rós","#
            + #""l":"sixteen plain bytes then \"quoted\"","m":"sixteen plain bytes then ümlaut","p":"sixteen plain bytes"}"#
        try withText(json) { text, located in
            #expect(located)
            let parsed = try #require(try JSONValue.parse(json).objectValue)
            for name in ["a", "n", "f", "t", "z", "e", "u", "l", "m", "p"] {
                let value = try text.value(name)
                #expect(value == parsed[name], "\(name)")
            }
            let missing = try text.value("missing")
            #expect(missing == .null)
            #expect(text.contains("z") && !text.contains("missing"))
        }
    }

    @Test func payloadsThatAreNotFlatObjectsOfPlainKeysAreLeftToTheParser() throws {
        let others = [
            #"{"a":{"b":1}}"#, #"{"a":[1]}"#, #"{"a":1,"a":2}"#, #"{"\u0061":1}"#, #"{"a":1} x"#, "[1]",
            #"{"a":1,}"#, "{\"a\":\"\u{1}\"}", #"{"a":"#, #"{"a" 1}"#,
        ]
        for json in others {
            try withText(json) { _, located in #expect(!located, "\(json)") }
        }
        try withText(" { } ") { text, located in
            #expect(located)
            let members = try text.parsedMembers()
            #expect(members.isEmpty)
        }
    }

    @Test func anEventDecodedFromItsTextEqualsOneDecodedFromItsParsedMembers() throws {
        for json in [
            #"{"sampleId":"s-1","count":3,"note":"hi","ratio":2,"isDone":false}"#,
            #"{"isDone":true,"ratio":0.25,"count":-1,"sampleId":"s-2"}"#,
        ] {
            let members = try #require(try Array(json.utf8).withUnsafeBytes { try JSONValue.parseMembers($0) })
            try withText(json) { text, located in
                #expect(located)
                let fromText = try PayloadDecoder.decodeRecorded(Sample.self, .text(text))
                #expect(fromText == (try PayloadDecoder.decodeRecorded(Sample.self, .members(members))))
            }
        }
        try withText(#"{"sampleId":"s-3","count":"three","ratio":1,"isDone":true}"#) { text, _ in
            #expect(throws: LedgerError.self) { try PayloadDecoder.decodeRecorded(Sample.self, .text(text)) }
        }
    }

    /// Calls `body` with a payload text located in `json`, and whether it was.
    private func withText(_ json: String, _ body: (PayloadText, Bool) throws -> Void) throws {
        let reader = PayloadTextReader()
        try Array(json.utf8).withUnsafeBytes { bytes in try body(reader.text, reader.text.locate(bytes)) }
    }
}
