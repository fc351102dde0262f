import EventLedger
import Testing

/// The objects of one coding-key type follow the shape the last of them left, on one thread
/// from one answer to the next: each answer still holds exactly what its own rows encode.
@Suite struct QueryResultShapeTests {
    private struct Field: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// A row that encodes the fields it is given, in order, under keys of one coding-key type.
    private struct Fields: Encodable {
        var fields: [(key: String, value: JSONValue)]

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Field.self)
            for field in fields { try container.encode(field.value, forKey: Field(stringValue: field.key)) }
        }
    }

    private func object(_ fields: [(key: String, value: JSONValue)]) -> JSONValue {
        .object(Dictionary(fields, uniquingKeysWith: { $1 }))
    }

    @Test func answersOneAfterAnotherHoldTheirOwnFields() throws {
        let answers: [[(key: String, value: JSONValue)]] = [
            [("a", .int(1)), ("b", .string("x"))], [("a", .int(2)), ("b", .string("y"))], [("b", .null), ("a", .int(3))],
            [("a", .int(4))], [], [("a", .int(5)), ("b", .bool(true)), ("c", .double(0.25))], [("a", .int(6)), ("b", .string("z"))],
        ]
        for fields in answers {
            let result = try QueryResult(rows: [Fields(fields: fields), Fields(fields: fields)])
            #expect(result.json == .array([object(fields), object(fields)]))
        }
    }

    @Test func unicodeKeysAndValuesAreKeptAsTheyAre() throws {
        let fields: [(key: String, value: JSONValue)] = [("naïve", .string("café ☕️")), ("日本", .string("東京")), ("e\u{301}", .int(-7))]
        let result = try QueryResult(rows: [Fields(fields: fields), Fields(fields: fields)])
        #expect(result.json == .array([object(fields), object(fields)]))
        #expect(result.columns == ["NAÏVE", "日本", "E\u{301}"])
    }

    @Test func aRowWhoseFieldFailsInsideItLeavesTheOthersWhole() throws {
        struct Guarded: Encodable {
            var reading: Double
            var name: String

            enum CodingKeys: CodingKey { case reading, name }

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(name, forKey: .name)
                // A value JSON cannot hold, its error caught here: the row goes on without it.
                try? container.encode(Levels(fields: [("level", .int(1)), ("ratio", .double(reading))]), forKey: .reading)
            }
        }
        struct Levels: Encodable {
            var fields: [(key: String, value: JSONValue)]
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: QueryResultShapeTests.Field.self)
                for field in fields {
                    if case .double(let number) = field.value {
                        try container.encode(number, forKey: QueryResultShapeTests.Field(stringValue: field.key))
                    } else {
                        try container.encode(field.value, forKey: QueryResultShapeTests.Field(stringValue: field.key))
                    }
                }
            }
        }
        let result = try QueryResult(rows: [Guarded(reading: 0.5, name: "a"), Guarded(reading: .nan, name: "b"), Guarded(reading: 2, name: "c")])
        #expect(
            result.json
                == .array([
                    .object(["name": .string("a"), "reading": .object(["level": .int(1), "ratio": .double(0.5)])]),
                    .object(["name": .string("b")]),
                    .object(["name": .string("c"), "reading": .object(["level": .int(1), "ratio": .double(2)])]),
                ]))
    }

    @Test func anAnswerMadeWhileAnotherIsEncodedIsItsOwn() throws {
        struct Summary: Encodable {
            var inner: [Fields]

            func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                try container.encode(try QueryResult(rows: inner).json)
            }
        }
        let inner = [Fields(fields: [("a", .int(1))]), Fields(fields: [("a", .int(2))])]
        let nested = try QueryResult(rows: [Summary(inner: inner), Summary(inner: inner)])
        let outer = try QueryResult(rows: [Fields(fields: [("a", .int(0)), ("b", .int(9))]), Fields(fields: [("s", .null)])])
        let expectedInner = JSONValue.array([.object(["a": .int(1)]), .object(["a": .int(2)])])
        #expect(nested.json == .array([expectedInner, expectedInner]))
        #expect(outer.json == .array([.object(["a": .int(0), "b": .int(9)]), .object(["s": .null])]))
    }

    @Test func arraysOfOtherLengthsAtOneDepthHoldTheirOwnElements() throws {
        struct Tagged: Encodable {
            var tags: [String]
        }
        for tagCounts in [[3, 0, 5], [1], [0, 0], [7, 2, 2, 9]] {
            let rows = tagCounts.map { count in Tagged(tags: (0..<count).map { "t\($0)" }) }
            let result = try QueryResult(rows: rows)
            let expected = tagCounts.map { count in JSONValue.object(["tags": .array((0..<count).map { .string("t\($0)") })]) }
            #expect(result.json == .array(expected))
        }
    }
}
