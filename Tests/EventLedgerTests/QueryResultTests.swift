import EventLedger
import Synchronization
import Testing

/// A query's JSON and table both come from its `Encodable` rows: the columns follow the
/// coding keys in the order the rows encode them, each cell the field's value as text.
@Suite struct QueryResultTests {
    private struct Song: Encodable {
        var songId: String
        var title: String
        var artistId: String?
        var durationSeconds: Int?
    }

    private struct Measures: Encodable {
        var count: UInt8
        var ratio: Double
        var isLive: Bool
    }

    private struct Tagged: Encodable {
        struct Place: Encodable {
            var city: String
            var floor: Int?
        }

        var name: String
        var tags: [String]
        var place: Place
    }

    private struct Album: Encodable {
        var albumId: String
        var year: Int?
        var songs: [Song]
    }

    private let money = Song(songId: "money", title: "Money", artistId: "pink-floyd", durationSeconds: 382)
    private let aria = Song(songId: "aria", title: "Aria", artistId: nil, durationSeconds: nil)

    @Test func columnsFollowTheCodingKeysInTheOrderTheRowsEncodeThem() throws {
        let result = try QueryResult(rows: [money])
        #expect(result.columns == ["SONG ID", "TITLE", "ARTIST ID", "DURATION SECONDS"])
        #expect(result.rows == [["money", "Money", "pink-floyd", "382"]])
        #expect(result.json.serializedString() == #"[{"artistId":"pink-floyd","durationSeconds":382,"songId":"money","title":"Money"}]"#)
    }

    @Test func aNilFieldIsNullInJSONAndEmptyInTheTable() throws {
        let result = try QueryResult(rows: [aria])
        #expect(result.columns == ["SONG ID", "TITLE", "ARTIST ID", "DURATION SECONDS"])
        #expect(result.rows == [["aria", "Aria", "", ""]])
        #expect(result.json.serializedString() == #"[{"artistId":null,"durationSeconds":null,"songId":"aria","title":"Aria"}]"#)
    }

    @Test func numbersAndBooleansAreShownAsJSONWritesThem() throws {
        let result = try QueryResult(rows: [Measures(count: 7, ratio: 0.5, isLive: true)])
        #expect(result.columns == ["COUNT", "RATIO", "IS LIVE"])
        #expect(result.rows == [["7", "0.5", "true"]])
        #expect(result.json == .array([.object(["count": .int(7), "ratio": .double(0.5), "isLive": .bool(true)])]))
    }

    @Test func nestedValuesAreShownAsCompactJSON() throws {
        let result = try QueryResult(rows: [Tagged(name: "hall", tags: ["big", "old"], place: .init(city: "Oslo", floor: nil))])
        #expect(result.columns == ["NAME", "TAGS", "PLACE"])
        #expect(result.rows == [["hall", #"["big","old"]"#, #"{"city":"Oslo","floor":null}"#]])
        #expect(result.json.serializedString() == #"[{"name":"hall","place":{"city":"Oslo","floor":null},"tags":["big","old"]}]"#)
    }

    @Test func aColumnDescriptionGivesItsHeadingAndFormat() throws {
        let result = try QueryResult(
            rows: [money, aria],
            columns: [
                QueryColumn("durationSeconds", heading: "SECONDS", format: .text(ifNil: "-")),
                QueryColumn("title", format: QueryColumn.Format { $0.stringValue?.uppercased() ?? "?" }),
                QueryColumn("notAField", heading: "UNUSED"),
            ])
        #expect(result.columns == ["SONG ID", "TITLE", "ARTIST ID", "SECONDS"])
        #expect(result.rows == [["money", "MONEY", "pink-floyd", "382"], ["aria", "ARIA", "", "-"]])
        #expect(try result.json == QueryResult(rows: [money, aria]).json)
    }

    @Test func rowsThatEncodeAsOneValueHaveOneColumn() throws {
        let result = try QueryResult(rows: ["milk", "bread"], columns: [.value(heading: "TEXT")])
        #expect(result.columns == ["TEXT"])
        #expect(result.rows == [["milk"], ["bread"]])
        #expect(result.json == .array([.string("milk"), .string("bread")]))
        #expect(try QueryResult(rows: [1, 2]).columns == ["VALUE"])
    }

