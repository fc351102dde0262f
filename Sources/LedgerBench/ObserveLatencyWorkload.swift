import EventLedger
import Music
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// (j) Live query latency: `Ledger.observe("artist-songs", ARTIST)` in this process, while a
/// `ledger append` process adds a song to that artist, `scale.observedCommits` times. Each
/// latency runs from the commit's `recordedAt` (taken as the writer begins its commit, so
/// its durable write is included) to the new result reaching the observing task.
struct ObserveLatencyWorkload: Workload {
    let name = "(j) observe latency"

    func run(in context: BenchContext) throws -> [BenchResult] {
        guard let ledgerBinary = context.ledgerBinary else {
            printError("ledger-bench: no ledger tool next to ledger-bench (--ledger-binary): \(name) left out")
            return []
        }
        let path = context.directory.file("observed.lmdb")
        let ledger = try BenchDomains.ledger(at: path)
        try ledger.append(ArtistCreated(artistId: "observed", name: "Observed"))
        let arrivals = Arrivals()
        let observer = Task {
            for try await _ in try await ledger.observe("artist-songs", .init(argument: "observed")) { arrivals.add(.now()) }
        }
        defer { observer.cancel() }
        _ = try arrivals.wait(for: 1)
        var latencies = Latencies()
        for number in 1...context.scale.observedCommits {
            _ = try ChildProcess.run([
                ledgerBinary, "--ledger", path, "append", "SongAdded",
                #"{"songId":"observed-\#(number)","title":"Song \#(number)","artistId":"observed"}"#,
            ])
            let arrived = try arrivals.wait(for: number + 1)
            let committed = try recordedAt(ofTheLastEventOf: ledger)
            latencies.record(seconds: Double(arrived.microseconds - committed.microseconds) / 1_000_000)
        }
        return latencies.results(name, "\(context.scale.observedCommits) commits by `ledger append` processes")
    }

    /// When the ledger's last commit was recorded.
    private func recordedAt(ofTheLastEventOf ledger: Ledger) throws -> Timestamp {
        var recordedAt = Timestamp(microseconds: 0)
        try ledger.forEachEvent(LogFilter(from: try ledger.head().position)) { event in
            recordedAt = event.recordedAt
            return false
        }
        return recordedAt
    }
}

/// When each result of an observation arrived, recorded by the observing task and waited
/// for by the benchmark's thread.
private final class Arrivals: Sendable {
    private let times = Mutex<[Timestamp]>([])

    /// Records a result arriving at `time`.
    func add(_ time: Timestamp) {
        times.withLock { $0.append(time) }
    }

    /// Waits (checking every 0.1 ms, for at most 30 s) until `count` results have arrived;
    /// returns when the last of them did.
    func wait(for count: Int) throws -> Timestamp {
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline {
            if let time = times.withLock({ $0.count >= count ? $0[count - 1] : nil }) { return time }
            usleep(100)
        }
        throw LedgerError(.storage, "observe: result \(count) did not arrive within 30 s")
    }
}
