import LedgerTestSupport
import Testing

@testable import EventLedger

/// Events decode from payloads with the ledger's rules and encode to canonical payloads;
/// read-model keys keep the order of their values, rows keep every value.
@Suite struct TypedFormTests {
    enum Priority: String, Codable, Sendable, CaseIterable { case low, high }

    struct Step: Codable, Sendable, Equatable {
        var title: String
        var done: Bool
    }

    /// An event with a field of every kind the engine decodes.
    struct Planned: DomainEvent, Equatable {
        @ID var planId: String
        var count: Int
        var small: Int8?
        var ratio: Double
        var urgent: Bool
        var priority: Priority
        var steps: [Step]
        var due: Timestamp?
        var note: String?
        var stream: String { "plan-\(planId)" }

        func validate() throws(LedgerError) {
            try FieldRules.require(count, in: 0...100, field: "count")
        }
    }

    private let complete: [String: JSONValue] = [
        "planId": .string("p1"), "count": .int(3), "small": .int(-4), "ratio": .double(0.5), "urgent": .bool(true),
        "priority": .string("high"), "steps": .array([.object(["title": .string("a"), "done": .bool(false)])]),
        "due": .int(1_700_000_000_000_000), "note": .null,
    ]

    private func decodeError(_ change: (inout [String: JSONValue]) -> Void) throws -> LedgerError {
        var payload = complete
        change(&payload)
        return try #require(throws: LedgerError.self) { try Planned(payload: payload) }
    }

    @Test func everyFieldKindDecodesAndEncodesBackWithoutItsNils() throws {
        let planned = try Planned(payload: complete)
        #expect(planned.count == 3 && planned.small == -4 && planned.ratio == 0.5 && planned.urgent)
        #expect(planned.priority == .high && planned.steps == [Step(title: "a", done: false)])
        #expect(planned.due == Timestamp(microseconds: 1_700_000_000_000_000) && planned.note == nil)
        var expected = complete
        expected["note"] = nil
        #expect(try planned.payload == expected)
        #expect(try Planned(payload: try planned.payload) == planned)
    }

