import Foundation
import LedgerCLITestSupport
import Testing

/// docs/cli.md is the tool's own help as `tools/cli-docs` writes it: an `## Overview` section
/// holding `ledger --help`, then an `## ledger NAME` section per command holding
/// `ledger NAME --help`, each in a fence, in the order `ledger --help` lists the commands.
@Suite struct CLIReferenceTests {
    /// One `## TITLE` section of the reference and the text of its fence.
    struct Section {
        let title: String
        let text: String
    }

    /// What to do about a stale reference.
    static let regenerate = "run tools/cli-docs to regenerate docs/cli.md"

    @Test func theReferenceIsTheToolsHelp() throws {
        let overview = try Self.help([])
        let commands = Self.commands(listedIn: overview)
        #expect(!commands.isEmpty, "ledger --help lists no commands: \(overview)")
        let expected =
            [Section(title: "Overview", text: overview)]
            + (try commands.map { Section(title: "ledger \($0)", text: try Self.help([$0])) })
        let documented = Self.sections(of: try String(contentsOf: Self.referenceFile, encoding: .utf8))
        #expect(
            documented.map(\.title) == expected.map(\.title),
            "docs/cli.md's sections are not the tool's commands in its order; \(Self.regenerate)")
        for section in expected {
            let shown = section.title == "Overview" ? "ledger --help" : "\(section.title) --help"
            guard let written = documented.first(where: { $0.title == section.title }) else {
                Issue.record("docs/cli.md has no section \"\(section.title)\"; \(Self.regenerate)")
                continue
            }
            if written.text != section.text {
                Issue.record(
                    """
                    docs/cli.md is stale: `\(shown)` differs from its section "\(section.title)" \
                    \(Self.firstDifference(written.text, section.text)); \(Self.regenerate)
                    """)
            }
        }
    }

    /// docs/cli.md, found from this source file by walking up to the package's root.
    static var referenceFile: URL {
        get throws {
            var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            while !FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
                guard directory.path != "/" else { throw CocoaError(.fileNoSuchFile) }
                directory = directory.deletingLastPathComponent()
            }
            return directory.appendingPathComponent("docs/cli.md")
        }
    }

    /// What `ledger ARGUMENTS --help` prints, without its final line breaks (as the shell's
    /// command substitution in tools/cli-docs takes it).
    static func help(_ arguments: [String]) throws -> String {
        let sandbox = try LedgerSandbox()
        let result = try sandbox.run(arguments + ["--help"], useLedgerOption: false)
        #expect(result.status == 0, "ledger \((arguments + ["--help"]).joined(separator: " ")): \(result.stderr)")
        var text = Substring(result.stdout)
        while text.hasSuffix("\n") { text = text.dropLast() }
        return String(text)
    }

    /// The command names of the overview: the first word of each line after `commands:`, up to
    /// the first blank line.
    static func commands(listedIn overview: String) -> [String] {
        let lines = overview.split(separator: "\n", omittingEmptySubsequences: false)
        guard let heading = lines.firstIndex(of: "commands:") else { return [] }
        return lines[(heading + 1)...].prefix { !$0.isEmpty }.compactMap { $0.split(separator: " ").first.map(String.init) }
    }

    /// The `## ` sections of `reference`, each with the lines between its "```text" and "```".
    static func sections(of reference: String) -> [Section] {
        var sections: [Section] = []
        var title: String?
        var fenced: [Substring]?
        for line in reference.split(separator: "\n", omittingEmptySubsequences: false) {
            if let open = fenced, line == "```" {
                sections.append(Section(title: title ?? "", text: open.joined(separator: "\n")))
                fenced = nil
            } else if fenced != nil {
                fenced?.append(line)
            } else if line.hasPrefix("## ") {
                title = String(line.dropFirst(3))
            } else if line == "```text" {
                fenced = []
            }
        }
        return sections
    }

    /// Where `written` first departs from `printed`, for the failure message.
    static func firstDifference(_ written: String, _ printed: String) -> String {
        let writtenLines = written.split(separator: "\n", omittingEmptySubsequences: false)
        let printedLines = printed.split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(writtenLines.count, printedLines.count) {
            let left = index < writtenLines.count ? String(writtenLines[index]) : "(nothing)"
            let right = index < printedLines.count ? String(printedLines[index]) : "(nothing)"
            if left != right { return "at line \(index + 1): docs/cli.md has \"\(left)\", the tool prints \"\(right)\"" }
        }
        return ""
    }
}
