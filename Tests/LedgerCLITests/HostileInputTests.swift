import Foundation
import LedgerCLITestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Hostile input: every one is answered with its exit code and exactly one error line
/// `ledger: error: …`, and leaves the ledger as it was (the same `ledger export` before and
/// after, starting from a ledger loaded with the seeds).
@Suite struct HostileInputTests {
    // MARK: Payloads, batch files, options

    static let payload = #"{"artistId":"abba","name":"ABBA"}"#
    static let renameQueen = #"{"artistId":"queen","name":"Queen"}"#

    static let malformedJSON: [HostileCase] = [
        HostileCase(
            "payload argument cut off", ["append", "ArtistCreated", #"{"artistId":"abba","name":"AB"#], exit: 4,
            mentions: ["JSON"]),
        HostileCase(
            "payload on stdin cut off inside an escape", ["append", "ArtistCreated"],
            stdin: Hostile.bytes(#"{"artistId":"abba","name":"A\u00"#), exit: 4, mentions: ["JSON"]),
        HostileCase(
            "payload with a second value after it", ["append", "FavoriteAdded", #"{"dishId":"x"} {"dishId":"y"}"#],
            exit: 4, mentions: ["JSON"]),
        HostileCase("payload with a trailing comma", ["append", "FavoriteAdded", #"{"dishId":"x",}"#], exit: 4, mentions: ["JSON"]),
        HostileCase("payload in single quotes", ["append", "FavoriteAdded", "{'dishId':'x'}"], exit: 4, mentions: ["JSON"]),
        HostileCase("empty payload argument", ["append", "FavoriteAdded", ""], exit: 4, mentions: ["JSON"]),
        HostileCase("empty standard input", ["append", "FavoriteAdded"], stdin: Data(), exit: 4, mentions: ["JSON"]),
        HostileCase(
            "duplicate key", ["append", "FavoriteAdded", #"{"dishId":"x","dishId":"y"}"#], exit: 4,
            mentions: ["dishId"]),
        HostileCase(
            "batch file with its second line cut off", ["append", "--batch", "@batch.ndjson"],
            files: [
                "batch.ndjson": Hostile.lines([
                    Hostile.favoriteLine("x"),
                    Hostile.bytes(#"{"type":"FavoriteAdded","data":{"dishId":"y""#),
                    Hostile.favoriteLine("z"),
                ])
            ],
            exit: 4, mentions: ["line 2"]),
        HostileCase(
            "batch on stdin ending in the middle of a line", ["append", "--batch", "-"],
            stdin: Hostile.lines([Hostile.favoriteLine("x")]) + Hostile.bytes(#"{"type":"Fav"#), exit: 4,
            mentions: ["line 2"]),
        HostileCase(
            "empty batch file", ["append", "--batch", "@batch.ndjson"], files: ["batch.ndjson": Data()], exit: 4,
            mentions: ["events"]),
        HostileCase(
            "batch file of blank lines", ["append", "--batch", "@batch.ndjson"],
            files: ["batch.ndjson": Hostile.bytes("\n  \n\t\n\r\n")], exit: 4, mentions: ["events"]),
        HostileCase(
            "batch line that is not JSON", ["append", "--batch", "-"], stdin: Hostile.bytes("hello\n"), exit: 4,
            mentions: ["line 1"]),
        HostileCase(
            "import file that is not NDJSON", ["import", "@export.ndjson"],
            files: ["export.ndjson": Hostile.bytes("POSITION  COMMIT  TYPE\n1  1  ArtistCreated\n")], exit: 4,
            mentions: ["line 1"]),
    ]

    static let invalidUTF8: [HostileCase] = [
        HostileCase(
            "byte 0xFF in a payload on stdin", ["append", "ArtistCreated"],
            stdin: Hostile.splice(#"{"artistId":"abba","name":"AB"#, [0xFF], #"BA"}"#), exit: 4, mentions: ["UTF-8"]),
        HostileCase(
            "overlong encoding of / in a payload", ["append", "ArtistCreated"],
            stdin: Hostile.splice(#"{"artistId":"abba","name":"AB"#, [0xC0, 0xAF], #"BA"}"#), exit: 4, mentions: ["UTF-8"]),
        HostileCase(
            "UTF-8-encoded surrogate in a payload", ["append", "ArtistCreated"],
            stdin: Hostile.splice(#"{"artistId":"abba","name":"AB"#, [0xED, 0xA0, 0x80], #"BA"}"#), exit: 4,
            mentions: ["UTF-8"]),
        HostileCase(
            "UTF-8 sequence cut short before the closing quote", ["append", "ArtistCreated"],
            stdin: Hostile.splice(#"{"artistId":"abba","name":"AB"#, [0xE2, 0x82], #""}"#), exit: 4, mentions: ["UTF-8"]),
        HostileCase(
            "code point above U+10FFFF in a payload", ["append", "ArtistCreated"],
            stdin: Hostile.splice(#"{"artistId":"abba","name":"AB"#, [0xF4, 0x90, 0x80, 0x80], #""}"#), exit: 4,
            mentions: ["UTF-8"]),
        HostileCase(
            "invalid UTF-8 in a name in a batch file", ["append", "--batch", "@batch.ndjson"],
            files: [
                "batch.ndjson": Hostile.lines([
                    Hostile.favoriteLine("x"),
                    Hostile.splice(#"{"type":"ArtistCreated","data":{"artistId":"abba","name":"AB"#, [0xFE], #"BA"}}"#),
                ])
            ],
            exit: 4, mentions: ["line 2", "UTF-8"]),
        HostileCase(
            "invalid UTF-8 between the tokens of a batch line", ["append", "--batch", "@batch.ndjson"],
            files: ["batch.ndjson": Hostile.lines([Data([0xC3, 0x28]) + Hostile.favoriteLine("x")])], exit: 4,
            mentions: ["line 1"]),
        HostileCase(
            "invalid UTF-8 in the type of a batch line", ["append", "--batch", "-"],
            stdin: Hostile.lines([Hostile.splice(#"{"type":"Favorite"#, [0x80], #"Added","data":{"dishId":"x"}}"#)]),
            exit: 4, mentions: ["line 1", "UTF-8"]),
        HostileCase(
            "invalid UTF-8 in an import file", ["import", "@export.ndjson"],
            files: ["export.ndjson": Hostile.lines([Data([0xFF, 0xFE, 0x7B, 0x7D])])], exit: 4, mentions: ["line 1"]),
    ]

    static let nulBytes: [HostileCase] = [
        HostileCase(
            "raw NUL inside a name", ["append", "ArtistCreated"],
            stdin: Hostile.splice(#"{"artistId":"abba","name":"AB"#, [0], #"BA"}"#), exit: 4, mentions: ["JSON"]),
        HostileCase(
            "raw NUL after the payload", ["append", "FavoriteAdded"],
            stdin: Hostile.splice(#"{"dishId":"x"}"#, [0], ""), exit: 4, mentions: ["JSON"]),
        HostileCase(
            #"\u0000 inside a name"#, ["append", "ArtistCreated", #"{"artistId":"abba","name":"AB\u0000BA"}"#], exit: 4,
            mentions: ["name"]),
        HostileCase(
            #"\u0000 as the whole name"#, ["append", "ArtistCreated", #"{"artistId":"abba","name":"\u0000"}"#], exit: 4,
            mentions: ["name"]),
        HostileCase(
            #"\u0000 inside a title in a batch file"#, ["append", "--batch", "-"],
            stdin: Hostile.lines([Hostile.bytes(#"{"type":"SongAdded","data":{"songId":"s1","title":"T\u0000"}}"#)]),
            exit: 4, mentions: ["line 1", "title"]),
        HostileCase(
            #"\u0000 inside an id"#, ["append", "ArtistCreated", #"{"artistId":"ab\u0000ba","name":"ABBA"}"#], exit: 4,
            mentions: ["artistId"]),
        HostileCase(
            #"\u0000 inside the type of a batch line"#, ["append", "--batch", "-"],
            stdin: Hostile.lines([Hostile.bytes(#"{"type":"Favorite\u0000Added","data":{"dishId":"x"}}"#)]), exit: 4,
            mentions: ["line 1", "type"]),
        HostileCase(
            #"\u0000 inside a field name"#, ["append", "FavoriteAdded", #"{"dishId":"x","dish\u0000Id":"y"}"#], exit: 4,
            mentions: ["unknown"]),
        HostileCase(
            "a batch line of NUL bytes", ["append", "--batch", "-"],
            stdin: Hostile.lines([Hostile.favoriteLine("x"), Data([0, 0, 0, 0])]), exit: 4, mentions: ["line 2"]),
    ]

    /// Megabyte strings (as long as the 1 MiB limit of a line or payload allows; longer ones
    /// are InputSizeLimitTests'). A single command-line argument is limited to 128 KiB by the kernel
    /// (MAX_ARG_STRLEN), so they come on standard input or in files; arguments get 100 kB.
    static let hugeStrings: [HostileCase] = [
        HostileCase(
            "1 MB name on stdin", ["append", "ArtistCreated"],
            stdin: Hostile.bytes(#"{"artistId":"abba","name":"\#(Hostile.aMillionBytes)"}"#), exit: 4, mentions: ["name"]),
        HostileCase(
            "1 MB id on stdin", ["append", "ArtistCreated"],
            stdin: Hostile.bytes(#"{"artistId":"\#(Hostile.aMillionBytes)","name":"ABBA"}"#), exit: 4,
            mentions: ["artistId"]),
        HostileCase(
            "1 MB unknown field name", ["append", "FavoriteAdded"],
            stdin: Hostile.bytes(#"{"dishId":"x","\#(Hostile.aMillionBytes)":1}"#), exit: 4, mentions: ["unknown"]),
        HostileCase(
            "1 MB title in a batch line", ["append", "--batch", "@batch.ndjson"],
            files: [
                "batch.ndjson": Hostile.lines([
                    Hostile.bytes(
                        #"{"type":"SongAdded","data":{"songId":"s1","title":"\#(Hostile.aMillionBytes)"}}"#)
                ])
            ],
            exit: 4, mentions: ["line 1", "title"]),
        HostileCase(
            "1 MB type in a batch line", ["append", "--batch", "@batch.ndjson"],
            files: ["batch.ndjson": Hostile.lines([Hostile.bytes(#"{"type":"\#(Hostile.aMillionBytes)","data":{}}"#)])],
            exit: 4, mentions: ["line 1"]),
        HostileCase(
            "1 MB line that is not JSON in a batch file", ["append", "--batch", "@batch.ndjson"],
            files: ["batch.ndjson": Hostile.lines([Hostile.favoriteLine("x"), Hostile.bytes(Hostile.aMillionBytes)])],
            exit: 4, mentions: ["line 2"]),
        HostileCase(
            "1 MB line in an import file", ["import", "-"], stdin: Hostile.lines([Hostile.bytes(Hostile.aMillionBytes)]),
            exit: 4, mentions: ["line 1"]),
        HostileCase(
            "100 kB name as an argument",
            ["append", "ArtistCreated", #"{"artistId":"abba","name":"\#(String(repeating: "n", count: 100_000))"}"#],
            exit: 4, mentions: ["name"]),
        HostileCase(
            "100 kB event type as an argument", ["append", String(repeating: "T", count: 100_000), "{}"], exit: 4,
            mentions: ["type"]),
    ]

    static let deepNesting: [HostileCase] = [
        HostileCase(
            "100,000 unclosed arrays as the payload argument",
            [
                "append", "FavoriteAdded",
                Hostile.nestedArrays(100_000, closed: false),
            ],
            exit: 4, mentions: ["nesting|deep"]),
        HostileCase(
            "100,000 nested arrays on stdin", ["append", "FavoriteAdded"],
            stdin: Hostile.bytes(Hostile.nestedArrays(100_000)), exit: 4, mentions: ["nesting|deep"]),
        HostileCase(
            "100,000 nested objects on stdin", ["append", "FavoriteAdded"],
            stdin: Hostile.bytes(Hostile.nestedObjects(100_000)), exit: 4, mentions: ["nesting|deep"]),
        HostileCase(
            "100,000 nested arrays as a field value", ["append", "FavoriteAdded"],
            stdin: Hostile.bytes(#"{"dishId":\#(Hostile.nestedArrays(100_000))}"#), exit: 4, mentions: ["nesting|deep"]),
        HostileCase(
            "100,000 nested objects as a batch line's data", ["append", "--batch", "-"],
            stdin: Hostile.lines([Hostile.bytes(#"{"type":"FavoriteAdded","data":\#(Hostile.nestedObjects(100_000))}"#)]),
            exit: 4, mentions: ["line 1", "nesting|deep"]),
        HostileCase(
            "100,000 nested arrays as a batch line's metadata", ["append", "--batch", "-"],
            stdin: Hostile.lines([
                Hostile.favoriteLine("x"),
                Hostile.bytes(
                    #"{"type":"FavoriteAdded","data":{"dishId":"y"},"metadata":\#(Hostile.nestedArrays(100_000))}"#),
            ]),
            exit: 4, mentions: ["line 2", "nesting|deep"]),
        HostileCase(
            "100,000 nested arrays in an import file", ["import", "@export.ndjson"],
            files: ["export.ndjson": Hostile.lines([Hostile.bytes(Hostile.nestedArrays(100_000))])], exit: 4,
            mentions: ["line 1", "nesting|deep"]),
    ]

    static let unknownAndMissingFields: [HostileCase] = [
        HostileCase(
            "unknown payload field", ["append", "FavoriteAdded", #"{"dishId":"x","note":"y"}"#], exit: 4,
            mentions: ["note"]),
        HostileCase(
            "payload field in the wrong case", ["append", "FavoriteAdded", #"{"DishId":"x"}"#], exit: 4,
            mentions: ["DishId"]),
        HostileCase(
            "missing id of the entity to rename", ["append", "ArtistRenamed", #"{"name":"Queen"}"#], exit: 4,
            mentions: ["artistId"]),
        HostileCase("missing name", ["append", "ArtistCreated", #"{"artistId":"abba"}"#], exit: 4, mentions: ["name"]),
        HostileCase(
            "missing diet", ["append", "AnimalAdded", #"{"animalId":"yeti","name":"Yeti"}"#], exit: 4,
            mentions: ["diet"]),
        HostileCase("empty payload object", ["append", "SongRetitled", "{}"], exit: 4, mentions: ["songId|title"]),
        HostileCase(
            "unknown event type", ["append", "FavouriteAdded", #"{"dishId":"x"}"#], exit: 4,
            mentions: ["FavouriteAdded"]),
        HostileCase(
            "event type in the wrong case", ["append", "favoriteadded", #"{"dishId":"x"}"#], exit: 4,
            mentions: ["favoriteadded"]),
        HostileCase(
            "unknown batch line field", ["append", "--batch", "-"],
            stdin: Hostile.lines([Hostile.bytes(#"{"type":"FavoriteAdded","data":{"dishId":"x"},"Type":"x"}"#)]),
            exit: 4, mentions: ["line 1", "Type"]),
        HostileCase(
            "batch line without data", ["append", "--batch", "-"],
            stdin: Hostile.lines([Hostile.favoriteLine("x"), Hostile.bytes(#"{"type":"FavoriteAdded"}"#)]), exit: 4,
            mentions: ["line 2", "data"]),
        HostileCase(
            "batch line without type", ["append", "--batch", "-"],
            stdin: Hostile.lines([Hostile.bytes(#"{"data":{"dishId":"x"}}"#)]), exit: 4, mentions: ["line 1", "type"]),
        HostileCase(
            "unknown field in a batch line's data", ["append", "--batch", "-"],
            stdin: Hostile.lines([Hostile.bytes(#"{"type":"FavoriteAdded","data":{"dishId":"x","dish":"y"}}"#)]),
            exit: 4, mentions: ["line 1", "dish"]),
    ]

    static let wrongTypes: [HostileCase] = {
        var cases: [HostileCase] = []
        for (kind, value) in [
            ("a number", "42"), ("an array", #"["ABBA"]"#), ("an object", #"{"n":"ABBA"}"#), ("null", "null"),
            ("a boolean", "true"),
        ] {
            cases.append(
                HostileCase(
                    "name as \(kind)", ["append", "ArtistCreated", #"{"artistId":"abba","name":\#(value)}"#],
                    exit: 4, mentions: ["name"]))
        }
        for (kind, value) in [("a number", "42"), ("an array", #"["x"]"#), ("an object", "{}"), ("a boolean", "false")] {
            cases.append(
                HostileCase(
                    "dishId as \(kind)", ["append", "FavoriteAdded", #"{"dishId":\#(value)}"#], exit: 4,
                    mentions: ["dishId"]))
        }
        for (kind, value) in [("a string", #""x""#), ("null", "null"), ("a number", "42"), ("an array", "[]"), ("true", "true")] {
            cases.append(HostileCase("payload that is \(kind)", ["append", "FavoriteAdded", value], exit: 4, mentions: ["object"]))
        }
        cases += [
            HostileCase(
                "diet as a number", ["append", "AnimalAdded", #"{"animalId":"yeti","name":"Yeti","diet":1}"#], exit: 4,
                mentions: ["diet"]),
            HostileCase(
                "categoryId as an object", ["append", "AnimalRecategorized", #"{"animalId":"lion","categoryId":{}}"#],
                exit: 4, mentions: ["categoryId"]),
            HostileCase(
                "batch line that is an array", ["append", "--batch", "-"], stdin: Hostile.lines([Hostile.bytes("[1]")]),
                exit: 4, mentions: ["line 1"]),
            HostileCase(
                "batch data that is an array", ["append", "--batch", "-"],
                stdin: Hostile.lines([Hostile.bytes(#"{"type":"FavoriteAdded","data":["x"]}"#)]), exit: 4,
                mentions: ["line 1", "data"]),
            HostileCase(
                "batch type that is a number", ["append", "--batch", "-"],
                stdin: Hostile.lines([Hostile.bytes(#"{"type":1,"data":{"dishId":"x"}}"#)]), exit: 4,
                mentions: ["line 1", "type"]),
            HostileCase(
                "batch id that is a number", ["append", "--batch", "-"],
                stdin: Hostile.lines([Hostile.bytes(#"{"type":"FavoriteAdded","data":{"dishId":"x"},"id":1}"#)]), exit: 4,
                mentions: ["line 1", "id"]),
            HostileCase(
                "batch expect that is true", ["append", "--batch", "-"],
                stdin: Hostile.lines([Hostile.bytes(#"{"type":"FavoriteAdded","data":{"dishId":"x"},"expect":true}"#)]),
                exit: 4, mentions: ["line 1", "expect"]),
            HostileCase(
                "batch metadata that is a string", ["append", "--batch", "-"],
                stdin: Hostile.lines([Hostile.bytes(#"{"type":"FavoriteAdded","data":{"dishId":"x"},"metadata":"m"}"#)]),
                exit: 4, mentions: ["line 1", "metadata"]),
            HostileCase(
                "batch metadata value that is a number", ["append", "--batch", "-"],
                stdin: Hostile.lines([
                    Hostile.bytes(
                        #"{"type":"FavoriteAdded","data":{"dishId":"x"},"metadata":{"k":1}}"#)
                ]),
                exit: 4, mentions: ["line 1", "metadata"]),
        ]
        return cases
    }()

    /// Ids of 1–128 characters from `A–Z a–z 0–9 . _ : -` only.
    static let forbiddenIDs: [HostileCase] = {
        let ids: [(String, String)] = [
            ("a space", "ab ba"), ("a slash", "ab/ba"), ("a path", #"..\/..\/etc\/passwd"#), ("a backslash", #"ab\\ba"#),
            ("an accent", "café"), ("an emoji", "🎵"), (#"an escaped \n"#, #"ab\nba"#), ("a tab", #"ab\tba"#),
            ("a quote", #"ab\"ba"#), ("a percent", "ab%20ba"), ("a comma", "ab,ba"), ("a plus", "ab+ba"),
            ("an asterisk", "*"), ("129 characters", String(repeating: "a", count: 129)), ("nothing", ""),
            ("a non-breaking space", "ab\u{00A0}ba"), ("a fullwidth letter", "ａbba"),
        ]
        var cases = ids.map { label, id in
            HostileCase("dishId with \(label)", ["append", "FavoriteAdded", #"{"dishId":"\#(id)"}"#], exit: 4, mentions: ["dishId"])
        }
        cases += [
            HostileCase(
                "created artistId with a slash", ["append", "ArtistCreated", #"{"artistId":"a/b","name":"AB"}"#], exit: 4,
                mentions: ["artistId"]),
            HostileCase(
                "referenced artistId with a space",
                [
                    "append", "SongAdded",
                    #"{"songId":"s1","title":"T","artistId":"pink floyd"}"#,
                ],
                exit: 4, mentions: ["artistId"]),
            HostileCase(
                "event id that is not a UUID in a batch line", ["append", "--batch", "-"],
                stdin: Hostile.lines([Hostile.bytes(#"{"type":"FavoriteAdded","data":{"dishId":"x"},"id":"../x"}"#)]),
                exit: 4, mentions: ["line 1", "id"]),
            HostileCase(
                "--id with braces",
                [
                    "append", "FavoriteAdded", #"{"dishId":"x"}"#, "--id",
                    "{434ea944-4294-4f08-ac36-fd8ccce7c9c3}",
                ],
                exit: 4, mentions: ["--id"]),
            HostileCase(
                "--id one character too long",
                [
                    "append", "FavoriteAdded", #"{"dishId":"x"}"#, "--id",
                    "434ea944-4294-4f08-ac36-fd8ccce7c9c3a",
                ],
                exit: 4, mentions: ["--id"]),
            HostileCase("empty --id", ["append", "FavoriteAdded", #"{"dishId":"x"}"#, "--id", ""], exit: 4, mentions: ["--id"]),
        ]
        return cases
    }()

    static let numbersOutOfRange: [HostileCase] = {
        var cases: [HostileCase] = []
        let badNumbers = [
            "99999999999999999999", "-1", "1e3", "9223372036854775808", "18446744073709551616", "1.0", "+1", " 1",
            "0x1", "١", "",
        ]
        for value in badNumbers {
            cases.append(
                HostileCase(
                    "--expect \(value.debugDescription)", ["append", "ArtistRenamed", renameQueen, "--expect", value],
                    exit: 4, mentions: ["--expect"]))
        }
        let badPoints =
            badNumbers + [
                "1.5", "2026-13-01T00:00:00Z", "2026-02-30T10:00:00Z", "2026-11-29T24:00:00Z",
                "10000-01-01T00:00:00Z", "2026-11-29", "2026-11-29T23:10:00+24:00", "2026-11-29T23:10:00",
            ]
        for value in badPoints {
            cases.append(
                HostileCase(
                    "--as-of \(value.debugDescription)", ["query", "artists", "--as-of", value, "--json"], exit: 4,
                    mentions: ["--as-of"]))
        }
        for value in ["99999999999999999999", "-1", "1e3", "1.5", "-0.0", #""99999999999999999999""#, #""-1""#] {
            cases.append(
                HostileCase(
                    "batch expect \(value)", ["append", "--batch", "-"],
                    stdin: Hostile.lines([
                        Hostile.bytes(
                            #"{"type":"ArtistRenamed","data":\#(renameQueen),"expect":\#(value)}"#)
                    ]),
                    exit: 4, mentions: ["line 1", "expect"]))
        }
        for option in ["from", "to", "limit"] {
            for value in ["99999999999999999999", "-1", "1e3", "0"] {
                cases.append(HostileCase("log --\(option) \(value)", ["log", "--\(option)", value], exit: 4, mentions: ["--\(option)"]))
            }
        }
        return cases
    }()

    static let unknownCommandsAndOptions: [HostileCase] = [
        HostileCase("unknown command", ["frobnicate"], exit: 2, mentions: ["frobnicate"]),
        HostileCase("command in capitals", ["APPEND", "FavoriteAdded", #"{"dishId":"x"}"#], exit: 2, mentions: ["APPEND"]),
        HostileCase("empty command", [""], exit: 2, mentions: ["command"]),
        HostileCase("option as the command", ["--frobnicate"], exit: 2, mentions: ["--frobnicate"]),
        HostileCase(
            "unknown option of append", ["append", "FavoriteAdded", #"{"dishId":"x"}"#, "--force"], exit: 2,
            mentions: ["--force"]),
        HostileCase(
            "unknown option of import", ["import", "-", "--dry-run"], stdin: Hostile.lines([Hostile.favoriteLine("x")]),
            exit: 2, mentions: ["--dry-run"]),
        HostileCase("flag given a value", ["query", "artists", "--json=yes"], exit: 2, mentions: ["--json"]),
        HostileCase("option given twice", ["log", "--limit", "5", "--limit", "6"], exit: 2, mentions: ["--limit"]),
        HostileCase("single-dash option", ["query", "artists", "-j"], exit: 2, mentions: ["-j"]),
        HostileCase("unknown session action", ["session", "frob"], exit: 2, mentions: ["frob"]),
        HostileCase(
            "batch and a type", ["append", "--batch", "-", "FavoriteAdded"], stdin: Hostile.lines([Hostile.favoriteLine("x")]),
            exit: 2, mentions: ["FavoriteAdded"]),
        HostileCase(
            "--expect with --batch", ["append", "--batch", "-", "--expect", "1"],
            stdin: Hostile.lines([Hostile.favoriteLine("x")]), exit: 2, mentions: ["--expect"]),
    ]

    static let allCases =
        malformedJSON + invalidUTF8 + nulBytes + hugeStrings + deepNesting + unknownAndMissingFields
        + wrongTypes + forbiddenIDs + numbersOutOfRange + unknownCommandsAndOptions

    @Test(arguments: allCases)
    func hostileInputIsRejectedAndChangesNothing(_ example: HostileCase) throws {
        let sandbox = try LedgerSandbox()
        let export = try sandbox.seededExport()
        let result = try example.run(in: sandbox)
        expectFailure(result, exit: example.exit, mentions: example.mentions)
        try sandbox.expectUnchanged(export)
    }

    /// User text echoed in an error (a type, an option, a field name, an id) may hold a line
    /// break; the error must stay one line all the same.
    static let echoedLineBreaks: [HostileCase] = [
        HostileCase("command", ["frob\nnicate"], exit: 2, mentions: ["frob"]),
        HostileCase("option", ["log", "--col\nour"], exit: 2, mentions: ["--col"]),
        HostileCase("event type argument", ["append", "Artist\nCreated", "{}"], exit: 4, mentions: ["Artist"]),
        HostileCase(
            "event type of a batch line", ["append", "--batch", "-"],
            stdin: Hostile.lines([Hostile.bytes(#"{"type":"Favorite\nAdded","data":{"dishId":"x"}}"#)]), exit: 4,
            mentions: ["line 1"]),
        HostileCase(
            "payload field name", ["append", "FavoriteAdded", #"{"dishId":"x","ty\npo":1}"#], exit: 4,
            mentions: ["ty"]),
        HostileCase("read model", ["query", "artists\nsongs"], exit: 4, mentions: ["artists"]),
        HostileCase("queried artist", ["query", "artist-songs", "no\nbody"], exit: 1, mentions: ["no"]),
        HostileCase("stream", ["history", "artist-\nqueen"], exit: 1, mentions: ["artist-"]),
        HostileCase("session id", ["session", "show", "no\nsession"], exit: 1, mentions: ["session"]),
        HostileCase("--id", ["append", "FavoriteAdded", #"{"dishId":"x"}"#, "--id", "x\ny"], exit: 4, mentions: ["--id"]),
        HostileCase("--expect", ["append", "ArtistRenamed", renameQueen, "--expect", "1\n"], exit: 4, mentions: ["--expect"]),
        HostileCase("--as-of", ["query", "artists", "--as-of", "3\n"], exit: 4, mentions: ["--as-of"]),
        HostileCase("--meta", ["append", "FavoriteAdded", #"{"dishId":"x"}"#, "--meta", "k\nv"], exit: 4, mentions: ["--meta"]),
    ]

    @Test(arguments: echoedLineBreaks)
    func anErrorEchoingALineBreakIsStillOneLine(_ example: HostileCase) throws {
        let sandbox = try LedgerSandbox()
        let export = try sandbox.seededExport()
        let result = try example.run(in: sandbox)
        expectFailure(result, exit: example.exit, mentions: example.mentions)
        try sandbox.expectUnchanged(export)
    }

    /// Bytes that are not UTF-8 in a command-line argument. `Process` can only pass valid
    /// UTF-8, so bash's printf builds the argument.
    static let rawArguments: [(label: String, words: String, exit: Int32, mentions: [String])] = [
        (
            "invalid UTF-8 in a payload argument", #"append ArtistCreated "$(printf '{"artistId":"abba","name":"AB\377BA"}')""#, 4,
            ["UTF-8"]
        ),
        (
            "invalid UTF-8 in an id in a payload argument", #"append FavoriteAdded "$(printf '{"dishId":"x\300y"}')""#, 4,
            ["dishId"]
        ),
        (
            "invalid UTF-8 in the event type", #"append "$(printf 'Favorite\377Added')" '{"dishId":"x"}'"#, 4,
            ["type|FavoriteAdded|Favorite\u{FFFD}Added"]
        ),
    ]

    @Test(arguments: rawArguments.indices)
    func invalidUTF8InAnArgumentIsRejected(_ index: Int) throws {
        let example = Self.rawArguments[index]
        let sandbox = try LedgerSandbox()
        let export = try sandbox.seededExport()
        let script = #"ledger="$1"; path="$2"; exec "$ledger" "# + example.words + #" --ledger "$path""#
        let result = try Programs.run(
            "/bin/bash", ["-c", script, "bash", LedgerSandbox.executable.path, sandbox.ledgerPath],
            currentDirectory: sandbox.directory)
        #expect(result.status != 0, "\(example.label): accepted; stdout: \(result.stdout)")
        expectFailure(result, exit: example.exit, mentions: example.mentions)
        try sandbox.expectUnchanged(export)
    }

    // MARK: Import files from another ledger's export

    /// Corruptions of line 3 of a five-line export (or of the whole file).
    struct ImportCorruption: Sendable, CustomTestStringConvertible {
        let label: String
        let mentions: [String]
        let apply: @Sendable ([Data]) -> Data
        var testDescription: String { label }

        /// Line 3 replaced by `edit(line 3 as text)`.
        static func line3(_ label: String, _ mentions: [String], _ edit: @escaping @Sendable (String) -> Data) -> ImportCorruption {
            ImportCorruption(label: label, mentions: ["line 3"] + mentions) { lines in
                var lines = lines
                lines[2] = edit(String(decoding: lines[2], as: UTF8.self))
                return Hostile.lines(lines)
            }
        }

        /// Line 3 with the first match of `pattern` replaced by `replacement`.
        static func replacing(_ label: String, _ mentions: [String], _ pattern: String, _ replacement: String) -> ImportCorruption {
            line3(label, mentions) { line in
                let range = line.range(of: pattern, options: .regularExpression)!
                return Data(line.replacingCharacters(in: range, with: replacement).utf8)
            }
        }
    }

    static let importCorruptions: [ImportCorruption] = [
        .line3("line cut in half", []) { Data($0.utf8.prefix($0.utf8.count / 2)) },
        ImportCorruption(label: "file cut off in its last line", mentions: ["line 5"]) { lines in
            Hostile.lines(Array(lines.prefix(4))) + lines[4].prefix(lines[4].count - 10)
        },
        .line3("invalid UTF-8 in a title", ["UTF-8"]) { line in
            let parts = line.components(separatedBy: "Imported")
            return Data(parts[0].utf8) + Data([0xFF]) + Data(parts.dropFirst().joined(separator: "Imported").utf8)
        },
        .line3("raw NUL in the line", []) { Data($0.utf8.prefix(20)) + Data([0]) + Data($0.utf8.dropFirst(20)) },
        .replacing(#"\u0000 in a title"#, ["title"], "Imported", #"Imp\u0000orted"#),
        .replacing("1 MB title", ["title"], "Imported", Hostile.aMillionBytes),
        .line3("1 MB of x instead of the line", []) { _ in Data(Hostile.aMillionBytes.utf8) },
        .replacing(
            "100,000 levels of nesting in data", ["nesting|deep"], #""data":\{[^}]*\}"#,
            #""data":\#(Hostile.nestedObjects(100_000))"#),
        .replacing("unknown envelope field", ["extra"], #"^\{"#, #"{"extra":1,"#),
        .replacing("missing hash", ["hash"], #""hash":"[0-9a-f]*","#, ""),
        .replacing("position as a string", ["position"], #""position":[0-9]+"#, #""position":"3""#),
        .replacing("position beyond 64 bits", ["position"], #""position":[0-9]+"#, #""position":99999999999999999999"#),
        .replacing("negative position", ["position"], #""position":[0-9]+"#, #""position":-1"#),
        .replacing("commit as 1e3", ["commit"], #""commit":[0-9]+"#, #""commit":1e3"#),
        .replacing("version 0", ["version"], #""version":[0-9]+"#, #""version":0"#),
        .replacing("recordedAt that is not a time", ["recordedAt"], #""recordedAt":"[^"]*""#, #""recordedAt":"yesterday""#),
        .replacing(
            "recordedAt on February 30", ["recordedAt"], #""recordedAt":"[0-9]{4}-[0-9]{2}-[0-9]{2}"#,
            #""recordedAt":"2026-02-30"#),
        .replacing("id that is not a UUID", ["id"], #""id":"[^"]*""#, #""id":"../../etc/passwd""#),
        .replacing("songId with forbidden characters", ["songId"], #""songId":"[^"]*""#, #""songId":"so ng/1""#),
        .replacing("schemaVersion 3", ["schemaVersion"], #""schemaVersion":[0-9]+"#, #""schemaVersion":3"#),
        .replacing("unknown event type", ["SongInvented"], #""type":"[A-Za-z]*""#, #""type":"SongInvented""#),
        .replacing("data as an array", ["data"], #""data":\{[^}]*\}"#, #""data":[1]"#),
    ]

    @Test(arguments: importCorruptions)
    func aCorruptedImportFileIsRejectedAndChangesNothing(_ corruption: ImportCorruption) throws {
        let source = try LedgerSandbox()
        try source.commit([
            #"{"type":"ArtistCreated","data":{"artistId":"imported-artist","name":"Imported Artist"}}"#,
            #"{"type":"SongAdded","data":{"songId":"imported-song-1","title":"Imported Song 1","artistId":"imported-artist"}}"#,
        ])
        try source.ok(["append", "SongAdded", #"{"songId":"imported-song-2","title":"Imported Song 2"}"#])
        try source.commit([
            #"{"type":"FavoriteAdded","data":{"dishId":"imported-dish"}}"#,
            #"{"type":"SongRetitled","data":{"songId":"imported-song-1","title":"Imported Song One"}}"#,
        ])
        let lines = try source.exportText().split(separator: "\n").map { Data($0.utf8) }
        try #require(lines.count == 5)
        #expect(String(decoding: lines[2], as: UTF8.self).contains("imported-song-2"))

        let target = try LedgerSandbox()
        let export = try target.seededExport()
        let file = target.path("import.ndjson")
        try corruption.apply(lines).write(to: URL(fileURLWithPath: file))
        expectFailure(try target.run(["import", file]), exit: 4, mentions: corruption.mentions)
        try target.expectUnchanged(export)
        // The same file on standard input.
        let piped = try LedgerSandbox.run(
            ["import", "-", "--ledger", target.ledgerPath], input: try Data(contentsOf: URL(fileURLWithPath: file)),
            currentDirectory: target.directory)
        expectFailure(piped, exit: 4, mentions: corruption.mentions)
        try target.expectUnchanged(export)
    }

    // MARK: Ledger paths that are no ledger

    static let readCommands: [[String]] = [
        ["query", "artists"], ["query", "favorites", "--json"], ["log", "--json"], ["export"], ["stats", "--json"],
        ["history", "artist-queen"], ["session", "list"], ["verify"],
    ]
    static let writeCommands: [[String]] = [
        ["append", "FavoriteAdded", #"{"dishId":"hostile-dish"}"#], ["session", "begin"], ["rebuild", "--quiet"],
    ]

    @Test func aDirectoryIsNotALedgerForAnyCommand() throws {
        let sandbox = try LedgerSandbox()
        let directory = sandbox.path("ledger-directory")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        let inputs: [([String], Data)] =
            (Self.readCommands + Self.writeCommands).map { ($0, Data()) }
            + [(["import", "-"], Hostile.lines([Hostile.envelopeLine])), (["append", "--batch", "-"], Hostile.lines([Hostile.favoriteLine("x")]))]
        for (command, input) in inputs {
            let result = try LedgerSandbox.run(command + ["--ledger", directory], input: input, currentDirectory: sandbox.directory)
            expectFailure(result, exit: 5, mentions: ["ledger-directory"])
        }
        #expect(directoryEntries(directory).isEmpty, "nothing may be created inside the directory")
    }

    /// A path whose parent is a regular file can be neither read nor created, even by root
    /// (ENOTDIR): the way to get an unreadable ledger path that does not depend on permissions.
    @Test func aPathBelowARegularFileCannotBeOpened() throws {
        let sandbox = try LedgerSandbox()
        let text = "not a directory\n"
        let file = try sandbox.write("notes.txt", text)
        for command in Self.readCommands + Self.writeCommands {
            let result = try sandbox.run(command + ["--ledger", file + "/ledger.lmdb"], useLedgerOption: false)
            expectFailure(result, exit: 5, mentions: ["notes.txt/ledger.lmdb", "directory"])
        }
        #expect(try String(contentsOfFile: file, encoding: .utf8) == text)
    }

    /// `chmod 000` binds only unprivileged users: root (which the tests run as) reads the file
    /// anyway. So the commands run as nobody here.
    @Test(.enabled(if: Privileges.canRunAsNobody, "needs root, setpriv and a ledger binary nobody may run"))
    func anUnreadableLedgerFailsWithExitFiveAndIsLeftAlone() throws {
        let sandbox = try LedgerSandbox()
        try sandbox.loadSeeds()
        try Privileges.giveToNobody(sandbox.directory.path)
        let before = try #require(fileBytes(sandbox.ledgerPath))
        #expect(chmod(sandbox.ledgerPath, 0o000) == 0)
        defer { chmod(sandbox.ledgerPath, 0o600) }
        for command in Self.readCommands + Self.writeCommands {
            let result = try Privileges.runAsNobody(command + ["--ledger", sandbox.ledgerPath], currentDirectory: sandbox.directory)
            expectFailure(result, exit: 5, mentions: ["ledger.lmdb", "permission"])
        }
        chmod(sandbox.ledgerPath, 0o600)
        #expect(fileBytes(sandbox.ledgerPath) == before, "a failed command must not touch the ledger")
    }

    @Test(.enabled(if: Privileges.canRunAsNobody, "needs root, setpriv and a ledger binary nobody may run"))
    func aLedgerInAnUnreadableDirectoryFailsWithExitFive() throws {
        let sandbox = try LedgerSandbox()
        let inner = sandbox.path("locked")
        try FileManager.default.createDirectory(atPath: inner, withIntermediateDirectories: false)
        let ledger = inner + "/ledger.lmdb"
        try sandbox.ok(["append", "--batch", Seeds.path("favorites.ndjson")], ledger: ledger)
        try Privileges.giveToNobody(sandbox.directory.path)
        let before = try #require(fileBytes(ledger))
        #expect(chmod(inner, 0o000) == 0)
        defer { chmod(inner, 0o755) }
        for command in Self.readCommands + Self.writeCommands {
            let result = try Privileges.runAsNobody(command + ["--ledger", ledger], currentDirectory: sandbox.directory)
            expectFailure(result, exit: 5, mentions: ["locked/ledger.lmdb", "permission"])
        }
        chmod(inner, 0o755)
        #expect(fileBytes(ledger) == before)
    }

    // MARK: Files that are not an LMDB ledger

    /// Files that are not a ledger; their bytes from the seeded ledger's (`nil`: none needed).
    static let notALedger: [(label: String, bytes: @Sendable (Data) -> Data)] = [
        (
            "random bytes",
            { _ in
                var generator = SystemRandomNumberGenerator()
                return Data((0..<(256 << 10)).map { _ in UInt8.random(in: 0...255, using: &generator) })
            }
        ),
        ("a text file", { _ in Data(String(repeating: "this is a shopping list, not a ledger\n", count: 300).utf8) }),
        ("an LMDB-sized file of zeros", { _ in Data(count: 64 << 10) }),
        ("a ledger cut to half its size", { ledger in ledger.prefix(ledger.count / 2) }),
        ("a ledger cut after its two meta pages", { ledger in ledger.prefix(8192) }),
        ("a ledger cut after its first page", { ledger in ledger.prefix(4096) }),
        ("a ledger cut in its first page", { ledger in ledger.prefix(100) }),
    ]

    @Test(arguments: notALedger.indices)
    func aFileThatIsNotALedgerFailsWithExitFiveAndIsLeftAlone(_ index: Int) throws {
        let (label, make) = Self.notALedger[index]
        let sandbox = try LedgerSandbox()
        try sandbox.loadSeeds()
        let ledger = try #require(fileBytes(sandbox.ledgerPath))
        let file = sandbox.path("suspect.lmdb")
        let bytes = make(ledger)
        try bytes.write(to: URL(fileURLWithPath: file))
        for command in Self.readCommands + Self.writeCommands + [["append", "--batch", Seeds.path("music.ndjson")]] {
            let result = try sandbox.run(command + ["--ledger", file], useLedgerOption: false)
            #expect(result.status == 5, "\(label): ledger \(command.joined(separator: " ")) exited \(result.status)")
            expectFailure(result, exit: 5, mentions: ["suspect.lmdb"])
        }
        #expect(fileBytes(file) == bytes, "\(label): the file must be left as it was")
    }

    /// An empty file is not a ledger: a command that only reads or checks fails like on a
    /// missing ledger and leaves it empty (commands that write refuse it too).
    @Test(arguments: readCommands + [["rebuild", "--quiet"], ["backup", "copy.lmdb"]])
    func anEmptyFileIsNotALedgerToReadOrCheck(_ command: [String]) throws {
        let sandbox = try LedgerSandbox()
        let file = try sandbox.write("empty.lmdb", "")
        let result = try sandbox.run(command + ["--ledger", file], useLedgerOption: false)
        expectFailure(result, exit: 5, mentions: ["empty.lmdb"])
        #expect(
            (try FileManager.default.attributesOfItem(atPath: file)[.size] as? NSNumber)?.intValue == 0,
            "ledger \(command.joined(separator: " ")) must not write into the empty file")
    }

    // MARK: A ledger whose records were altered

    /// Record fields a damaged or tampered file may hold: the hash chain catches them
    /// (`verify`), and the commands that print records must fail with exit 5 too, not crash.
    static let tamperedFields: [(label: String, offset: Int, value: UInt64)] = [
        ("position with its top bit set", 3, 0x8000_0000_0000_0030),
        ("commit with its top bit set", 11, 0x8000_0000_0000_0002),
        ("recordedAt at the earliest 64-bit time", 19, 0x8000_0000_0000_0000),
        ("version with its top bit set", 27, 0x8000_0000_0000_0001),
    ]

    @Test(arguments: tamperedFields.indices)
    func aTamperedRecordIsReportedNotACrash(_ index: Int) throws {
        let (label, offset, value) = Self.tamperedFields[index]
        let sandbox = try LedgerSandbox()
        try sandbox.loadSeeds()
        // Every copy of the record of position 48 (LMDB keeps older page copies in the file).
        var bytes = try #require(fileBytes(sandbox.ledgerPath))
        let marker = Data("FavoriteAddedfavorite-har-gow".utf8)
        var patched = 0
        var searchFrom = bytes.startIndex
        while let found = bytes.range(of: marker, in: searchFrom..<bytes.endIndex) {
            let record = found.lowerBound - 63  // the fixed header precedes the type
            if record >= bytes.startIndex, bytes[record] == 1 {
                withUnsafeBytes(of: value.littleEndian) { bytes.replaceSubrange((record + offset)..<(record + offset + 8), with: $0) }
                patched += 1
            }
            searchFrom = found.upperBound
        }
        try #require(patched > 0, "the record of position 48 was not found in the file")
        try bytes.write(to: URL(fileURLWithPath: sandbox.ledgerPath))

        let verify = try sandbox.run(["verify"])
        #expect(verify.status == 5, "\(label): verify exited \(verify.status)")
        expectOneErrorLine(verify.stderr)
        // Printing the damaged record may fail (exit 5, one error line) or print what is stored;
        // it must not crash.
        for command in [["export"], ["log"], ["log", "--json"], ["history", "favorite-har-gow"], ["history", "favorite-har-gow", "--json"]] {
            let result = try sandbox.run(command)
            #expect(
                result.status == 0 || result.status == 5,
                "\(label): ledger \(command.joined(separator: " ")) exited \(result.status): \(result.stderr.prefix(300))")
            if result.status == 5 { expectOneErrorLine(result.stderr) }
            if result.status == 0 { #expect(result.stderr.isEmpty) }
        }
    }
}