    @Test func eachBadFieldIsNamed() throws {
        #expect(try decodeError { $0["count"] = .string("3") }.subject == "count")
        #expect(try decodeError { $0["count"] = .double(3.5) }.subject == "count")
        #expect(try decodeError { $0["count"] = nil }.message.contains("missing"))
        #expect(try decodeError { $0["small"] = .int(300) }.subject == "small")
        #expect(try decodeError { $0["priority"] = .string("urgent") }.message == "field \"priority\": must be one of low, high")
        #expect(try decodeError { $0["urgent"] = .int(1) }.subject == "urgent")
        #expect(try decodeError { $0["steps"] = .array([.object(["title": .string("a")])]) }.subject == "steps[0].done")
        #expect(
            try decodeError { $0["steps"] = .array([.object(["title": .string("a"), "done": .bool(true), "x": .null])]) }.subject
                == "steps[0].x")
        #expect(try decodeError { $0["count"] = .int(101) }.message.contains("from 0 to 100"))
        #expect(try decodeError { $0["planId"] = .string("no spaces") }.subject == "planId")
        for error in [try decodeError { $0["extra"] = .int(1) }, try decodeError { $0["count"] = .string("x") }] {
            #expect(error.kind == .invalidInput)
        }
    }

    /// An event whose counter can exceed what a payload's whole numbers hold.
    struct Counted: DomainEvent {
        @ID var counterId: String
        var total: UInt64
        var stream: String { "counter-\(counterId)" }
    }

    @Test func aNumberBeyondWhatAPayloadHoldsIsRefusedWhenTheEventIsEncoded() throws {
        #expect(try Counted(counterId: "c", total: 7).payload == ["counterId": .string("c"), "total": .int(7)])
        let error = try #require(throws: LedgerError.self) { try Counted(counterId: "c", total: .max).payload }
        #expect(error.kind == .invalidInput && error.subject == "total")
        let pending = PendingEvent(Counted(counterId: "c", total: .max))
        #expect(try #require(throws: LedgerError.self) { try pending.payloadToAppend() }.subject == "total")
        #expect(pending.payload.isEmpty)
    }

    /// A domain's own text rule: lowercase ASCII letters only.
    enum LowercaseRule: TextFieldRule {
        static func checked(_ text: String, field: @autoclosure () -> String) throws(LedgerError) -> String {
            guard !text.isEmpty, text.utf8.allSatisfy({ (0x61...0x7A).contains($0) }) else {
                throw LedgerError.invalidField(field(), "lowercase letters only")
            }
            return text
        }
    }

    struct Tagged: DomainEvent {
        @ID var itemId: String
        @CheckedText<LowercaseRule> var tag: String
        var stream: String { "item-\(itemId)" }
    }

    @Test func aDomainsOwnTextRuleChecksItsFields() throws {
        #expect(try Tagged(payload: ["itemId": .string("i"), "tag": .string("urgent")]).tag == "urgent")
        let error = try #require(throws: LedgerError.self) {
            try Tagged(payload: ["itemId": .string("i"), "tag": .string("Urgent!")])
        }
        #expect(error.subject == "tag" && error.message.contains("lowercase letters only"))
    }

    @Test func nullStandsForAnAbsentOptionalField() throws {
        var payload = complete
        payload["small"] = nil
        payload["due"] = .null
        let planned = try Planned(payload: payload)
        #expect(planned.small == nil && planned.due == nil)
    }

    struct Key: Codable, Sendable, Equatable { var group: String; var rank: Int; var tag: String? }

    private func keyBytes(_ value: some Encodable) throws -> [UInt8] {
        try BinaryEncoding.encode(value, with: BinaryWriter(.key))
    }

    @Test func keysSortAsTheirValuesDo() throws {
        let strings = ["", "\u{0}", "a", "a\u{0}", "a\u{0}b", "ab", "b", "é"]
        #expect(try strings.map(keyBytes).isStrictlySorted)
        let numbers = [Int.min, -300, -1, 0, 1, 255, 256, Int.max]
        #expect(try numbers.map(keyBytes).isStrictlySorted)
        let doubles = [-Double.infinity, -2.5, -0.0, 0.5, 3, Double.infinity]
        #expect(try doubles.map(keyBytes).isStrictlySorted)
        let keys = [
            Key(group: "a", rank: -1, tag: nil), Key(group: "a", rank: -1, tag: "x"), Key(group: "a", rank: 2, tag: nil),
            Key(group: "ab", rank: -5, tag: nil), Key(group: "b", rank: 0, tag: ""),
        ]
        #expect(try keys.map(keyBytes).isStrictlySorted)
    }

    @Test func aPrefixOfAKeysFieldsIsAPrefixOfItsBytesAndOfWholeValuesOnly() throws {
        let key = try keyBytes(Key(group: "a", rank: 7, tag: "t"))
        #expect(key.starts(with: try keyBytes("a")))
        #expect(!(try keyBytes(Key(group: "ab", rank: 7, tag: nil))).starts(with: try keyBytes("a")))
        key.withUnsafeBytes { bytes in
            #expect(KeyValues.count(in: bytes) == 3)
            #expect(KeyValues.prefix(1, of: bytes).map(Array.init) == (try? keyBytes("a")))
            #expect(KeyValues.prefix(4, of: bytes) == nil)
        }
    }

    @Test func aWriterUsedForManyTypesEncodesEachAsAFreshOneDoes() throws {
        let planned = try Planned(payload: complete)
        let values: [any Encodable] = [
            planned, Step(title: "b", done: false), Key(group: "g", rank: 1, tag: "t"), planned,
            Key(group: "h", rank: 2, tag: nil),
        ]
        for form in [BinaryForm.key, .row] {
            let reused = BinaryWriter(form)
            for value in values {
                #expect(try BinaryEncoding.encode(value, with: reused) == BinaryEncoding.encode(value, with: BinaryWriter(form)))
            }
        }
    }

    @Test func aReaderUsedForManyTypesDecodesEachAsAFreshOneDoes() throws {
        let planned = try Planned(payload: complete)
        let reader = BinaryReader()
        for form in [BinaryForm.key, .row] {
            for _ in 0..<2 {
                let plan = try BinaryEncoding.encode(planned, with: BinaryWriter(form))
                #expect(try BinaryDecoding.decode(Planned.self, from: plan, as: form, with: reader, source: "t") == planned)
                let key = try BinaryEncoding.encode(Key(group: "g", rank: 1, tag: nil), with: BinaryWriter(form))
                #expect(try BinaryDecoding.decode(Key.self, from: key, as: form, with: reader, source: "t").group == "g")
            }
        }
        let step = try BinaryEncoding.encode(Step(title: "a", done: true), with: BinaryWriter(.row))
        #expect(throws: LedgerError.self) { try BinaryDecoding.decode(Key.self, from: step, as: .row, with: reader, source: "t") }
        #expect(try BinaryDecoding.decode(Step.self, from: step, as: .row, with: reader, source: "t") == Step(title: "a", done: true))
    }

    @Test func keysAndRowsDecodeToWhatWasEncoded() throws {
        let planned = try Planned(payload: complete)
        for form in [BinaryForm.key, .row] {
            let bytes = try BinaryEncoding.encode(planned, with: BinaryWriter(form))
            #expect(try BinaryDecoding.decode(Planned.self, from: bytes, as: form, source: "test") == planned)
        }
        let bytes = try BinaryEncoding.encode(Step(title: "a", done: true), with: BinaryWriter(.row))
        let error = try #require(throws: LedgerError.self) {
            try BinaryDecoding.decode(Key.self, from: bytes, as: .row, source: "table t")
        }
        #expect(error.kind == .corruption && error.message.contains("table t"))
    }
}

