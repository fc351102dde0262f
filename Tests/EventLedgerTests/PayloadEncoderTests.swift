import Testing

@testable import EventLedger

/// The canonical text of a payload, written straight from the encoded fields, is the text of
/// the payload object serialized, whatever the shape of the fields.
@Suite struct PayloadEncoderTests {
    private enum Mood: String, Codable { case calm, loud }

    private struct Inner: Codable {
        var label: String
        var note: String?
        var count: Int8
    }

    private struct Shapes: Encodable {
        var zeta: String
        var alpha: Int
        var big: UInt64
        var small: Int16
        var ratio: Double
        var flag: Bool
        var mood: Mood
        var missing: String?
        var present: Int?
        var at: Timestamp
        var inner: Inner
        var list: [Inner]
        var numbers: [Int?]
        var emptyList: [String]

        enum CodingKeys: String, CodingKey {
            case zeta, alpha, big, small, ratio, flag, mood, missing, present, at, inner, list, numbers, emptyList
            case upper = "Upper"
            case accented = "ézé"
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(zeta, forKey: .zeta)
            try container.encode(alpha, forKey: .alpha)
            try container.encode(big, forKey: .big)
            try container.encode(small, forKey: .small)
            try container.encode(ratio, forKey: .ratio)
            try container.encode(flag, forKey: .flag)
            try container.encode(mood, forKey: .mood)
            try container.encodeIfPresent(missing, forKey: .missing)
            try container.encodeIfPresent(present, forKey: .present)
            try container.encode(at, forKey: .at)
            try container.encode(inner, forKey: .inner)
            try container.encode(list, forKey: .list)
            try container.encode(numbers, forKey: .numbers)
            try container.encode(emptyList, forKey: .emptyList)
            try container.encode("first", forKey: .upper)
            try container.encode("second", forKey: .upper)
            try container.encode("dropped", forKey: .accented)
            try container.encodeNil(forKey: .accented)
        }
    }

    private static let shapes = Shapes(
        zeta: "quote \" and \\ and \u{1}", alpha: -42, big: UInt64(Int64.max), small: -7, ratio: 2.5, flag: true,
        mood: .loud, missing: nil, present: 3, at: Timestamp(microseconds: 1_700_000_000_123_456),
        inner: Inner(label: "ünïcode", note: nil, count: 5),
        list: [Inner(label: "a", note: "n", count: 1), Inner(label: "b", note: nil, count: 2)],
        numbers: [1, nil, 3], emptyList: [])

    @Test func theTextOfEveryShapeIsThePayloadSerialized() throws {
        let text = try PayloadEncoder.payloadText(of: Self.shapes)
        let payload = try PayloadEncoder.payload(of: Self.shapes)
        #expect(text == JSONValue.object(payload).serialized())
        #expect(payload["Upper"] == .string("second"))
        #expect(payload["ézé"] == nil && payload["missing"] == nil)
        #expect(try DomainEventValue.payload(ofText: text) == payload)
    }

    private struct Measured: Encodable {
        var reading: Double
        var nested: [Double]
    }

    @Test func aNumberJSONCannotHoldIsRejectedNamingItsField() throws {
        let error = try #require(throws: LedgerError.self) {
            try PayloadEncoder.payloadText(of: Measured(reading: .nan, nested: []))
        }
        #expect(error.kind == .invalidInput && error.subject == "reading")
        let nested = try #require(throws: LedgerError.self) {
            try PayloadEncoder.payloadText(of: Measured(reading: 1, nested: [0, .infinity]))
        }
        #expect(nested.kind == .invalidInput && nested.subject == "1")
    }

    @Test func aValueThatIsNotAnObjectOfFieldsIsRejected() throws {
        #expect(throws: LedgerError.self) { try PayloadEncoder.payloadText(of: "just a string") }
        #expect(throws: LedgerError.self) { try PayloadEncoder.payloadText(of: [1, 2]) }
    }
}
