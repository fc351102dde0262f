import Foundation
import LedgerCLITestSupport
import Testing

/// Several processes appending to one stream with optimistic concurrency.
@Suite struct ConcurrencyTests {
    /// Appends `COUNT` events to stream `artist-band`, each with `--expect` of the version it
    /// believes current; on a conflict (exit 3) re-reads the version and retries. Any other
    /// failure is written to `REPORT` and ends the worker with a non-zero status.
    /// Arguments: LEDGER-BINARY LEDGER-PATH WORKER COUNT REPORT.
    static let script = #"""
        bin="$1"; ledger="$2"; worker="$3"; count="$4"; report="$5"
        appended=0; attempts=0; version=-1
        while [ "$appended" -lt "$count" ]; do
            attempts=$((attempts + 1))
            if [ "$attempts" -gt 50000 ]; then echo "worker $worker: gave up after $attempts attempts" > "$report"; exit 90; fi
            if [ "$version" -lt 0 ]; then
                if [ ! -e "$ledger" ]; then
                    version=0
                else
                    events=$("$bin" log --stream artist-band --json --ledger "$ledger" 2> "$report") || {
                        status=$?; message=$(cat "$report")
                        echo "worker $worker: log exited $status: $message" > "$report"; exit 91; }
                    version=$(printf '%s\n' "$events" | grep -c '^{')
                fi
            fi
            if [ "$version" -eq 0 ]; then
                "$bin" append ArtistCreated "{\"artistId\":\"band\",\"name\":\"w$worker-$appended\"}" \
                    --expect none --ledger "$ledger" > /dev/null 2> "$report"
            else
                "$bin" append ArtistRenamed "{\"artistId\":\"band\",\"name\":\"w$worker-$appended\"}" \
                    --expect "$version" --ledger "$ledger" > /dev/null 2> "$report"
            fi
            status=$?
            case "$status" in
                0) appended=$((appended + 1)); version=$((version + 1)) ;;
                3) version=-1 ;;
                *) message=$(cat "$report")
                   echo "worker $worker: append exited $status: $message" > "$report"; exit 92 ;;
            esac
        done
        rm -f "$report"
        """#

    @Test(.processTestLimit)
    func fourProcessesAppendingToOneStreamNeverLoseOrDoubleAnEvent() throws {
        let sandbox = try LedgerSandbox()
        let workers = 4, perWorker = 200, total = workers * perWorker
        let statuses = try Workers.run(
            script: Self.script,
            argumentLists: (0..<workers).map { worker in
                [
                    LedgerSandbox.executable.path, sandbox.ledgerPath, String(worker), String(perWorker),
                    sandbox.path("worker-\(worker).report"),
                ]
            })
        for (worker, status) in statuses.enumerated() {
            let report = (try? String(contentsOfFile: sandbox.path("worker-\(worker).report"), encoding: .utf8)) ?? ""
            #expect(status == 0, "worker \(worker) failed: \(report)")
        }

        let log = try sandbox.log()
        #expect(log.count == total)
        #expect(log.map { $0.int("position") } == Array(1...total), "positions are gapless")
        #expect(log.allSatisfy { $0.string("stream") == "artist-band" })
        #expect(log.map { $0.int("version") } == Array(1...total), "versions are gapless")
        #expect(Set(log.compactMap { $0.string("id") }).count == total, "event ids are distinct")
        #expect(log.first?.string("type") == "ArtistCreated")
        #expect(log.dropFirst().allSatisfy { $0.string("type") == "ArtistRenamed" })
        let names = log.compactMap { ($0["data"] as? [String: Any])?.string("name") }
        let expected = (0..<workers).flatMap { worker in (0..<perWorker).map { "w\(worker)-\($0)" } }
        #expect(names.count == total)
        #expect(Set(names) == Set(expected), "each worker's appends are there exactly once")
        let commits = log.compactMap { $0.int("commit") }
        #expect(commits == Array(1...total), "one commit per append")
        let history = try sandbox.ndjson(["history", "artist-band"])
        #expect(history.count == total)
        let stats = try sandbox.stats()
        #expect(stats.int("events") == total)
        #expect(stats.int("commits") == total)
        let artists = try sandbox.array(["query", "artists"])
        #expect(artists.map { $0.string("name") } == [names.last])
    }
}
