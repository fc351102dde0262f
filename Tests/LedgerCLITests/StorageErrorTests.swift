import Foundation
import LedgerCLITestSupport
import Testing

/// Exit code 5: the ledger cannot be opened.
@Suite struct StorageErrorTests {
    static let readCommands: [[String]] = [
        ["query", "artists"], ["query", "favorites", "--json"], ["log"], ["history", "artist-abba"], ["stats", "--json"],
    ]

    @Test(arguments: readCommands)
    func readCommandOnAMissingLedgerExitsFiveAndCreatesNothing(_ command: [String]) throws {
        let sandbox = try LedgerSandbox()
        let result = try sandbox.run(command)
        expectFailure(result, exit: 5, mentions: ["ledger.lmdb"])
        #expect(!sandbox.exists("ledger.lmdb"), "a read command must not create the ledger")
        #expect(!sandbox.exists("ledger.lmdb-lock"), "a read command must not create the lock file")
    }

    /// Expects a query and an append on `path` to exit 5 naming `name`.
    private func expectNotALedger(_ path: String, in sandbox: LedgerSandbox, named name: String) throws {
        let read = try sandbox.run(["query", "artists", "--ledger", path], useLedgerOption: false)
        expectFailure(read, exit: 5, mentions: [name])
        let write = try sandbox.run(["append", "FavoriteAdded", #"{"dishId":"har-gow"}"#, "--ledger", path], useLedgerOption: false)
        expectFailure(write, exit: 5, mentions: [name])
    }

    @Test func aDirectoryIsNotALedger() throws {
        let sandbox = try LedgerSandbox()
        let directory = sandbox.path("folder")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        try expectNotALedger(directory, in: sandbox, named: "folder")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
    }

    @Test(arguments: [false, true])
    func aTextFileIsNotALedgerAndIsLeftAlone(large: Bool) throws {
        let sandbox = try LedgerSandbox()
        let line = "this is a shopping list, not a ledger\n"
        let text = large ? String(repeating: line, count: 500) : line
        let file = try sandbox.write("notes.txt", text)
        try expectNotALedger(file, in: sandbox, named: "notes.txt")
        let stats = try sandbox.run(["stats", "--ledger", file], useLedgerOption: false)
        expectFailure(stats, exit: 5, mentions: ["notes.txt"])
        #expect(try String(contentsOfFile: file, encoding: .utf8) == text, "the file must not be modified")
        #expect(!sandbox.exists("notes.txt-lock"), "no lock file is left beside it")
    }

    @Test func aReadCommandDoesNotTurnAnEmptyFileIntoALedger() throws {
        let sandbox = try LedgerSandbox()
        let file = try sandbox.write("empty.lmdb", "")
        let read = try sandbox.run(["query", "artists", "--ledger", file], useLedgerOption: false)
        #expect(read.status == 5, "a read command on an empty file printed: \(read.stdout)")
        if read.status != 0 { expectFailure(read, exit: 5, mentions: ["empty.lmdb"]) }
        let attributes = try FileManager.default.attributesOfItem(atPath: file)
        #expect((attributes[.size] as? NSNumber)?.intValue == 0, "a read command must not write the file")
    }

    @Test func aLedgerInAMissingDirectoryCannotBeCreated() throws {
        let sandbox = try LedgerSandbox()
        let path = sandbox.path("no/such/dir/ledger.lmdb")
        let result = try sandbox.run(
            ["append", "FavoriteAdded", #"{"dishId":"har-gow"}"#, "--ledger", path],
            useLedgerOption: false)
        expectFailure(result, exit: 5, mentions: ["no/such/dir"])
    }
}
