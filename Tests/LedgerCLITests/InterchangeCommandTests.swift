import Foundation
import LedgerCLITestSupport
import Testing

/// One way to spoil a line of an export, and what the import error must then mention.
struct Corruption: Sendable, CustomTestStringConvertible {
    let label: String
    let mentions: [String]
    let apply: @Sendable (String) throws -> String

    var testDescription: String { label }

    /// Edits the envelope on the line as a JSON object.
    static func editing(_ label: String, mentions: [String], _ change: @escaping @Sendable (inout [String: Any]) -> Void) -> Corruption {
        Corruption(label: label, mentions: mentions) { line in
            var envelope = try #require(try LedgerSandbox.json(line) as? [String: Any])
            change(&envelope)
            return InterchangeCommandTests.ndjsonLine(envelope)
        }
    }

    /// Changes one member of the envelope's `data`.
    static func data(_ label: String, mentions: [String], _ key: String, _ value: String) -> Corruption {
        editing(label, mentions: mentions) { envelope in
            var data = envelope["data"] as? [String: Any] ?? [:]
            data[key] = value
            envelope["data"] = data
        }
    }

    static let all: [Corruption] =
        [
            Corruption(label: "truncated JSON", mentions: ["JSON"]) { String($0.dropLast()) },
            Corruption(label: "not JSON at all", mentions: ["JSON"]) { _ in "{bad" },
            Corruption(label: "an array, not an object", mentions: ["object"]) { _ in "[1,2,3]" },
            editing("an unknown key", mentions: ["extra"]) { $0["extra"] = 1 },
            editing("an id that is not a UUID", mentions: ["\"id\"|id:", "uuid"]) { $0["id"] = "not-a-uuid" },
            editing("schemaVersion 2", mentions: ["schemaVersion"]) { $0["schemaVersion"] = 2 },
            editing("schemaVersion as a string", mentions: ["schemaVersion"]) { $0["schemaVersion"] = "1" },
            editing("a stream that does not match the data", mentions: ["stream"]) { $0["stream"] = "artist-queen" },
            editing("an unknown event type", mentions: ["ArtistInvented"]) { $0["type"] = "ArtistInvented" },
            editing("a recordedAt that is no time", mentions: ["recordedAt"]) { $0["recordedAt"] = "yesterday" },
            editing("metadata that is not strings", mentions: ["metadata"]) { $0["metadata"] = ["user": 1] },
            editing("a position that is a string", mentions: ["position"]) { $0["position"] = "3" },
            editing("data that is not an object", mentions: ["data"]) { $0["data"] = "the-beatles" },
            data("an unknown data field", mentions: ["genre"], "genre", "rock"),
            data("an empty name", mentions: ["name"], "name", ""),
        ]
        + InterchangeCommandTests.envelopeKeys.sorted().map { key in
            editing("missing \(key)", mentions: [key]) { $0.removeValue(forKey: key) }
        }
}

/// `ledger export`, `ledger import` and `ledger stats` after imports: the envelope
/// NDJSON, ranges, ids kept and deduplicated, all or nothing per file, out-of-order
/// references, and round trips between ledgers.
@Suite struct InterchangeCommandTests {
    static let envelopeKeys: Set<String> = [
        "position", "commit", "recordedAt", "id", "stream", "version", "type",
        "schemaVersion", "data", "metadata", "hash",
    ]

    /// One compact NDJSON line for `object`, keys sorted.
    static func ndjsonLine(_ object: Any) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    /// A hand-made envelope, as another ledger would have exported it but with a made-up
    /// hash: files of them are imported with `--rehash`.
    static func envelope(
        commit: Int, at time: String, type: String, stream: String, data: [String: Any],
        id: String = UUID().uuidString.lowercased()
    ) -> String {
        ndjsonLine(
            [
                "position": commit, "commit": commit, "recordedAt": time, "id": id, "stream": stream, "version": 1,
                "type": type, "schemaVersion": 1, "data": data, "metadata": [String: String](),
                "hash": String(repeating: "ab", count: 32),
            ] as [String: Any])
    }

    func seeded() throws -> LedgerSandbox {
        let sandbox = try LedgerSandbox()
        try sandbox.loadSeeds()
        return sandbox
    }

