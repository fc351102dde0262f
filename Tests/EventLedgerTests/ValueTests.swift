import Testing

@testable import EventLedger

@Suite struct ValueTests {
    @Test func eventIDsRoundTripAndAreTimeOrdered() throws {
        let id = try #require(EventID("0193A4B2-7C1D-7E3F-8A9B-0C1D2E3F4A5B"))
        #expect(id.description == "0193a4b2-7c1d-7e3f-8a9b-0c1d2e3f4a5b")
        #expect(EventID("not-a-uuid") == nil)
        #expect(EventID("0193a4b2-7c1d-7e3f-8a9b-0c1d2e3f4a5") == nil)
        let generated = EventID.generate()
        #expect(EventID(generated.description) == generated)
        #expect((generated.high >> 12) & 0xF == 7)
    }

    @Test func timestampsFormatAndParseISO8601() throws {
        let stamp = try #require(Timestamp(iso8601: "2026-11-29T23:10:00Z"))
        #expect(stamp.description == "2026-11-29T23:10:00.000000Z")
        #expect(Timestamp(iso8601: "2026-11-29T23:10:00.123456789Z")?.description == "2026-11-29T23:10:00.123456Z")
        #expect(Timestamp(iso8601: "2026-11-30T01:10:00+02:00") == stamp)
        #expect(Timestamp(iso8601: "2026-02-30T00:00:00Z") == nil)
        #expect(Timestamp(iso8601: "yesterday") == nil)
        #expect(Timestamp(microseconds: 0).description == "1970-01-01T00:00:00.000000Z")
    }

    /// An event with the checked fields, for the rules of ids and names.
    private struct Checked: DomainEvent {
        @ID var id: String
        @Name var name: String
        var stream: String { "checked-\(id)" }
    }

    @Test func idAndNameFieldsEnforceTheRulesOfIdsAndNames() throws {
        let checked = try Checked(payload: ["id": .string("a.b_c:d-1"), "name": .string("  Pink Floyd ")])
        #expect(checked.id == "a.b_c:d-1" && checked.name == "Pink Floyd")
        for (field, value) in [("id", "a b"), ("id", ""), ("id", String(repeating: "a", count: 129)), ("name", "a\u{7}b")] {
            var fields: [String: JSONValue] = ["id": .string("a"), "name": .string("n")]
            fields[field] = .string(value)
            let error = try #require(throws: LedgerError.self) { try Checked(payload: fields) }
            #expect(error.subject == field && error.kind == .invalidInput)
        }
        #expect(throws: LedgerError.self) { try Checked(payload: ["name": .string("n")]) }
        #expect(FieldRules.isValidID(String(repeating: "a", count: 128)))
        #expect(!FieldRules.isValidID(String(repeating: "a", count: 129)))
        #expect(!FieldRules.isValidID(""))
    }

    @Test func namesAreTrimmedCountedInCharactersAndFreeOfControlCharactersInAnyScript() throws {
        func name(_ text: String) throws -> String {
            try FieldRules.validName(text, field: "name")
        }
        #expect(try name("\u{3000}Ελένη Καραΐνδρου\u{A0}") == "Ελένη Καραΐνδρου")
        #expect(try name("a\u{A0}b") == "a\u{A0}b")
        #expect(try name(String(repeating: "é", count: 200)).count == 200)
        #expect(throws: LedgerError.self) { try name(String(repeating: "é", count: 201)) }
        for control in ["\u{0}", "\u{1F}", "\u{7F}", "\u{80}", "\u{85}", "\u{9F}"] {
            #expect(throws: LedgerError.self, "U+\(String(control.unicodeScalars.first!.value, radix: 16))") { try name("a\(control)b") }
        }
        #expect(throws: LedgerError.self) { try name(" \u{2003} ") }
    }

    @Test func anUnknownFieldIsNamedAndTheFirstInOrderWhenThereAreSeveral() throws {
        let error = try #require(throws: LedgerError.self) {
            try Checked(payload: ["z": .null, "c": .null, "id": .string("a"), "name": .string("n"), "b": .null])
        }
        #expect(error.subject == "b")
        #expect(error.message.contains("unknown field \"b\""))
    }
}
