import Foundation
import LedgerCLITestSupport
import Testing

/// Where the ledger lives: `--ledger`, else `$LEDGER_PATH`, else `./ledger.lmdb`.
@Suite struct LedgerLocationTests {
    static let favorite = ["append", "FavoriteAdded", #"{"dishId":"har-gow"}"#]

    @Test func ledgerPathFromTheEnvironment() throws {
        let sandbox = try LedgerSandbox()
        let path = sandbox.path("from-env.lmdb")
        let appended = try sandbox.run(Self.favorite, useLedgerOption: false, environment: ["LEDGER_PATH": path])
        #expect(appended.status == 0, "\(appended.stderr)")
        #expect(sandbox.exists("from-env.lmdb"))
        #expect(!sandbox.exists("ledger.lmdb"))
        let favorites = try sandbox.run(
            ["query", "favorites", "--json"], useLedgerOption: false,
            environment: ["LEDGER_PATH": path])
        #expect(favorites.status == 0)
        #expect(favorites.stdout.contains("har-gow"))
    }

    @Test func theLedgerOptionWinsOverTheEnvironment() throws {
        let sandbox = try LedgerSandbox()
        let other = sandbox.path("other.lmdb")
        let appended = try sandbox.run(Self.favorite, environment: ["LEDGER_PATH": other])
        #expect(appended.status == 0, "\(appended.stderr)")
        #expect(sandbox.exists("ledger.lmdb"))
        #expect(!sandbox.exists("other.lmdb"))
        let missing = try sandbox.run(["stats"], useLedgerOption: false, environment: ["LEDGER_PATH": other])
        expectFailure(missing, exit: 5, mentions: ["other.lmdb"])
    }

    @Test func theDefaultIsLedgerLmdbInTheWorkingDirectory() throws {
        let sandbox = try LedgerSandbox()
        let missing = try sandbox.run(["log"], useLedgerOption: false)
        expectFailure(missing, exit: 5, mentions: ["ledger.lmdb"])
        let appended = try sandbox.run(Self.favorite, useLedgerOption: false)
        #expect(appended.status == 0, "\(appended.stderr)")
        #expect(sandbox.exists("ledger.lmdb"))
        #expect(sandbox.exists("ledger.lmdb-lock"))
        let log = try sandbox.run(["log", "--json"], useLedgerOption: false)
        #expect(log.status == 0)
        #expect(log.lines.count == 1)
        #expect(try sandbox.log().count == 1, "the same file as --ledger <dir>/ledger.lmdb")
    }

    @Test func theLedgerIsOneFileAndALockFileReadableOnlyByItsOwner() throws {
        let sandbox = try LedgerSandbox()
        try sandbox.ok(Self.favorite)
        let contents = try FileManager.default.contentsOfDirectory(atPath: sandbox.directory.path)
        #expect(Set(contents) == ["ledger.lmdb", "ledger.lmdb-lock"])
        for name in ["ledger.lmdb", "ledger.lmdb-lock"] {
            let attributes = try FileManager.default.attributesOfItem(atPath: sandbox.path(name))
            let mode = (attributes[.posixPermissions] as? NSNumber)?.intValue
            #expect(mode == 0o600, "\(name) has mode \(String(mode ?? -1, radix: 8))")
            #expect(attributes[.type] as? FileAttributeType == .typeRegular)
        }
    }
}
