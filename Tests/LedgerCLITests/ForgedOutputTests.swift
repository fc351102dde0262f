import LedgerCLITestSupport
import Testing

/// Human output cannot be forged: line breaks, terminal escapes, separators, bidi controls and
/// invisible characters in metadata, names and arguments are shown as escapes (and the
/// backslash doubled) by log, history, watch, query and session tables and error messages,
/// while JSON output keeps them exactly.
@Suite struct ForgedOutputTests {
    /// A metadata value that would fake a row, clear the screen, reverse and hide text.
    static let forging = "ok\nPOSITION  forged\r\u{1B}[2J\u{85}\u{2028}\u{202E}dlrow\u{2066}\u{200B}\u{7F}back\\slash"
    /// How human output shows `forging`.
    static let shown = #"ok\nPOSITION  forged\r\u{1B}[2J\u{0085}\u{2028}\u{202E}dlrow\u{2066}\u{200B}\u{7F}back\\slash"#
    /// A name the rules of names accept (no control characters) that reverses and breaks what follows.
    static let name = "Evil\u{202E}gnp.exe\u{2029}Queen"
    /// How plain-text cells show `name`.
    static let shownName = #"Evil\u{202E}gnp.exe\u{2029}Queen"#
    /// How a payload cell (JSON) shows `name`: JSON escapes, still JSON for the same name.
    static let shownNameInJSON = #""Evil\u202egnp.exe\u2029Queen""#

    /// Expects `text` to hold none of the characters that could fake a line or hide text but
    /// the newlines ending its lines.
    func expectNothingHidden(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let hidden = text.unicodeScalars.filter { scalar in
            scalar != "\n"
                && (scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
                    || ["\u{2028}", "\u{2029}", "\u{202E}", "\u{2066}", "\u{200B}"].contains(scalar))
        }
        #expect(
            hidden.isEmpty, "raw \(hidden.map { String($0.value, radix: 16) }) in \(text.debugDescription)",
            sourceLocation: sourceLocation)
    }

    @Test func logAndHistoryShowMetadataEscapedOnOneRowAndJSONKeepsItExactly() throws {
        let sandbox = try LedgerSandbox()
        try sandbox.loadSeeds()
        try sandbox.ok(["append", "SongRetitled", #"{"songId":"money","title":"Money!"}"#, "--meta", "note=\(Self.forging)"])
        let log = try sandbox.ok(["log", "--from", "85"]).stdout
        expectNothingHidden(log)
        #expect(log.split(separator: "\n").count == 2, "a heading and one row: \(log)")
        #expect(log.contains("note=\(Self.shown)"), "\(log)")
        let history = try sandbox.ok(["history", "song-money"]).stdout
        expectNothingHidden(history)
        #expect(history.split(separator: "\n").last?.hasSuffix("note=\(Self.shown)") == true, "\(history)")
        let json = try sandbox.ok(["log", "--from", "85", "--json"]).stdout
        #expect(json.contains("\u{202E}") && json.contains("\u{2028}"), "JSON output keeps what JSON need not escape")
        let envelope = try #require(try LedgerSandbox.json(json) as? [String: Any])
        #expect((envelope["metadata"] as? [String: Any])?.string("note") == Self.forging)
    }

    @Test func namesAreEscapedInQueryTablesAndPayloadsStayJSONInTheLog() throws {
        let sandbox = try LedgerSandbox()
        try sandbox.ok(["append", "ArtistCreated", #"{"artistId":"evil","name":"\#(Self.name)"}"#])
        let artists = try sandbox.ok(["query", "artists"]).stdout
        expectNothingHidden(artists)
        #expect(artists.split(separator: "\n").count == 2 && artists.contains(Self.shownName), "\(artists)")
        let artist = try sandbox.ok(["query", "artist-songs", "evil"]).stdout
        expectNothingHidden(artist)
        #expect(artist.hasPrefix(Self.shownName), "the title line: \(artist)")
        let log = try sandbox.ok(["log"]).stdout
        expectNothingHidden(log)
        #expect(log.contains(Self.shownNameInJSON), "\(log)")
        #expect(try sandbox.array(["query", "artists"]).first?.string("name") == Self.name)
    }

    @Test func sessionNamesAndStagedPayloadsAreEscaped() throws {
        let sandbox = try LedgerSandbox()
        let session = try sandbox.beginSession(name: Self.name)
        try sandbox.ok(["session", "add", session, "ArtistCreated", #"{"artistId":"evil","name":"\#(Self.name)"}"#])
        let show = try sandbox.ok(["session", "show", session]).stdout
        expectNothingHidden(show)
        #expect(show.hasPrefix("session \(session) \"\(Self.shownName)\""), "\(show)")
        #expect(show.contains(Self.shownNameInJSON), "\(show)")
        let list = try sandbox.ok(["session", "list"]).stdout
        expectNothingHidden(list)
        #expect(list.contains(Self.shownName), "\(list)")
    }

    @Test func watchShowsPayloadsEscaped() throws {
        let sandbox = try LedgerSandbox()
        try sandbox.ok(["append", "ArtistCreated", #"{"artistId":"evil","name":"\#(Self.name)"}"#])
        let watcher = try BackgroundLedger(["watch", "--from", "1"], in: sandbox)
        let lines = watcher.waitForLines(1)
        #expect(lines.count == 1, "stderr: \(watcher.stderr)")
        expectNothingHidden(lines.joined(separator: "\n"))
        #expect(lines.first?.contains(Self.shownNameInJSON) == true, "\(lines)")
    }

    @Test func anErrorEchoingAnArgumentShowsItEscaped() throws {
        let sandbox = try LedgerSandbox()
        let result = try sandbox.run(["append", "Artist\u{202E}Created\\", "{}"])
        expectFailure(result, exit: 4, mentions: [#"Artist\u{202E}Created\\"#])
        expectNothingHidden(result.stderr)
    }
}