    @Test func aWholeObjectIsTheJSONAndTheRowsInsideItTheTable() throws {
        let album = Album(albumId: "dsotm", year: nil, songs: [money, aria])
        let result = try QueryResult(album, rows: \.songs, title: "The Dark Side of the Moon")
        #expect(result.title == "The Dark Side of the Moon")
        #expect(result.columns == ["SONG ID", "TITLE", "ARTIST ID", "DURATION SECONDS"])
        #expect(result.rows.map(\.first) == ["money", "aria"])
        #expect(
            result.json.serializedString()
                == #"{"albumId":"dsotm","songs":[{"artistId":"pink-floyd","durationSeconds":382,"songId":"money","title":"Money"},"#
                + #"{"artistId":null,"durationSeconds":null,"songId":"aria","title":"Aria"}],"year":null}"#)
    }

    @Test func rowsOfDifferentFieldsShowEveryFieldInTheOrderFirstSeen() throws {
        struct Row: Encodable {
            var name: String
            var extra: String?

            enum CodingKeys: CodingKey { case name, extra }

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                if let extra { try container.encode(extra, forKey: .extra) }
                try container.encode(name, forKey: .name)
            }
        }
        let result = try QueryResult(rows: [Row(name: "a", extra: nil), Row(name: "b", extra: "x")])
        #expect(result.columns == ["NAME", "EXTRA"])
        #expect(result.rows == [["a", ""], ["b", "x"]])
        #expect(result.json == .array([.object(["name": .string("a")]), .object(["name": .string("b"), "extra": .string("x")])]))
    }

    @Test func noRowsOfATypeOnlyEncodableHaveNoColumns() throws {
        let result = try QueryResult(rows: [Song](), title: "nothing")
        #expect(result.columns.isEmpty)
        #expect(result.rows.isEmpty)
        #expect(result.json == .array([]))
    }

    @Test func noRowsOfADecodableTypeHaveTheColumnsItsRowsWouldHave() throws {
        struct Listed: Codable {
            enum Kind: String, Codable, CaseIterable { case single, album }
            var listedId: String
            var kind: Kind
            var plays: Int?
        }
        let described = [QueryColumn("plays", heading: "PLAYS", format: .text(ifNil: "-"))]
        let empty = try QueryResult(rows: [Listed](), columns: described)
        #expect(empty.columns == ["LISTED ID", "KIND", "PLAYS"])
        #expect(empty.rows.isEmpty)
        let full = try QueryResult(rows: [Listed(listedId: "a", kind: .album, plays: nil)], columns: described)
        #expect(full.columns == empty.columns)
        #expect(try QueryResult(rows: [String](), columns: [.value(heading: "TEXT")]).columns == ["TEXT"])
        struct Shelf: Encodable {
            var listed: [Listed]
        }
        #expect(try QueryResult(Shelf(listed: []), rows: \.listed).columns == ["LISTED ID", "KIND", "PLAYS"])
    }

    @Test func rowsThatChangeTheirFieldsFromRowToRowKeepEachRowsOwn() throws {
        struct Row: Encodable {
            var fields: [(key: String, value: Int)]

            struct Key: CodingKey {
                var stringValue: String
                var intValue: Int? { nil }
                init(stringValue: String) { self.stringValue = stringValue }
                init?(intValue: Int) { nil }
            }

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Key.self)
                for field in fields { try container.encode(field.value, forKey: Key(stringValue: field.key)) }
            }
        }
        let rows = [
            Row(fields: [("a", 1), ("b", 2), ("c", 3)]), Row(fields: [("a", 4), ("b", 5), ("c", 6)]),
            Row(fields: [("a", 7), ("c", 8)]), Row(fields: [("a", 9)]), Row(fields: [("b", 10), ("a", 11), ("b", 12)]),
            Row(fields: [("a", 13), ("b", 14), ("c", 15), ("d", 16)]), Row(fields: []), Row(fields: [("a", 17), ("b", 18), ("c", 19)]),
        ]
        let result = try QueryResult(rows: rows)
        let expected: [[String: JSONValue]] = [
            ["a": .int(1), "b": .int(2), "c": .int(3)], ["a": .int(4), "b": .int(5), "c": .int(6)], ["a": .int(7), "c": .int(8)],
            ["a": .int(9)], ["b": .int(12), "a": .int(11)], ["a": .int(13), "b": .int(14), "c": .int(15), "d": .int(16)], [:],
            ["a": .int(17), "b": .int(18), "c": .int(19)],
        ]
        #expect(result.json == .array(expected.map(JSONValue.object)))
        #expect(result.columns == ["A", "B", "C", "D"])
        #expect(result.rows.map { $0.joined(separator: ",") } == ["1,2,3,", "4,5,6,", "7,,8,", "9,,,", "11,12,,", "13,14,15,16", ",,,", "17,18,19,"])
    }

    @Test func containersWrittenAfterTheirParentsGoOnHoldWhatWasWrittenToThem() throws {
        struct Nested: Encodable {
            enum Key: String, CodingKey { case name, place, tags, parent }
            enum PlaceKey: String, CodingKey { case city, floor }

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Key.self)
                var place = container.nestedContainer(keyedBy: PlaceKey.self, forKey: .place)
                var tags = container.nestedUnkeyedContainer(forKey: .tags)
                let parent = container.superEncoder(forKey: .parent)
                try container.encode("hall", forKey: .name)
                try place.encode("Oslo", forKey: .city)
                try tags.encode("big")
                var first = tags.nestedContainer(keyedBy: PlaceKey.self)
                try tags.encode("old")
                try first.encode(2, forKey: .floor)
                var parentValue = parent.singleValueContainer()
                try parentValue.encode([1, 2])
                try place.encodeNil(forKey: .floor)
            }
        }
        let result = try QueryResult(rows: [Nested(), Nested()])
        let one = #"{"name":"hall","parent":[1,2],"place":{"city":"Oslo","floor":null},"tags":["big",{"floor":2},"old"]}"#
        #expect(result.json.serializedString() == "[\(one),\(one)]")
        #expect(result.columns == ["PLACE", "TAGS", "PARENT", "NAME"])
    }

    @Test func aNumberJSONCannotHoldDeepInsideARowIsRefusedNamingItsPath() {
        struct Reading: Encodable {
            var levels: [Double]
        }
        struct Station: Encodable {
            var readings: [Reading]
        }
        let refused = #expect(throws: LedgerError.self) {
            try QueryResult(rows: [Station(readings: [Reading(levels: [1]), Reading(levels: [2, .infinity])])])
        }
        #expect(refused?.message.contains("\"[0].readings[1].levels[1]\"") == true)
    }

    @Test func theTableIsMadeOnlyWhenItsRowsAreRead() throws {
        let rendered = Mutex(0)
        let counted = QueryColumn.Format { value in
            rendered.withLock { $0 += 1 }
            return QueryColumn.Format.text.render(value)
        }
        let result = try QueryResult(rows: [money, aria], columns: [QueryColumn("title", format: counted)])
        _ = (result.json, result.columns)
        #expect(rendered.withLock { $0 } == 0)
        #expect(result.rows.map { $0[1] } == ["Money", "Aria"])
        #expect(rendered.withLock { $0 } == 2)
    }

    @Test func aNumberJSONCannotHoldIsRefusedNamingItsRowAndField() {
        struct Reading: Encodable {
            var level: Double
            var total: UInt64
        }
        let notANumber = #expect(throws: LedgerError.self) { try QueryResult(rows: [Reading(level: .nan, total: 1)]) }
        #expect(notANumber?.kind == .invalidInput)
        #expect(notANumber?.message.contains("\"[0].level\"") == true)
        let tooBig = #expect(throws: LedgerError.self) { try QueryResult(rows: [Reading(level: 1, total: .max)]) }
        #expect(tooBig?.message.contains("\"[0].total\"") == true)
    }

    @Test func defaultHeadingsAreTheKeysWordsInCapitals() {
        #expect(QueryColumn("artistId").heading == "ARTIST ID")
        #expect(QueryColumn("added_at").heading == "ADDED AT")
        #expect(QueryColumn("track2Title").heading == "TRACK2 TITLE")
        #expect(QueryColumn("name").heading == "NAME")
    }
}
