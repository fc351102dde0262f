import Foundation
import LedgerCLITestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// What `ledger import` refuses so a file cannot harm the ledger it enters: commit
/// times ahead of the clock, which would stamp every later commit with them, and envelopes
/// whose hash does not chain (edited by hand), unless `--rehash` says so on purpose.
@Suite struct ImportSafetyTests {
    /// A ledger holding the seeds, and its export.
    func seededExport() throws -> (source: LedgerSandbox, lines: [String]) {
        let source = try LedgerSandbox()
        try source.loadSeeds()
        return (source, try source.ok(["export"]).lines)
    }

    /// `lines` with the envelope on line `line` (from 1) changed by `change`.
    func editing(_ lines: [String], line: Int, _ change: (inout [String: Any]) -> Void) throws -> [String] {
        var edited = lines
        var envelope = try #require(try LedgerSandbox.json(lines[line - 1]) as? [String: Any])
        change(&envelope)
        edited[line - 1] = InterchangeCommandTests.ndjsonLine(envelope)
        return edited
    }

    /// Writes `lines` as an NDJSON file in `sandbox`.
    func file(_ sandbox: LedgerSandbox, _ lines: [String]) throws -> String {
        try sandbox.write("import.ndjson", lines.joined(separator: "\n") + "\n")
    }

