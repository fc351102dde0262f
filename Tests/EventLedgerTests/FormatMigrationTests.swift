import Foundation
import LedgerTestSupport
import Synchronization
import Testing

@testable import EventLedger

/// The migration of older ledger files, with test-only steps in place of the released ones.
@Suite struct FormatMigrationTests {
    /// What the fake steps did, in order: each step's name and the LMDB transaction it ran in.
    final class StepRuns: Sendable {
        private let runs = Mutex<[(name: String, transaction: UInt)]>([])

        /// The names of the steps run, in order.
        var names: [String] { runs.withLock { $0.map(\.name) } }
        /// How many distinct transactions the steps ran in.
        var transactionCount: Int { runs.withLock { Set($0.map(\.transaction)).count } }

        /// Notes that the step `name` ran in `txn`.
        func note(_ name: String, _ txn: Transaction) {
            let transaction = UInt(bitPattern: txn.handle)
            runs.withLock { $0.append((name, transaction)) }
        }
    }

    /// The `checkpoints` key a fake step called `name` writes.
    static func key(_ name: String) -> [UInt8] { Array("\u{0}step \(name)".utf8) }

    /// A fake step that requires the writes of the steps before it (`after`) to be visible,
    /// writes its key and notes its run; `failing` throws after writing.
    static func step(
        _ name: String, after earlier: [String] = [], readable: Bool = true, failing: Bool = false,
        runs: StepRuns
    ) -> FormatMigrationStep {
        FormatMigrationStep(summary: "step \(name)", readableBefore: readable) { core, txn in
            for previous in earlier {
                guard try txn.get(core.tables.checkpoints, key(previous)) != nil else {
                    throw LedgerError(.corruption, "step \(name) ran before step \(previous)")
                }
            }
            try txn.put(core.tables.checkpoints, key(name), [1])
            runs.note(name, txn)
            if failing { throw LedgerError(.storage, "step \(name) failed") }
        }
    }

