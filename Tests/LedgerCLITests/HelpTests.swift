import Foundation
import LedgerCLITestSupport
import Testing

/// `--help` on the tool and on every command.
@Suite struct HelpTests {
    static let commands = ["append", "query", "log", "history", "stats"]

    @Test func theOverviewListsEveryCommand() throws {
        let sandbox = try LedgerSandbox()
        let result = try sandbox.run(["--help"], useLedgerOption: false)
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(result.stdout.lowercased().contains("usage"))
        for command in Self.commands {
            #expect(
                result.lines.contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix(command) },
                "\(command) listed in: \(result.stdout)")
        }
        #expect(!sandbox.exists("ledger.lmdb"))
    }

    @Test(arguments: commands)
    func everyCommandHasHelp(_ command: String) throws {
        let sandbox = try LedgerSandbox()
        let result = try sandbox.run([command, "--help"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(result.stdout.contains("usage: ledger \(command)"), "\(result.stdout)")
        #expect(!sandbox.exists("ledger.lmdb"), "help never touches the ledger")
    }

    @Test func helpDescribesTheOptions() throws {
        let sandbox = try LedgerSandbox()
        let append = try sandbox.ok(["append", "--help"])
        for option in ["--expect", "--id", "--meta", "--json", "--batch"] { #expect(append.stdout.contains(option)) }
        let log = try sandbox.ok(["log", "--help"])
        for option in ["--from", "--to", "--stream", "--type", "--limit", "--json"] { #expect(log.stdout.contains(option)) }
        let query = try sandbox.ok(["query", "--help"])
        for model in [
            "artists", "artist-songs", "songs", "--orphans", "categories", "category-animals", "animals",
            "--uncategorized", "favorites",
        ] {
            #expect(query.stdout.contains(model))
        }
    }
}