    @Test func aCommitTimeAheadOfTheClockIsRefusedAndTheClockStaysSane() throws {
        let (_, lines) = try seededExport()
        let future = try editing(lines, line: lines.count) { $0["recordedAt"] = "9999-12-31T23:59:59Z" }
        let target = try LedgerSandbox()
        expectFailure(
            try target.run(["import", try file(target, future)]), exit: 4,
            mentions: ["line \(lines.count)", "recordedAt", "ahead"])
        #expect(try target.eventCount() == 0)
        let next = try target.object(["append", "FavoriteAdded", #"{"dishId":"congee"}"#])
        #expect(next.string("recordedAt")?.hasPrefix("9999") == false)
        try target.ok(["query", "favorites", "--as-of", "2026-01-01T00:00:00Z"])
    }

    /// `lines` with the `data` member `key` of the envelope on line `line` set to `value`.
    func editingData(_ lines: [String], line: Int, _ key: String, _ value: String) throws -> [String] {
        try editing(lines, line: line) { envelope in
            var data = envelope["data"] as? [String: Any] ?? [:]
            data[key] = value
            envelope["data"] = data
        }
    }

    @Test func anEditedExportIsRefusedUnlessRehashed() throws {
        let (_, lines) = try seededExport()
        let line = try #require(lines.firstIndex { $0.contains(#""categoryId":"bird""#) }) + 1
        let edited = try editingData(lines, line: line, "name", "Birds of prey")
        let target = try LedgerSandbox()
        let path = try file(target, edited)
        expectFailure(try target.run(["import", path]), exit: 4, mentions: ["line \(line)", "hash"])
        #expect(try target.eventCount() == 0)
        try target.ok(["import", path, "--rehash"])
        let bird = try target.object(["query", "category-animals", "bird"])
        #expect(bird.string("name") == "Birds of prey")
        try target.ok(["verify"])
    }

    @Test func aMalformedHashIsRefusedUnlessRehashed() throws {
        let (_, lines) = try seededExport()
        let target = try LedgerSandbox()
        for hash in ["zz", String(repeating: "A", count: 64), ""] {
            let path = try file(target, try editing(lines, line: 5) { $0["hash"] = hash })
            expectFailure(try target.run(["import", path]), exit: 4, mentions: ["line 5", "hash"])
            #expect(try target.eventCount() == 0)
        }
        try target.ok(["import", try file(target, try editing(lines, line: 5) { $0["hash"] = "zz" }), "--rehash"])
        #expect(try target.eventCount() == lines.count)
    }

    @Test func aLineMovedOffItsChainIsRefused() throws {
        let (_, lines) = try seededExport()
        let target = try LedgerSandbox()
        // A second line whose predecessor is not in the file: only a partial export's first may be.
        let gaps = [lines[0]] + Array(lines[2..<10]) + Array(lines[11...])
        expectFailure(try target.run(["import", try file(target, gaps)]), exit: 4, mentions: ["line 10", "position"])
        // A hash changed on one line no longer matches its contents and the line before.
        let rehashedLine = try editing(lines, line: 20) { $0["hash"] = String(repeating: "ab", count: 32) }
        expectFailure(try target.run(["import", try file(target, rehashedLine)]), exit: 4, mentions: ["line 20", "hash"])
        #expect(try target.eventCount() == 0)
    }

    @Test func partialAndReorderedExportsImport() throws {
        let (source, lines) = try seededExport()
        let target = try LedgerSandbox()
        // A partial export chains to a hash it cannot show: its first line is checked for form only.
        let partial = try source.ok(["export", "--from", "48"]).lines
        try target.ok(["import", try file(target, partial)])
        // Lines are chained by position, wherever they stand in the file.
        try target.ok(["import", try file(target, Array(lines[20...]) + Array(lines[..<20]))])
        #expect(try target.eventCount() == lines.count)
        try target.ok(["verify"])
    }

    @Test func aLineRefusedEarlyIsNamedBeforeTheRestOfTheFileIsRead() throws {
        let (_, lines) = try seededExport()
        let target = try LedgerSandbox()
        try target.ok(["append", "ArtistCreated", #"{"artistId":"here","name":"Already Here"}"#])
        // Read line by line, the import stops at line 3; the malformed last line is never reached.
        let future = try editing(lines, line: 3) { $0["recordedAt"] = "9999-12-31T23:59:59Z" } + ["{not json"]
        expectFailure(try target.run(["import", try file(target, future)]), exit: 4, mentions: ["line 3", "recordedAt", "ahead"])
        #expect(try target.eventCount() == 1)
    }

    @Test func aFileThatDoesNotParseOrIsRefusedCreatesNoLedger() throws {
        let (_, lines) = try seededExport()
        let target = try LedgerSandbox()
        // A new ledger is built under a temporary name and appears only once the import is complete.
        expectFailure(
            try target.run(["import", try file(target, lines + ["{not json"])]), exit: 4,
            mentions: ["line \(lines.count + 1)", "malformed JSON"])
        #expect(ledgerFiles(target) == [])
        let twice =
            lines + [
                InterchangeCommandTests.ndjsonLine([
                    "position": 999, "commit": 999, "recordedAt": "2026-01-01T00:00:00Z",
                    "id": "00000000-0000-4000-8000-000000000001", "stream": "favorite-har-gow", "version": 9, "type": "FavoriteAdded",
                    "schemaVersion": 1, "data": ["dishId": "har-gow"], "metadata": [String: String](), "hash": String(repeating: "0", count: 64),
                ])
            ]
        expectFailure(try target.run(["import", "--rehash", try file(target, twice)]), exit: 1, mentions: ["line \(lines.count + 1)", "har-gow"])
        #expect(ledgerFiles(target) == [])
        #expect(try target.run(["import", try file(target, lines)]).status == 0)
        #expect(ledgerFiles(target) == ["ledger.lmdb"])
        #expect(try target.eventCount() == lines.count)
    }

    /// The files in `sandbox` whose names begin with its ledger's.
    func ledgerFiles(_ sandbox: LedgerSandbox) -> [String] {
        directoryEntries(sandbox.directory.path, prefix: "ledger.lmdb")
    }

    @Test func anImportKilledWhileBuildingANewLedgerLeavesNoneAndTheNextImportCleansUp() throws {
        let source = try LedgerSandbox()
        let batch = try GeneratedBatches.write(GeneratedBatches.lines(seed: 7, count: 20_000), to: source.path("batch.ndjson"))
        try source.ok(["append", "--batch", batch])
        let export = try source.ok(["export"]).stdout
        let target = try LedgerSandbox()
        let path = try target.write("import.ndjson", export)
        // Killed once it has read half the file: inside the import's one write, into the temporary file.
        let output = open(target.path("killed.out"), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        defer { close(output) }
        let process = try SpawnedProcess(
            LedgerSandbox.executable.path, ["import", path, "--ledger", target.ledgerPath],
            in: target.directory.path, output: output, errors: output)
        let io = open("/proc/\(process.pid)/io", O_RDONLY | O_CLOEXEC)
        defer { close(io) }
        while !process.hasEnded, (ProcessIOCounters.value("rchar", in: io) ?? 0) < export.utf8.count / 2 { usleep(500) }
        kill(process.pid, SIGKILL)
        #expect(process.reap() == .signalled(SIGKILL), "the import ended before it was killed")
        let left = ledgerFiles(target)
        #expect(!left.contains("ledger.lmdb"))
        #expect(left.contains { $0.hasPrefix("ledger.lmdb.creating-\(process.pid)") }, "\(left)")
        // The next import removes what the killed one left, and builds the whole ledger.
        try target.ok(["import", path])
        #expect(ledgerFiles(target) == ["ledger.lmdb"])
        #expect(try target.eventCount() == 20_000)
        try target.ok(["verify"])
    }

    @Test func aMalformedLineAfterManyCommitsIsNamedAndAppendsNothing() throws {
        let (_, lines) = try seededExport()
        let target = try LedgerSandbox()
        // Blank lines shift the line numbers of the events after them.
        let withBlanks = Array(lines[..<10]) + ["", "  "] + Array(lines[10...]) + ["{not json"]
        expectFailure(
            try target.run(["import", try file(target, withBlanks)]), exit: 4,
            mentions: ["line \(lines.count + 3)", "malformed JSON"])
        #expect(try target.eventCount() == 0)
        let edited = try editing(lines, line: 30) { $0["hash"] = "zz" }
        let blanksBeforeEdit = Array(edited[..<10]) + ["", ""] + Array(edited[10...])
        expectFailure(try target.run(["import", try file(target, blanksBeforeEdit)]), exit: 4, mentions: ["line 32", "hash"])
        #expect(try target.eventCount() == 0)
    }

    @Test func aFileLineOfTheLimitIsReadAcrossChunksAndOneByteMoreIsRefused() throws {
        let (_, lines) = try seededExport()
        let limit = 1 << 20
        /// The export with line 2 padded with spaces (JSON allows them) to `size` bytes.
        func padded(_ size: Int) -> [String] {
            var padded = lines
            padded[1] += String(repeating: " ", count: size - lines[1].utf8.count)
            return padded
        }
        let target = try LedgerSandbox()
        expectFailure(try target.run(["import", try file(target, padded(limit + 1))]), exit: 4, mentions: ["line 2", "1 MiB"])
        #expect(try target.eventCount() == 0)
        try target.ok(["import", try file(target, padded(limit))])
        #expect(try target.eventCount() == lines.count)
    }
}