extension TypedFormTests {
    /// A row with an optional field of each scalar type the binary forms read without a generic call.
    struct Optionals: Codable, Equatable {
        var text: String?
        var flag: Bool?
        var fraction: Double?
        var whole: Int?
        var wide: Int64?
        var unsigned: UInt64?
        var nested: Step?
    }

    @Test func keyStringsReadBackWithTheirNULsAndDamagedOnesAreRefused() throws {
        for text in ["", "\u{0}", "a\u{0}", "\u{0}\u{0}b\u{0}", "long text with no NUL at all, past a word or two"] {
            let bytes = try BinaryEncoding.encode(Key(group: text, rank: 1, tag: text), with: BinaryWriter(.key))
            #expect(try BinaryDecoding.decode(Key.self, from: bytes, as: .key, source: "test") == Key(group: text, rank: 1, tag: text))
        }
        let whole = try BinaryEncoding.encode("a\u{0}b", with: BinaryWriter(.key))
        for damaged in [Array(whole.dropLast()), Array(whole.dropLast(2)), whole.prefix(3) + [0, 7] + whole.dropFirst(3)] {
            let error = try #require(throws: LedgerError.self) {
                try BinaryDecoding.decode(String.self, from: damaged, as: .key, source: "table t")
            }
            #expect(error.kind == .corruption, "\(damaged)")
        }
    }

    @Test func anEventTypesNameIsItsSwiftNameAsPrinted() {
        #expect(Planned.typeName == "Planned")
        #expect(Planned.typeName == String(describing: Planned.self))
        #expect(NoteCreated.typeName == String(describing: NoteCreated.self))
    }

    @Test func optionalFieldsDecodeToWhatWasEncodedPresentOrNot() throws {
        let present = Optionals(
            text: "t", flag: false, fraction: -1.5, whole: -7, wide: .min, unsigned: .max,
            nested: Step(title: "s", done: true))
        for row in [present, Optionals()] {
            for form in [BinaryForm.key, .row] {
                let bytes = try BinaryEncoding.encode(row, with: BinaryWriter(form))
                #expect(try BinaryDecoding.decode(Optionals.self, from: bytes, as: form, source: "test") == row)
            }
        }
    }
}

private extension Array where Element == [UInt8] {
    /// Whether each element sorts before the next, byte by byte.
    var isStrictlySorted: Bool {
        zip(self, dropFirst()).allSatisfy { $0.lexicographicallyPrecedes($1) }
    }
}
