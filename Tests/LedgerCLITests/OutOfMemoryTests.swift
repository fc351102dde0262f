import Foundation
import LedgerCLITestSupport
import Testing

/// Running out of memory is no damage (exit 5): `verify` and `rebuild` under a memory
/// limit (`ulimit -v`) they cannot work in end with exit 5 saying memory ran out, never with a
/// signal nor a verdict of damage, and the file stays sound.
@Suite struct OutOfMemoryTests {
    /// The memory limits tried, in KiB, lowest first. Where a process of the debug build stops
    /// for want of memory depends on the machine (most of what it maps is the runtime's and the
    /// allocator's, not the ledger's), so the limits climb from below what any command needs
    /// until the command succeeds; those just below make an allocation of the Swift runtime fail.
    static let limitsKiB = Array(stride(from: 96 << 10, through: 256 << 10, by: 6 << 10))

    /// Under 48 MiB the file's map cannot be mapped: that is memory running out too, said in
    /// one line, not a file that cannot be opened for some other reason.
    @Test(arguments: [["verify"], ["rebuild", "--quiet"], ["stats"]])
    func aMapThatCannotBeMappedIsOutOfMemory(_ command: [String]) throws {
        let sandbox = try LedgerSandbox()
        try sandbox.loadSeeds()
        let result = try sandbox.run(command, redirecting: "", memoryLimitKiB: 48 << 10)
        expectFailure(result, exit: 5, mentions: ["out of memory", sandbox.ledgerPath])
        #expect(!result.stderr.contains("damaged"), "\(result.stderr)")
        try sandbox.ok(["verify"])
    }

    @Test(.processTestLimit, arguments: [["verify"], ["rebuild", "--quiet"]])
    func runningOutOfMemoryIsReportedAsSuchAndNeverAsDamage(_ command: [String]) throws {
        let sandbox = try LedgerSandbox()
        let batch = try GeneratedBatches.write(GeneratedBatches.lines(seed: 8, count: 2_000), to: sandbox.path("batch.ndjson"))
        try sandbox.ok(["append", "--batch", batch])

        var failedAllocations = 0
        var succeeded = false
        for limit in Self.limitsKiB {
            let result = try sandbox.run(command, redirecting: "", memoryLimitKiB: limit)
            if result.status == 0 {
                succeeded = true
                break
            }
            // The runtime writes its own line about the allocation before the process stops;
            // the error line is the last one.
            let last = result.stderr.split(separator: "\n").last.map(String.init) ?? ""
            #expect(result.status == 5, "under \(limit) KiB: exit \(result.status); \(result.stderr)")
            #expect(last.hasPrefix("ledger: error: ") && last.contains("out of memory"), "under \(limit) KiB: \(result.stderr)")
            #expect(!result.stderr.contains("damaged"), "under \(limit) KiB: \(result.stderr)")
            if result.stderr.contains("failed to allocate") { failedAllocations += 1 }
        }
        #expect(succeeded, "\(command) never ran under \(Self.limitsKiB.last!) KiB")
        #expect(failedAllocations > 0, "no limit made an allocation of \(command) fail: the case is not reached")
        let verified = try sandbox.ok(["verify"])
        #expect(verified.stdout.hasPrefix("ok: 2000 events"), "\(verified.stdout)")
    }
}
