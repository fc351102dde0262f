import LedgerTestSupport
import Testing

@testable import EventLedger

/// The coded shape of key and row types, described without a value of them.
@Suite struct ShapeProbeTests {
    private struct Plain: Codable {
        var name: String
        var count: Int
        var size: UInt64
        var ratio: Double
        var isOn: Bool
    }

    private struct Nested: Codable {
        var plain: Plain
        var tags: [String]
        var note: String?
        var grid: [[Int]]
        var scores: [String: Double]
        var at: Timestamp
    }

    private enum Colour: String, Codable, CaseIterable {
        case red, green
    }

    private enum Mood: String, Codable {
        case calm, cross
    }

    private struct Coloured: Codable {
        var colour: Colour
        var name: String
    }

    private struct Moody: Codable {
        var name: String
        var mood: Mood
        var after: Int
    }

    private struct Tree: Codable {
        var label: String
        var children: [Tree]
    }

    private struct Renamed: Codable {
        var name: String
        var count: Int
        enum CodingKeys: String, CodingKey {
            case name = "title"
            case count
        }
    }

    /// A row stored through its own fields, in the bytes of its `Codable` conformance.
    private struct Fielded: BinaryFields {
        var name: String
        var count: Int
        init(fields: FieldReader) throws(LedgerError) { (name, count) = (try fields.read(), try fields.read()) }
        func write(to fields: FieldWriter) {
            fields.write(name)
            fields.write(count)
        }
    }

    @Test func scalarsAreTheKindsTheBinaryFormsStore() {
        #expect(ShapeProbe.shape(of: String.self) == "string")
        #expect(ShapeProbe.shape(of: Int32.self) == "int")
        #expect(ShapeProbe.shape(of: UInt8.self) == "uint")
        #expect(ShapeProbe.shape(of: Float.self) == "double")
        #expect(ShapeProbe.shape(of: Plain.self) == "{name: string, count: int, size: uint, ratio: double, isOn: bool}")
    }

    @Test func nestingArraysOptionalsAndDictionariesAreDescribed() {
        #expect(
            ShapeProbe.shape(of: Nested.self)
                == "{plain: {name: string, count: int, size: uint, ratio: double, isOn: bool}, tags: [string], "
                + "note: string?, grid: [[int]], scores: {0: double}, at: int}")
        #expect(ShapeProbe.shape(of: [String?].self) == "[string?]")
    }

    @Test func fieldsAreNamedAsStored() {
        #expect(ShapeProbe.shape(of: Renamed.self) == "{title: string, count: int}")
    }

    @Test func anEnumOfRawValuesIsItsRawValueWhenItListsItsCases() {
        #expect(ShapeProbe.shape(of: Coloured.self) == "{colour: string, name: string}")
    }

    @Test func aValueThatRefusesThePlaceholderEndsTheDescriptionNamingItsType() {
        #expect(ShapeProbe.shape(of: Moody.self) == "{name: string, mood: Mood(string)!}")
    }

    @Test func aTypeHoldingItselfIsDescribedDownToTheDepthLimit() {
        let shape = ShapeProbe.shape(of: Tree.self)
        // An array and the value in it are two levels each.
        let levels = ShapeProbe.depthLimit / 2
        #expect(
            shape == String(repeating: "{label: string, children: [", count: levels - 1) + "{label: string, children: []}"
                + String(repeating: "]}", count: levels - 1))
    }

    @Test func binaryFieldsAreDescribedThroughTheirCodableConformance() {
        let table = ReadModelTable<String, Fielded>(readModel: "r", name: "t")
        #expect(table.shape.key == "string")
        #expect(table.shape.row == "{name: string, count: int}")
        #expect(table.shape.description == "keys string, rows {name: string, count: int}")
        #expect(NotesDomain.folderNotes.shape.description == "keys {folderId: string, noteId: string}, rows ()", "a row of no field")
    }
}
