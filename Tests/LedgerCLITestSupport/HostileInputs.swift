import Foundation
import Testing

/// One hostile command line for a parameterized test: the files it reads, what it gets on
/// standard input (raw bytes), and the failure it must end in.
package struct HostileCase: Sendable, CustomTestStringConvertible {
    /// A short name shown in test results.
    package let label: String
    /// The command; a word `@NAME` is replaced by the path of the sandbox file NAME, and
    /// `--ledger <sandbox ledger>` is added at the end.
    package let command: [String]
    /// Raw bytes on standard input (nil: empty input).
    package var stdin: Data? = nil
    /// Files written into the sandbox first, by name.
    package var files: [String: Data] = [:]
    /// The expected exit code.
    package let exit: Int32
    /// What the one-line error must mention (see `expectFailure`).
    package var mentions: [String] = []

    package var testDescription: String { label }

    package init(
        _ label: String, _ command: [String], stdin: Data? = nil, files: [String: Data] = [:], exit: Int32,
        mentions: [String] = []
    ) {
        self.label = label
        self.command = command
        self.stdin = stdin
        self.files = files
        self.exit = exit
        self.mentions = mentions
    }

    /// Writes the files and runs the command against the sandbox's ledger.
    package func run(in sandbox: LedgerSandbox) throws -> RunResult {
        for (name, bytes) in files { try bytes.write(to: URL(fileURLWithPath: sandbox.path(name))) }
        let words = command.map { $0.hasPrefix("@") ? sandbox.path(String($0.dropFirst())) : $0 }
        return try LedgerSandbox.run(words + ["--ledger", sandbox.ledgerPath], input: stdin, currentDirectory: sandbox.directory)
    }
}

/// Building hostile byte strings.
package enum Hostile {
    /// The UTF-8 bytes of `text`.
    package static func bytes(_ text: String) -> Data { Data(text.utf8) }

    /// `prefix`, the raw `bytes`, then `suffix`: e.g. an invalid UTF-8 sequence inside a JSON string.
    package static func splice(_ prefix: String, _ bytes: [UInt8], _ suffix: String) -> Data {
        Data(prefix.utf8) + Data(bytes) + Data(suffix.utf8)
    }

    /// NDJSON: the lines joined by newlines, with a final newline.
    package static func lines(_ lines: [Data]) -> Data {
        var data = Data()
        for line in lines {
            data += line
            data.append(UInt8(ascii: "\n"))
        }
        return data
    }

    /// A valid batch line appending `dishId` as a favourite.
    package static func favoriteLine(_ dishId: String) -> Data {
        bytes(#"{"type":"FavoriteAdded","data":{"dishId":"\#(dishId)"}}"#)
    }

    /// A valid envelope of another ledger: `FavoriteAdded` of `imported-dish`.
    package static let envelopeLine = bytes(
        #"{"commit":1,"data":{"dishId":"imported-dish"},"hash":"89fdd87d40aa31c8ba5b6ce6a017304f05d7ae20b6a3d00427a2a0ec10aa4dd7","#
            + #""id":"9b2c6f0e-3f7a-4d5e-8a1b-2c3d4e5f6a7b","metadata":{},"position":1,"recordedAt":"2026-11-29T23:10:00.000000Z","#
            + #""schemaVersion":1,"stream":"favorite-imported-dish","type":"FavoriteAdded","version":1}"#)

    /// A million bytes of `x`: a string as long as a line or a payload can hold one (their
    /// limit is 1 MiB, 1,048,576 bytes).
    package static let aMillionBytes = String(repeating: "x", count: 1_000_000)

    /// `depth` nested arrays, closed (or left open).
    package static func nestedArrays(_ depth: Int, closed: Bool = true) -> String {
        String(repeating: "[", count: depth) + (closed ? String(repeating: "]", count: depth) : "")
    }

    /// `depth` nested objects `{"a":{"a":…1…}}`.
    package static func nestedObjects(_ depth: Int) -> String {
        String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth)
    }
}

extension LedgerSandbox {
    /// Loads the seeds and returns the ledger's `export`, the reference for "unchanged".
    package func seededExport(sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        try loadSeeds(sourceLocation: sourceLocation)
        let export = try exportText(sourceLocation: sourceLocation)
        #expect(export.split(separator: "\n").count == Seeds.eventCount, sourceLocation: sourceLocation)
        return export
    }

    /// Runs `ledger ARGS --ledger PATH` (another ledger than the sandbox's), required to succeed.
    @discardableResult
    package func ok(
        _ arguments: [String], ledger path: String, input: Data? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> RunResult {
        let result = try LedgerSandbox.run(arguments + ["--ledger", path], input: input, currentDirectory: directory)
        #expect(
            result.status == 0, "ledger \(arguments.joined(separator: " ")) failed: \(result.stderr)",
            sourceLocation: sourceLocation)
        return result
    }

    /// `ledger export` of the sandbox's ledger, required to succeed.
    package func exportText(sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        try ok(["export"], sourceLocation: sourceLocation).stdout
    }

    /// Checks that `ledger export` still prints `export`, and that the ledger verifies.
    package func expectUnchanged(_ export: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let now = try run(["export"])
        #expect(now.status == 0, "export failed: \(now.stderr)", sourceLocation: sourceLocation)
        #expect(now.stdout == export, "the ledger's content changed", sourceLocation: sourceLocation)
    }
}

/// The bytes of a file, or nil when it cannot be read.
package func fileBytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

/// The names in a directory starting with `prefix`, sorted.
package func directoryEntries(_ directory: String, prefix: String = "") -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.hasPrefix(prefix) }.sorted()
}