    /// A notes ledger written in format 1 (by a ledger that knows no later format) with one
    /// event, closed again.
    func withFormatOneLedger(_ body: (String) throws -> Void) throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("notes.lmdb")
        try open(path, steps: []).append(NoteCreated(noteId: "a", text: "alpha"))
        try body(path)
    }

    /// Opens `path` knowing `steps`.
    func open(_ path: String, steps: [FormatMigrationStep], readOnly: Bool = false) throws -> Ledger {
        try Ledger(
            path: path, domains: [NotesDomain()], options: Ledger.Options(readOnly: readOnly),
            formats: FileFormats(steps: steps))
    }

    /// Whether the fake step `name` has written its key.
    func wrote(_ ledger: Ledger, _ name: String) throws -> Bool {
        try ledger.core.environment.read { txn in try txn.get(ledger.core.tables.checkpoints, Self.key(name)) != nil }
    }

    @Test func aNewLedgerRecordsTheCurrentFormat() throws {
        try withFormatOneLedger { path in
            let ledger = try open(path, steps: [])
            #expect(try ledger.stats().formatVersion == 1)
            #expect(try ledger.core.environment.read { txn in try txn.get(ledger.core.tables.checkpoints, FileFormat.recordKey) != nil })
        }
    }

    @Test func stepsRunInOrderInOneTransactionAndRecordTheNewVersion() throws {
        try withFormatOneLedger { path in
            let runs = StepRuns()
            let steps = [
                Self.step("a", runs: runs), Self.step("b", after: ["a"], runs: runs),
                Self.step("c", after: ["a", "b"], runs: runs),
            ]
            do {
                let ledger = try open(path, steps: steps)
                #expect(runs.names == ["a", "b", "c"])
                #expect(runs.transactionCount == 1)
                #expect(try ledger.stats().formatVersion == 4)
                #expect(try wrote(ledger, "c"))
                #expect(try ledger.query("notes").rows.count == 1)
            }
            _ = try open(path, steps: steps)
            #expect(runs.names == ["a", "b", "c"], "a migrated file is not migrated again")
        }
    }

    @Test func onlyTheStepsAFileLacksRun() throws {
        try withFormatOneLedger { path in
            let runs = StepRuns()
            _ = try open(path, steps: [Self.step("a", runs: runs)])
            _ = try open(path, steps: [Self.step("a", runs: runs), Self.step("b", after: ["a"], runs: runs)])
            #expect(runs.names == ["a", "b"])
        }
    }

    @Test func aFailingStepLeavesTheFileUnchanged() throws {
        try withFormatOneLedger { path in
            let before = try Data(contentsOf: URL(fileURLWithPath: path))
            let runs = StepRuns()
            #expect(throws: LedgerError(.storage, "step b failed")) {
                try open(path, steps: [Self.step("a", runs: runs), Self.step("b", after: ["a"], failing: true, runs: runs)])
            }
            #expect(runs.names == ["a", "b"])
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
            let ledger = try open(path, steps: [])
            #expect(try ledger.stats().formatVersion == 1)
            #expect(try !wrote(ledger, "a"))
        }
    }

    @Test func aReadOnlyOpenReadsAnOlderFileAsItIsWhenTheStepsAllowIt() throws {
        try withFormatOneLedger { path in
            let runs = StepRuns()
            let ledger = try open(path, steps: [Self.step("a", runs: runs)], readOnly: true)
            #expect(runs.names.isEmpty)
            #expect(try ledger.stats().formatVersion == 1)
            #expect(try ledger.query("notes").rows.count == 1)
        }
    }

    @Test func aReadOnlyOpenRefusesAnOlderFileItCannotReadAndSaysToOpenItForWriting() throws {
        try withFormatOneLedger { path in
            let before = try Data(contentsOf: URL(fileURLWithPath: path))
            let runs = StepRuns()
            let steps = [Self.step("a", runs: runs), Self.step("b", readable: false, runs: runs)]
            let error = try #require(throws: LedgerError.self) { try open(path, steps: steps, readOnly: true) }
            #expect(error.kind == .storage)
            #expect(error.message.contains("in format 1"), "\(error)")
            #expect(error.message.contains("migrated to format 3 (step b)"), "\(error)")
            #expect(error.message.contains("open it once for writing"), "\(error)")
            #expect(runs.names.isEmpty)
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        }
    }

    @Test func aNewerFileIsRefusedUnchanged() throws {
        try withFormatOneLedger { path in
            _ = try open(path, steps: [Self.step("a", runs: StepRuns())])
            let before = try Data(contentsOf: URL(fileURLWithPath: path))
            for readOnly in [false, true] {
                let error = try #require(throws: LedgerError.self) { try open(path, steps: [], readOnly: readOnly) }
                #expect(error.kind == .storage)
                #expect(
                    error.message.contains("was written by a newer EventLedger (format 2; this one reads up to 1)"),
                    "\(error)")
            }
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        }
    }

    @Test(arguments: [[], [0, 1], [UInt8](repeating: 0, count: 8), [0, 0, 0, 0, 0, 0, 0, 1, 0]])
    func aDamagedFormatRecordIsRefusedUnchangedNotReadAsAVersion(_ record: [UInt8]) throws {
        try withFormatOneLedger { path in
            do {
                let ledger = try open(path, steps: [])
                try ledger.core.environment.write { txn in try txn.put(ledger.core.tables.checkpoints, FileFormat.recordKey, record) }
            }
            let before = try Data(contentsOf: URL(fileURLWithPath: path))
            let runs = StepRuns()
            for readOnly in [false, true] {
                let error = try #require(throws: LedgerError.self) { try open(path, steps: [Self.step("a", runs: runs)], readOnly: readOnly) }
                #expect(error.kind == .corruption)
                #expect(error.message.hasPrefix("the format record of \(path) is damaged"), "\(error)")
            }
            #expect(runs.names.isEmpty)
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        }
    }
}