    /// `ledger export` with `options`, required to succeed: its lines.
    func export(_ sandbox: LedgerSandbox, _ options: [String] = [], sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
        let result = try sandbox.ok(["export"] + options, sourceLocation: sourceLocation)
        #expect(result.stderr.isEmpty, sourceLocation: sourceLocation)
        #expect(result.stdout.isEmpty || result.stdout.hasSuffix("\n"), sourceLocation: sourceLocation)
        return result.lines
    }

    /// `ledger import - --json` with `input`, required to succeed: its report.
    func importReport(_ sandbox: LedgerSandbox, input: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        let result = try sandbox.ok(["import", "-", "--json"], input: input, sourceLocation: sourceLocation)
        return try #require(try LedgerSandbox.json(result.stdout) as? [String: Any], sourceLocation: sourceLocation)
    }

    /// Writes `lines` as an NDJSON file in `sandbox`.
    @discardableResult
    func file(_ sandbox: LedgerSandbox, _ name: String, _ lines: [String]) throws -> String {
        try sandbox.write(name, lines.joined(separator: "\n") + "\n")
    }

    /// The raw `--json` answer of every query (as of `asOf` when given), with
    /// `artist-songs` of every live artist and `category-animals` of every live category.
    func readModels(
        _ sandbox: LedgerSandbox, asOf: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [String] {
        let suffix = asOf.map { ["--as-of", $0] } ?? []
        var models = [
            ["artists"], ["songs"], ["songs", "--orphans"], ["categories"], ["animals"],
            ["animals", "--uncategorized"], ["favorites"],
        ]
        for artist in try sandbox.array(["query", "artists"] + suffix, sourceLocation: sourceLocation) {
            models.append(["artist-songs", try #require(artist.string("artistId"), sourceLocation: sourceLocation)])
        }
        for category in try sandbox.array(["query", "categories"] + suffix, sourceLocation: sourceLocation) {
            models.append(["category-animals", try #require(category.string("categoryId"), sourceLocation: sourceLocation)])
        }
        return try models.map { model in
            "\(model.joined(separator: " ")): " + (try sandbox.rawJSON(["query"] + model + suffix, sourceLocation: sourceLocation))
        }
    }

    /// The seeds plus edits of every kind: a category deletion that cascades, an artist
    /// deletion, metadata, a batch with an assigned id, and a committed session.
    func editedLedger() throws -> LedgerSandbox {
        let sandbox = try seeded()
        try sandbox.ok(["append", "CategoryDeleted", #"{"categoryId":"reptile"}"#])
        try sandbox.ok(["append", "ArtistDeleted", #"{"artistId":"radiohead"}"#])
        try sandbox.ok([
            "append", "SongRetitled", #"{"songId":"money","title":"Money (Remastered)"}"#,
            "--meta", "device=phone", "--meta", "user=ann",
        ])
        try sandbox.commit([
            #"{"type":"ArtistCreated","data":{"artistId":"thom-yorke","name":"Thom Yorke"}}"#,
            #"{"type":"SongReassigned","data":{"songId":"karma-police","artistId":"thom-yorke"}}"#,
            #"{"type":"AnimalAdded","data":{"name":"Gecko","diet":"carnivorous"}}"#,
            #"{"type":"CategoryRenamed","data":{"categoryId":"bird","name":"Birds"}}"#,
        ])
        try sandbox.ok(["append", "FavoriteRemoved", #"{"dishId":"har-gow"}"#])
        try sandbox.ok(["append", "FavoriteAdded", #"{"dishId":"har-gow"}"#])
        let session = try sandbox.beginSession()
        try sandbox.stage(session, "AnimalRecategorized", #"{"animalId":"platypus","categoryId":"mammal"}"#)
        try sandbox.stage(session, "AnimalRemoved", #"{"animalId":"axolotl"}"#)
        try sandbox.ok(["session", "commit", session])
        return sandbox
    }

    // MARK: - export

    @Test func exportWritesOneEnvelopePerEventWithTheElevenKeys() throws {
        let sandbox = try seeded()
        try sandbox.ok(["append", "SongRetitled", #"{"songId":"money","title":"Money!"}"#, "--meta", "user=ann"])
        let lines = try export(sandbox)
        #expect(lines.count == 85)
        let envelopes = try lines.map { try #require(try LedgerSandbox.json($0) as? [String: Any]) }
        for envelope in envelopes {
            #expect(envelope.keySet == Self.envelopeKeys)
            #expect(envelope.int("schemaVersion") == (envelope.string("type") == "SongAdded" ? 2 : 1))
            #expect(envelope["data"] is [String: Any])
            #expect(envelope["metadata"] is [String: Any])
            #expect(UUID(uuidString: envelope.string("id") ?? "") != nil)
            #expect(envelope.string("hash")?.count == 64)
            #expect(envelope.string("recordedAt")?.hasSuffix("Z") == true)
        }
        #expect(envelopes.map { $0.int("position") } == Array(1...85))
        #expect(
            envelopes.map { $0.int("commit") } == Array(repeating: 1, count: 47) + Array(repeating: 2, count: 8)
                + Array(repeating: 3, count: 29) + [4])
        #expect(envelopes[0].string("type") == "CategoryCreated" && envelopes[0].string("stream") == "category-amphibian")
        #expect(envelopes[84].string("stream") == "song-money")
        #expect(envelopes[84].int("version") == 2)
        #expect((envelopes[84]["metadata"] as? [String: Any])?.string("user") == "ann")
        #expect((envelopes[84]["data"] as? [String: Any])?.string("title") == "Money!")
        // The same envelopes as the log shows.
        let log = try sandbox.log()
        #expect(envelopes.map { $0 as NSDictionary } == log.map { $0 as NSDictionary })
    }

    @Test func exportRespectsItsRange() throws {
        let sandbox = try seeded()
        let all = try export(sandbox)
        #expect(all.count == 84)
        func positions(_ lines: [String]) throws -> [Int] {
            try lines.map { try #require((try LedgerSandbox.json($0) as? [String: Any])?.int("position")) }
        }
        #expect(try export(sandbox, ["--from", "10", "--to", "20"]) == Array(all[9...19]))
        #expect(try positions(export(sandbox, ["--from", "10", "--to", "20"])) == Array(10...20))
        #expect(try export(sandbox, ["--from", "80"]) == Array(all[79...]))
        #expect(try export(sandbox, ["--to", "3"]) == Array(all[..<3]))
        #expect(try export(sandbox, ["--from", "84", "--to", "84"]) == [all[83]])
        #expect(try export(sandbox, ["--from", "1", "--to", "84"]) == all)
        #expect(try export(sandbox, ["--from", "85"]).isEmpty)
        #expect(try export(sandbox, ["--from", "30", "--to", "20"]).isEmpty)
    }

    @Test func exportOfAMissingLedgerIsAStorageError() throws {
        let sandbox = try LedgerSandbox()
        expectFailure(try sandbox.run(["export"]), exit: 5)
        #expect(!sandbox.exists("ledger.lmdb"))
    }

    static let canCheckSchemas = (try? Programs.run("/usr/bin/env", ["python3", "-c", "import jsonschema"]))?.status == 0

    /// Runs `tools/check-schemas --no-ledger FILE`; its stderr is merged into stdout.
    func checkSchemas(_ file: String) throws -> RunResult {
        let script = Seeds.directory.deletingLastPathComponent().appendingPathComponent("tools/check-schemas").path
        return try Programs.run("/bin/bash", ["-c", #""$0" --no-ledger "$1" 2>&1"#, script, file])
    }

    @Test(
        .enabled(
            if: InterchangeCommandTests.canCheckSchemas,
            "tools/check-schemas needs python3 with the jsonschema package"))
    func anExportValidatesAgainstTheEnvelopeSchema() throws {
        let sandbox = try editedLedger()
        let path = try file(sandbox, "export.ndjson", try export(sandbox))
        let checked = try checkSchemas(path)
        #expect(checked.status == 0, "tools/check-schemas rejected the export: \(checked.stdout) \(checked.stderr)")
        // The check is not vacuous: a spoilt envelope fails it.
        var lines = try export(sandbox)
        lines[3] = try Corruption.all.first { $0.label == "an unknown key" }!.apply(lines[3])
        let spoilt = try checkSchemas(try file(sandbox, "spoilt.ndjson", lines))
        #expect(spoilt.status != 0)
    }

    // MARK: - import

    @Test func importAppendsTheEnvelopesKeepingIdsTypesDataAndMetadata() throws {
        let source = try editedLedger()
        let exported = try export(source)
        let target = try LedgerSandbox()
        let path = try file(target, "music.ndjson", exported)
        let result = try target.ok(["import", path])
        #expect(result.stderr.isEmpty)
        #expect(!result.stdout.isEmpty)
        let original = try source.log(), imported = try target.log()
        #expect(imported.count == original.count)
        for (copy, event) in zip(imported, original) {
            #expect(copy.string("id") == event.string("id"))
            #expect(copy.string("type") == event.string("type"))
            #expect(copy.string("stream") == event.string("stream"))
            #expect((copy["data"] as? NSDictionary) == (event["data"] as? NSDictionary))
            #expect((copy["metadata"] as? NSDictionary) == (event["metadata"] as? NSDictionary))
        }
        #expect(imported.contains { ($0["metadata"] as? [String: Any])?.string("device") == "phone" })
    }

    @Test func importReadsStandardInputAndReportsWhatItDid() throws {
        let source = try seeded()
        let exported = try export(source).joined(separator: "\n") + "\n"
        let target = try LedgerSandbox()
        let first = try importReport(target, input: exported)
        #expect(first.keySet == ["appended", "duplicates", "commits"])
        #expect(first.int("appended") == 84 && first.int("duplicates") == 0 && first.int("commits") == 3)
        #expect(try target.eventCount() == 84)
    }

    @Test func reimportingTheSameFileAppendsNothing() throws {
        let source = try editedLedger()
        let exported = try export(source)
        let target = try LedgerSandbox()
        let path = try file(target, "export.ndjson", exported)
        try target.ok(["import", path])
        let exportAfterFirst = try export(target)
        let statsAfterFirst = try target.countingStats()

        let again = try target.object(["import", path])
        #expect(again.int("appended") == 0)
        #expect(again.int("duplicates") == exported.count)
        #expect(again.int("commits") == 0)
        #expect(try export(target) == exportAfterFirst)
        #expect(try target.countingStats() == statsAfterFirst)
        // A file with some known and some new events appends only the new ones.
        try source.ok(["append", "FavoriteAdded", #"{"dishId":"congee"}"#])
        let more = try importReport(target, input: try export(source).joined(separator: "\n"))
        #expect(more.int("appended") == 1 && more.int("duplicates") == exported.count && more.int("commits") == 1)
        #expect(try export(target) == export(source))
    }

    @Test(arguments: Corruption.all)
    func aMalformedLineAppendsNothingAndIsNamed(corruption: Corruption) throws {
        let source = try LedgerSandbox()
        try source.ok(["append", "--batch", Seeds.path("music.ndjson")])
        var lines = Array(try export(source).prefix(5))
        #expect(lines.count == 5)
        lines[2] = try corruption.apply(lines[2])
        let target = try LedgerSandbox()
        try target.ok(["append", "--batch", Seeds.path("favorites.ndjson")])
        let before = try export(target)
        let path = try file(target, "bad.ndjson", lines)
        expectFailure(try target.run(["import", path]), exit: 4, mentions: ["line 3"] + corruption.mentions)
        #expect(try export(target) == before, "a bad line appends nothing")
        // The same from standard input.
        expectFailure(
            try target.run(["import", "-"], input: lines.joined(separator: "\n")), exit: 4,
            mentions: ["line 3"] + corruption.mentions)
        #expect(try export(target) == before)
    }

    @Test func theLineNumberCountsBlankLines() throws {
        let source = try seeded()
        let lines = try export(source)
        let text = [lines[0], "", lines[1], "   ", "{\"position\":", lines[2]].joined(separator: "\n") + "\n"
        let target = try LedgerSandbox()
        expectFailure(try target.run(["import", "-"], input: text), exit: 4, mentions: ["line 5"])
        #expect(try target.eventCount() == 0)
    }

    @Test func aCategoryNameTakenHereIsARuleViolationThatAppendsNothing() throws {
        let source = try seeded()
        let exported = try export(source)
        let target = try LedgerSandbox()
        try target.ok(["append", "CategoryCreated", #"{"categoryId":"beasts","name":"MAMMAL"}"#])
        let before = try export(target)
        let path = try file(target, "seeds.ndjson", exported)
        // Line 5 is CategoryCreated mammal "Mammal".
        expectFailure(
            try target.run(["import", path]), exit: 1,
            mentions: ["category name must be unique", "category-mammal", "line 5"])
        #expect(try export(target) == before)
    }

    @Test func aRuleViolationInALaterCommitAppendsNothingOfTheEarlierOnes() throws {
        let source = try seeded()
        let exported = try export(source)
        let target = try LedgerSandbox()
        try target.ok(["append", "FavoriteAdded", #"{"dishId":"siu-mai"}"#])
        let before = try export(target)
        // Line 49 is the second commit's FavoriteAdded siu-mai; the first commit (animals) was fine.
        expectFailure(
            try target.run(["import", try file(target, "seeds.ndjson", exported)]), exit: 1,
            mentions: ["favorite-siu-mai", "line 49"])
        #expect(try export(target) == before)
        #expect(try target.array(["query", "categories"]).isEmpty)
    }

    // MARK: - out-of-order references

    static let times = (1...5).map { "2026-03-01T10:00:0\($0).000000Z" }

    /// Songs and an animal whose artist and category come later (commits 1–3)…
    static let early = [
        envelope(
            commit: 1, at: times[0], type: "SongAdded", stream: "song-money",
            data: ["songId": "money", "title": "Money", "artistId": "pink-floyd"]),
        envelope(
            commit: 2, at: times[1], type: "AnimalAdded", stream: "animal-owl",
            data: ["animalId": "owl", "name": "Owl", "diet": "carnivorous", "categoryId": "bird"]),
        envelope(
            commit: 3, at: times[2], type: "SongAdded", stream: "song-time",
            data: ["songId": "time", "title": "Time", "artistId": "pink-floyd"]),
    ]
    /// …and the artist and the category (commits 4–5).
    static let late = [
        envelope(
            commit: 4, at: times[3], type: "ArtistCreated", stream: "artist-pink-floyd",
            data: ["artistId": "pink-floyd", "name": "Pink Floyd"]),
        envelope(
            commit: 5, at: times[4], type: "CategoryCreated", stream: "category-bird",
            data: ["categoryId": "bird", "name": "Bird"]),
    ]

    static let orphanSongs =
        #"[{"artistId":"pink-floyd","durationSeconds":null,"songId":"money","title":"Money"},"#
        + #"{"artistId":"pink-floyd","durationSeconds":null,"songId":"time","title":"Time"}]"#
    static let pinkFloyd =
        #"{"artistId":"pink-floyd","name":"Pink Floyd","songs":"#
        + #"[{"durationSeconds":null,"songId":"money","title":"Money"},{"durationSeconds":null,"songId":"time","title":"Time"}]}"#

    /// The answers of the queries that show where the early events belong, as of `asOf`.
    func placement(_ sandbox: LedgerSandbox, asOf: String? = nil) throws -> [String] {
        let suffix = asOf.map { ["--as-of", $0] } ?? []
        return try [["artists"], ["songs", "--orphans"], ["categories"], ["animals", "--uncategorized"]].map { model in
            try sandbox.rawJSON(["query"] + model + suffix).trimmingCharacters(in: .newlines)
        }
    }

    /// Checks the state after the early events only: orphans, no artist, no category.
    func expectEarlyState(_ sandbox: LedgerSandbox, asOf: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let suffix = asOf.map { ["--as-of", $0] } ?? []
        let answers = try placement(sandbox, asOf: asOf)
        #expect(answers[0] == "[]", sourceLocation: sourceLocation)
        #expect(answers[1] == Self.orphanSongs, sourceLocation: sourceLocation)
        #expect(answers[2] == "[]", sourceLocation: sourceLocation)
        #expect(
            answers[3] == #"[{"animalId":"owl","categoryId":"bird","diet":"carnivorous","name":"Owl"}]"#,
            sourceLocation: sourceLocation)
        expectFailure(
            try sandbox.run(["query", "artist-songs", "pink-floyd"] + suffix), exit: 1,
            mentions: ["pink-floyd"], sourceLocation: sourceLocation)
        expectFailure(
            try sandbox.run(["query", "category-animals", "bird"] + suffix), exit: 1,
            mentions: ["bird"], sourceLocation: sourceLocation)
    }

    /// Checks the state after every event: the songs under their artist, the owl in its category.
    func expectFinalState(_ sandbox: LedgerSandbox, asOf: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let suffix = asOf.map { ["--as-of", $0] } ?? []
        let answers = try placement(sandbox, asOf: asOf)
        #expect(answers[0] == #"[{"artistId":"pink-floyd","name":"Pink Floyd","songCount":2}]"#, sourceLocation: sourceLocation)
        #expect(answers[1] == "[]", sourceLocation: sourceLocation)
        #expect(answers[2] == #"[{"animalCount":1,"categoryId":"bird","name":"Bird"}]"#, sourceLocation: sourceLocation)
        #expect(answers[3] == "[]", sourceLocation: sourceLocation)
        #expect(
            try sandbox.rawJSON(["query", "artist-songs", "pink-floyd"] + suffix).trimmingCharacters(in: .newlines)
                == Self.pinkFloyd, sourceLocation: sourceLocation)
        #expect(
            try sandbox.rawJSON(["query", "category-animals", "bird"] + suffix).trimmingCharacters(in: .newlines)
                == #"{"animals":[{"animalId":"owl","diet":"carnivorous","name":"Owl"}],"categoryId":"bird","name":"Bird"}"#,
            sourceLocation: sourceLocation)
    }

    @Test func referencesToEntitiesNotYetKnownImportAndResolveWhenTheyArrive() throws {
        let sandbox = try LedgerSandbox()
        try sandbox.ok(["import", try file(sandbox, "early.ndjson", Self.early), "--rehash"])
        try expectEarlyState(sandbox)
        try sandbox.ok(["import", try file(sandbox, "late.ndjson", Self.late), "--rehash"])
        try expectFinalState(sandbox)

        // A rebuild folds the log into the same read models.
        let before = try readModels(sandbox)
        try sandbox.ok(["rebuild"])
        #expect(try readModels(sandbox) == before)
        try expectFinalState(sandbox)
        try sandbox.ok(["verify"])

        // Time travel: orphans until the artist arrived (position 4), under it from then on.
        try expectEarlyState(sandbox, asOf: "3")
        let atFour = try placement(sandbox, asOf: "4")
        #expect(atFour[0] == #"[{"artistId":"pink-floyd","name":"Pink Floyd","songCount":2}]"#)
        #expect(atFour[1] == "[]")
        #expect(atFour[3] == #"[{"animalId":"owl","categoryId":"bird","diet":"carnivorous","name":"Owl"}]"#)
        #expect(
            try sandbox.rawJSON(["query", "artist-songs", "pink-floyd", "--as-of", "4"])
                .trimmingCharacters(in: .newlines) == Self.pinkFloyd)
        expectFailure(try sandbox.run(["query", "category-animals", "bird", "--as-of", "4"]), exit: 1)
        try expectFinalState(sandbox, asOf: "5")
        // The imported commits kept their times, so time travel by time agrees.
        #expect(try sandbox.log().compactMap { $0.string("recordedAt") } == Self.times)
        try expectEarlyState(sandbox, asOf: Self.times[2])
        try expectFinalState(sandbox, asOf: "2026-03-01T10:00:05.5Z")
    }

    @Test func aFileWithSongsBeforeTheirArtistImportsCleanly() throws {
        let sandbox = try LedgerSandbox()
        let report = try sandbox.object(["import", try file(sandbox, "sync.ndjson", Self.early + Self.late), "--rehash"])
        #expect(report.int("appended") == 5 && report.int("commits") == 5)
        try expectFinalState(sandbox)
        try expectEarlyState(sandbox, asOf: "3")
        try sandbox.ok(["rebuild"])
        try expectFinalState(sandbox)
        try expectEarlyState(sandbox, asOf: "3")
        try sandbox.ok(["verify"])
        // Reordering the lines of a real export works the same way: the seeds' songs before their artists.
        let source = try LedgerSandbox()
        try source.ok(["append", "--batch", Seeds.path("music.ndjson")])
        let exported = try export(source)
        let reordered = Array(exported[7...]) + Array(exported[..<7])
        let target = try LedgerSandbox()
        try target.ok(["import", try file(target, "reordered.ndjson", reordered)])
        #expect(try readModels(target) == readModels(source))
        #expect(try target.array(["query", "songs", "--orphans"]).count == 1, "only Greensleeves has no artist")
        let pastSongs = try target.array(["query", "songs", "--orphans", "--as-of", "22"])
        #expect(pastSongs.count == 20, "as of position 22, before any artist arrived, every song is an orphan")
        try target.ok(["verify"])
    }

    // MARK: - round trips

    @Test func aRoundTripIntoAnEmptyLedgerReproducesTheSourceExactly() throws {
        let source = try editedLedger()
        let exported = try export(source)
        #expect(exported.count == 95)
        let target = try LedgerSandbox()
        try target.ok(["import", try file(target, "a.ndjson", exported)])

        #expect(try readModels(target) == readModels(source))
        for position in ["47", "84", "86", "91", "94"] {
            #expect(try readModels(target, asOf: position) == readModels(source, asOf: position), "as of \(position)")
        }
        for stream in ["animal-komodo-dragon", "song-karma-police", "artist-radiohead", "favorite-har-gow", "animal-axolotl"] {
            #expect(try target.rawJSON(["history", stream]) == source.rawJSON(["history", stream]), "\(stream)")
        }
        // Commit grouping and times are kept: positions, commits and hashes match too.
        #expect(try export(target) == exported)
        #expect(try target.countingStats() == source.countingStats())
        try target.ok(["verify"])
    }

    @Test func importingIntoANonEmptyLedgerMergesKeepingIdsWithNewPositions() throws {
        let source = try editedLedger()
        let exported = try export(source)
        let sourceLog = try source.log()
        let target = try LedgerSandbox()
        try target.commit([
            #"{"type":"ArtistCreated","data":{"artistId":"local-band","name":"Local Band"}}"#,
            #"{"type":"SongAdded","data":{"songId":"demo","title":"Demo","artistId":"local-band"}}"#,
        ])
        try target.ok(["append", "CategoryCreated", #"{"categoryId":"fungus","name":"Fungus"}"#])
        try target.ok(["append", "AnimalAdded", #"{"animalId":"chanterelle","name":"Chanterelle","diet":"herbivorous","categoryId":"fungus"}"#])
        try target.ok(["append", "FavoriteAdded", #"{"dishId":"congee"}"#])
        let local = try readModels(target)
        let localLog = try target.log()
        #expect(localLog.count == 5)

        let report = try target.object(["import", try file(target, "a.ndjson", exported)])
        #expect(report.int("appended") == exported.count)
        #expect(report.int("duplicates") == 0)

        // Ids, types, data and metadata kept; positions new, after the local events.
        let merged = try target.log()
        #expect(merged.count == 5 + sourceLog.count)
        #expect(merged.prefix(5).map { $0 as NSDictionary } == localLog.map { $0 as NSDictionary })
        let arrived = Array(merged.dropFirst(5))
        #expect(arrived.map { $0.int("position") } == Array(6...(5 + sourceLog.count)))
        #expect(arrived.map { $0.string("id") } == sourceLog.map { $0.string("id") })
        #expect(arrived.map { $0.string("type") } == sourceLog.map { $0.string("type") })
        #expect(arrived.map { $0.string("stream") } == sourceLog.map { $0.string("stream") })
        #expect(arrived.map { $0.int("version") } == sourceLog.map { $0.int("version") })
        #expect(arrived.map { $0["data"] as? NSDictionary } == sourceLog.map { $0["data"] as? NSDictionary })
        #expect(arrived.map { $0["metadata"] as? NSDictionary } == sourceLog.map { $0["metadata"] as? NSDictionary })
        let sourceCommits = Set(sourceLog.compactMap { $0.int("commit") }).count
        #expect(Set(arrived.compactMap { $0.int("commit") }).count == sourceCommits, "each source commit stays one commit")
        #expect(arrived.allSatisfy { ($0.int("commit") ?? 0) > 4 })

        // The read models hold both.
        func rows(_ sandbox: LedgerSandbox, _ model: [String], _ key: String) throws -> [String: [String: Any]] {
            Dictionary(uniqueKeysWithValues: try sandbox.array(["query"] + model).map { ($0.string(key) ?? "", $0) })
        }
        for (model, key) in [
            (["artists"], "artistId"), (["songs"], "songId"), (["songs", "--orphans"], "songId"),
            (["categories"], "categoryId"), (["animals"], "animalId"),
            (["animals", "--uncategorized"], "animalId"),
        ] {
            let fromSource = try rows(source, model, key)
            let mergedRows = try rows(target, model, key)
            for (id, row) in fromSource {
                #expect(mergedRows[id].map { $0 as NSDictionary } == row as NSDictionary, "\(model) \(id)")
            }
            #expect(mergedRows.count >= fromSource.count)
        }
        #expect(try rows(target, ["artists"], "artistId")["local-band"]?.int("songCount") == 1)
        #expect(try rows(target, ["categories"], "categoryId")["fungus"]?.int("animalCount") == 1)
        #expect(try target.array(["query", "artists"]).count == (try source.array(["query", "artists"])).count + 1)
        #expect(try target.array(["query", "categories"]).count == (try source.array(["query", "categories"])).count + 1)
        #expect(try target.array(["query", "animals"]).count == (try source.array(["query", "animals"])).count + 1)
        #expect(try target.array(["query", "songs"]).count == (try source.array(["query", "songs"])).count + 1)
        for artist in try source.array(["query", "artists"]).compactMap({ $0.string("artistId") }) {
            #expect(try target.rawJSON(["query", "artist-songs", artist]) == source.rawJSON(["query", "artist-songs", artist]))
        }
        for category in try source.array(["query", "categories"]).compactMap({ $0.string("categoryId") }) {
            #expect(
                try target.rawJSON(["query", "category-animals", category])
                    == source.rawJSON(["query", "category-animals", category]))
        }
        #expect(local.contains { $0.hasPrefix("artist-songs local-band: ") })
        #expect(
            try target.rawJSON(["query", "artist-songs", "local-band"])
                == #"{"artistId":"local-band","name":"Local Band","songs":[{"durationSeconds":null,"songId":"demo","title":"Demo"}]}"# + "\n")
        let favorites = try target.array(["query", "favorites"]).compactMap { $0.string("dishId") }
        let sourceFavorites = try source.array(["query", "favorites"]).compactMap { $0.string("dishId") }
        #expect(favorites == ["congee"] + sourceFavorites)

        try target.ok(["verify"])
        let stats = try target.stats()
        #expect(stats.int("events") == 5 + sourceLog.count)
        #expect(stats.int("commits") == 4 + sourceCommits)
        // Importing it again appends nothing.
        let again = try target.object(["import", try file(target, "a.ndjson", exported)])
        #expect(again.int("appended") == 0)
        #expect(try target.eventCount() == 5 + sourceLog.count)
    }

    // MARK: - stats

    @Test func statsReflectImports() throws {
        let source = try editedLedger()
        let exported = try export(source)
        let target = try LedgerSandbox()
        try target.ok(["append", "FavoriteAdded", #"{"dishId":"congee"}"#])
        try target.ok(["import", try file(target, "a.ndjson", exported)])
        let sourceStats = try source.stats(), stats = try target.stats()
        #expect(stats.int("events") == exported.count + 1)
        #expect(stats.int("commits") == (sourceStats.int("commits") ?? 0) + 1)
        let byType = try #require(stats["eventsByType"] as? [String: Any])
        let sourceByType = try #require(sourceStats["eventsByType"] as? [String: Any])
        for (type, _) in sourceByType where type != "FavoriteAdded" {
            #expect(byType.int(type) == sourceByType.int(type), "\(type)")
        }
        #expect(byType.int("FavoriteAdded") == (sourceByType.int("FavoriteAdded") ?? 0) + 1)
        let checkpoints = try #require(stats["checkpoints"] as? [String: Any])
        #expect(!checkpoints.isEmpty)
        for name in checkpoints.keys { #expect(checkpoints.int(name) == exported.count + 1, "\(name)") }
        let table = try target.ok(["stats"])
        #expect(table.stdout.contains(String(exported.count + 1)))
    }
}
