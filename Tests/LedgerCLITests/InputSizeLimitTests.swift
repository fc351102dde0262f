import Foundation
import LedgerCLITestSupport
import Testing

/// A line of a batch or import file, and a payload, hold at most 1 MiB (exit 4): an
/// endless input is refused as soon as it passes the limit, in bounded memory.
@Suite struct InputSizeLimitTests {
    /// The limit of a line (its line break not counted) and of a payload: 1 MiB.
    static let limit = 1 << 20

    /// Virtual memory a refused run may use (`ulimit -v`, KiB): far more than the limit, far
    /// less than reading an endless input would take.
    static let memoryCap = 256 << 10

    /// An endless input, what reads it, and what the error names.
    struct EndlessInput: Sendable, CustomTestStringConvertible {
        let command: [String]
        let redirections: String
        let mentions: [String]
        var testDescription: String { "ledger \(command.joined(separator: " ")) \(redirections)" }
    }

    static let endlessInputs = [
        EndlessInput(command: ["append", "--batch", "/dev/zero"], redirections: "", mentions: ["line 1", "1 MiB"]),
        EndlessInput(command: ["append", "--batch", "-"], redirections: "</dev/zero", mentions: ["line 1", "1 MiB"]),
        EndlessInput(command: ["import", "/dev/zero"], redirections: "", mentions: ["line 1", "1 MiB"]),
        EndlessInput(command: ["append", "FavoriteAdded"], redirections: "</dev/zero", mentions: ["payload", "1 MiB"]),
    ]

    @Test(arguments: endlessInputs)
    func anEndlessInputIsRefusedInBoundedMemory(_ input: EndlessInput) throws {
        let sandbox = try LedgerSandbox()
        let result = try sandbox.run(input.command, redirecting: input.redirections, memoryLimitKiB: Self.memoryCap)
        expectFailure(result, exit: 4, mentions: input.mentions)
        #expect(try sandbox.eventCount() == 0)
    }

    /// `line` followed by spaces up to `size` bytes (JSON allows the whitespace).
    static func padded(_ line: Data, to size: Int) -> Data {
        line + Data(repeating: UInt8(ascii: " "), count: size - line.count)
    }

    @Test func aBatchLineOfExactlyTheLimitIsAccepted() throws {
        let sandbox = try LedgerSandbox()
        let batch = Hostile.lines([Self.padded(Hostile.favoriteLine("longest-line"), to: Self.limit), Hostile.favoriteLine("next")])
        try sandbox.write("batch.ndjson", String(decoding: batch, as: UTF8.self))
        try sandbox.ok(["append", "--batch", sandbox.path("batch.ndjson")])
        #expect(try sandbox.eventCount() == 2)
    }

    @Test(arguments: [["append", "--batch", "-"], ["import", "-"]])
    func aLineOneByteOverTheLimitIsRefusedByNumber(_ command: [String]) throws {
        let sandbox = try LedgerSandbox()
        let input = Hostile.lines([Hostile.favoriteLine("first"), Self.padded(Hostile.favoriteLine("too-long"), to: Self.limit + 1)])
        let result = try LedgerSandbox.run(command + ["--ledger", sandbox.ledgerPath], input: input, currentDirectory: sandbox.directory)
        expectFailure(result, exit: 4, mentions: ["line 2", "1 MiB"])
        #expect(try sandbox.eventCount() == 0)
    }

    @Test func aPayloadOfExactlyTheLimitIsAccepted() throws {
        let sandbox = try LedgerSandbox()
        let payload = Self.padded(Hostile.bytes(#"{"dishId":"largest-payload"}"#), to: Self.limit)
        let result = try LedgerSandbox.run(
            ["append", "FavoriteAdded", "--ledger", sandbox.ledgerPath], input: payload,
            currentDirectory: sandbox.directory)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(try sandbox.eventCount() == 1)
    }

    @Test func aPayloadOneByteOverTheLimitIsRefused() throws {
        let sandbox = try LedgerSandbox()
        let payload = Self.padded(Hostile.bytes(#"{"dishId":"too-large"}"#), to: Self.limit + 1)
        let result = try LedgerSandbox.run(
            ["append", "FavoriteAdded", "--ledger", sandbox.ledgerPath], input: payload,
            currentDirectory: sandbox.directory)
        expectFailure(result, exit: 4, mentions: ["payload", "1 MiB"])
        #expect(try sandbox.eventCount() == 0)
    }
}
