import Testing

/// One commit to undo on the fixture of `UndoCommandTests`: the commits appended before it
/// (after the fixture) and its NDJSON lines.
package struct UndoCase: Sendable, CustomTestStringConvertible {
    /// A short name shown in test results, e.g. the commit's event type.
    package let label: String
    /// Commits appended after the fixture and before the commit, each its NDJSON lines.
    package var setup: [[String]] = []
    /// The NDJSON lines of the commit to undo.
    package let lines: [String]

    package var testDescription: String { label }

    /// A commit of the single event `type` with the JSON `data`.
    package init(_ type: String, _ data: String, label: String? = nil, after setup: [[String]] = []) {
        self.label = label ?? type
        self.setup = setup
        lines = [Self.line(type, data)]
    }

    /// One NDJSON line of `append --batch`.
    package static func line(_ type: String, _ data: String) -> String {
        #"{"type":"\#(type)","data":\#(data)}"#
    }
}

extension LedgerSandbox {
    /// Appends the NDJSON `lines` as one commit and returns its number (`append --batch - --json`).
    package func commitNumber(_ lines: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> Int {
        let result = try ok(
            ["append", "--batch", "-", "--json"], input: lines.joined(separator: "\n") + "\n",
            sourceLocation: sourceLocation)
        let object = try #require(try LedgerSandbox.json(result.stdout) as? [String: Any], sourceLocation: sourceLocation)
        return try #require(object.int("commit"), sourceLocation: sourceLocation)
    }

    /// `ledger undo COMMIT --json`, required to succeed and to append: the new commit's number.
    package func undo(_ commit: Int, sourceLocation: SourceLocation = #_sourceLocation) throws -> Int {
        try #require(
            try object(["undo", String(commit)], sourceLocation: sourceLocation).int("commit"),
            "undo \(commit) should append a commit", sourceLocation: sourceLocation)
    }

    /// `ledger undo COMMIT` with `options` (e.g. `--json`), required to fail with `exit`,
    /// mentioning each of `mentions` on one error line, and to append nothing.
    package func expectUndoRefused(
        _ commit: Int, _ options: [String] = [], exit: Int32, mentions: [String], sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let events = try eventCount(sourceLocation: sourceLocation)
        expectFailure(try run(["undo", String(commit)] + options), exit: exit, mentions: mentions, sourceLocation: sourceLocation)
        #expect(try eventCount(sourceLocation: sourceLocation) == events, "the refused undo appended nothing", sourceLocation: sourceLocation)
    }
}
