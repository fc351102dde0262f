import Testing

@testable import EventLedger

/// Keys and rows that write their own fields are stored byte for byte as `Codable` stores
/// them, and read back the same.
@Suite struct BinaryFieldsTests {
    enum Shade: String, Codable, Sendable { case light, dark }

    struct Part: BinaryFields, Equatable {
        var label: String
        init(label: String) { self.label = label }
        init(fields: FieldReader) throws(LedgerError) { label = try fields.read() }
        func write(to fields: FieldWriter) { fields.write(label) }
    }

    /// A row with a field of every kind the field reader and writer know, and one they leave to `Codable`.
    struct Everything: BinaryFields, Equatable {
        var text: String
        var count: Int
        var wide: Int64
        var unsigned: UInt64
        var flag: Bool
        var ratio: Double
        var note: String?
        var rank: Int?
        var at: Timestamp
        var shade: Shade
        var part: Part
        var tags: [String]

        init(
            text: String, count: Int, wide: Int64, unsigned: UInt64, flag: Bool, ratio: Double, note: String?, rank: Int?,
            at: Timestamp, shade: Shade, part: Part, tags: [String]
        ) {
            (self.text, self.count, self.wide, self.unsigned, self.flag, self.ratio) = (text, count, wide, unsigned, flag, ratio)
            (self.note, self.rank, self.at, self.shade, self.part, self.tags) = (note, rank, at, shade, part, tags)
        }

        init(fields: FieldReader) throws(LedgerError) {
            text = try fields.read()
            count = try fields.read()
            wide = try fields.read()
            unsigned = try fields.read()
            flag = try fields.read()
            ratio = try fields.read()
            note = try fields.read()
            rank = try fields.read()
            at = try fields.read()
            shade = try fields.read()
            part = try fields.read()
            tags = try fields.readCodable()
        }

        func write(to fields: FieldWriter) throws(LedgerError) {
            fields.write(text)
            fields.write(count)
            fields.write(wide)
            fields.write(unsigned)
            fields.write(flag)
            fields.write(ratio)
            fields.write(note)
            fields.write(rank)
            fields.write(at)
            fields.write(shade)
            try fields.write(part)
            try fields.writeCodable(tags)
        }
    }

    struct Shaded: BinaryFields {
        var shade: Shade
        init(fields: FieldReader) throws(LedgerError) { shade = try fields.read() }
        func write(to fields: FieldWriter) { fields.write(shade) }
    }

    /// A conformance that writes its fields in another order than `Codable` does.
    struct Swapped: BinaryFields {
        var first: String
        var second: Int
        init(first: String, second: Int) { (self.first, self.second) = (first, second) }
        init(fields: FieldReader) throws(LedgerError) { (second, first) = (try fields.read(), try fields.read()) }
        func write(to fields: FieldWriter) {
            fields.write(second)
            fields.write(first)
        }
    }

    static let full = Everything(
        text: "naïve\u{0}x", count: -3, wide: .min, unsigned: .max, flag: true, ratio: -0.5,
        note: "n", rank: 42, at: Timestamp(microseconds: 1_700_000_000_000_000), shade: .dark,
        part: Part(label: "p"), tags: ["a", ""])
    static let empty = Everything(
        text: "", count: 0, wide: 0, unsigned: 0, flag: false, ratio: 0, note: nil, rank: nil,
        at: Timestamp(microseconds: 0), shade: .light, part: Part(label: ""), tags: [])

    @Test func fieldsAreWrittenAsCodableWritesThem() throws {
        #expect(try Self.full.fieldsMatchCodable())
        #expect(try Self.empty.fieldsMatchCodable())
        #expect(try !Swapped(first: "a", second: 1).fieldsMatchCodable())
    }

    @Test func aTableOfFieldTypesReadsBackWhatItWrote() throws {
        let coding = ReadModelTable<Part, Everything>(readModel: "r", name: "t").coding
        for form in [BinaryForm.key, .row] {
            let writer = BinaryWriter(form)
            for value in [Self.full, Self.empty] {
                let bytes = try BinaryEncoding.encode(value, with: writer, coding: coding.row)
                let readBack = try bytes.withUnsafeBytes { bytes in
                    try BinaryDecoding.decode(from: bytes, as: form, with: BinaryReader(), coding: coding.row, source: "t")
                }
                #expect(readBack == value)
                // Read through `Codable` as well: either way gives the same value.
                #expect(try BinaryDecoding.decode(Everything.self, from: bytes, as: form, source: "t") == value)
            }
        }
    }

    /// A type whose `Codable` conformance refuses to run: only its own fields store it.
    struct FieldsOnly: BinaryFields, Equatable {
        struct NotThroughCodable: Error {}
        var value: String
        init(value: String) { self.value = value }
        init(from decoder: any Decoder) throws { throw NotThroughCodable() }
        func encode(to encoder: any Encoder) throws { throw NotThroughCodable() }
        init(fields: FieldReader) throws(LedgerError) { value = try fields.read() }
        func write(to fields: FieldWriter) { fields.write(value) }
    }

    /// Round trips `value` through `coding` in `form`.
    func roundTrip<Value>(_ value: Value, _ coding: BinaryCoding<Value>, as form: BinaryForm) throws -> Value {
        let bytes = try BinaryEncoding.encode(value, with: BinaryWriter(form), coding: coding)
        return try bytes.withUnsafeBytes { bytes in
            try BinaryDecoding.decode(from: bytes, as: form, with: BinaryReader(), coding: coding, source: "t")
        }
    }

    @Test func aTableDeclaredWithFieldTypesStoresThemThroughTheirFields() throws {
        let value = FieldsOnly(value: "v")
        let keyed = ReadModelTable<FieldsOnly, String>(readModel: "r", name: "t").coding
        let rowed = ReadModelTable<String, FieldsOnly>(readModel: "r", name: "t").coding
        let both = ReadModelTable<FieldsOnly, FieldsOnly>(readModel: "r", name: "t").coding
        for coding in [keyed.key, rowed.row, both.key, both.row] {
            #expect(try roundTrip(value, coding, as: .key) == value)
            #expect(try roundTrip(value, coding, as: .row) == value)
        }
        #expect(throws: LedgerError.self) { try roundTrip(value, BinaryCoding<FieldsOnly>.codable, as: .row) }
    }

    @Test func aFieldOfAnotherTypeIsCorruption() throws {
        let coding = BinaryCoding<Part>.fields
        let bytes = try BinaryEncoding.encode(7, with: BinaryWriter(.row))
        let error = try #require(throws: LedgerError.self) {
            try bytes.withUnsafeBytes { bytes in
                try BinaryDecoding.decode(from: bytes, as: .row, with: BinaryReader(), coding: coding, source: "table t")
            }
        }
        #expect(error.kind == .corruption)
        #expect(error.message.contains("table t"))
    }

    @Test func anEnumValueNotOfTheEnumIsCorruption() throws {
        let bytes = try BinaryEncoding.encode("dim", with: BinaryWriter(.row))
        let error = try #require(throws: LedgerError.self) {
            try bytes.withUnsafeBytes { bytes in
                try BinaryDecoding.decode(from: bytes, as: .row, with: BinaryReader(), coding: BinaryCoding<Shaded>.fields, source: "t")
            }
        }
        #expect(error.kind == .corruption)
        #expect(error.message.contains("\"dim\" is not a Shade"))
    }
}
