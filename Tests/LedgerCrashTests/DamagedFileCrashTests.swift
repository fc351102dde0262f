import Foundation
import LedgerCLITestSupport
import LedgerWorkload
import Testing

/// `ledger verify` over random damage of a real ledger: hundreds of single-bit flips and
/// scrambled runs of bytes, spread over the pages the file uses. Verify never dies of a
/// signal and exits 0 or 5; when it passes a damaged copy, the export and every query answer
/// exactly as the intact ledger's do; when it reports damage, `export` ends with a message,
/// not a signal, too.
@Suite(.serialized) struct DamagedFileCrashTests {
    static let bitFlips = 400
    static let scrambles = 100
    /// The longest run of random bytes a scramble writes.
    static let longestScramble = 64
    /// Damaged copies checked at the same time.
    static let parallelChecks = 2

    /// The limit guards against a hang: the checks take about four minutes on a slow day of a
    /// two-core machine.
    @Test(.timeLimit(.minutes(8)))
    func verifyNeverCrashesAndNeverPassesALedgerThatAnswersDifferently() throws {
        let clock = ContinuousClock()
        let started = clock.now
        let sandbox = try LedgerSandbox()
        try DamageCheck.buildLedger(in: sandbox)
        let intact = try LedgerFileBytes(contentsOf: sandbox.ledgerPath)
        let check = DamageCheck(
            script: DamageCheck.script(queries: try DamageCheck.queries(of: sandbox)),
            directory: sandbox.directory)
        let reference = try check.run(intact, worker: 0)
        try #require(reference.verifyStatus == 0, "verify of the intact ledger: \(reference)")

        let seed = UInt64(DispatchTime.now().uptimeNanoseconds)
        var random = SplitMix64(seed: seed)
        let used = intact.usedBytes
        let damages =
            (0..<Self.bitFlips).map { _ in
                Damage.flip(offset: Int.random(in: 0..<used, using: &random), bit: Int.random(in: 0..<8, using: &random))
            }
            + (0..<Self.scrambles).map { _ in
                let length = Int.random(in: 2...Self.longestScramble, using: &random)
                let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
                return Damage.scramble(offset: Int.random(in: 0...(used - length), using: &random), bytes: bytes)
            }

        let findings = FindingList()
        DispatchQueue.concurrentPerform(iterations: Self.parallelChecks) { worker in
            for index in stride(from: worker, to: damages.count, by: Self.parallelChecks) {
                var damaged = intact
                damages[index].apply(to: &damaged.bytes)
                let finding: Finding
                do {
                    finding = Finding(try check.run(damaged, worker: worker), reference: reference)
                } catch {
                    finding = .failure("the check could not run: \(error)")
                }
                findings.record(finding, for: "\(damages[index])")
            }
        }

        let failures = findings.failures
        #expect(
            failures.isEmpty,
            """
            \(failures.count) of \(damages.count) damaged copies (seed \(seed)) went wrong:
            \(failures.prefix(20).joined(separator: "\n"))
            """)
        #expect(findings.detected > 0, "some damage should be detected")
        print(
            """
            DamagedFileCrashTests: \(damages.count) damaged copies of a \(used)-byte ledger (\(Self.bitFlips) single-bit \
            flips, \(Self.scrambles) scrambles, seed \(seed)) checked in \(clock.now - started): \(findings.detected) \
            detected by verify, \(findings.harmless) harmless (verify passed and every answer is unchanged), \
            \(failures.count) failures
            """)
    }
}

/// One way of damaging a copy of the ledger file.
enum Damage: CustomStringConvertible, Sendable {
    /// Bit `bit` of the byte at `offset` flipped.
    case flip(offset: Int, bit: Int)
    /// `bytes` written over the file from `offset`.
    case scramble(offset: Int, bytes: [UInt8])

    func apply(to file: inout [UInt8]) {
        switch self {
        case .flip(let offset, let bit): file[offset] ^= 1 << bit
        case .scramble(let offset, let bytes): file.replaceSubrange(offset..<offset + bytes.count, with: bytes)
        }
    }

    var description: String {
        switch self {
        case .flip(let offset, let bit): "bit \(bit) of byte \(offset) (page \(offset / 4096)) flipped"
        case .scramble(let offset, let bytes): "\(bytes.count) random bytes written at byte \(offset) (page \(offset / 4096))"
        }
    }
}

/// What a damaged copy led to.
enum Finding {
    /// Verify reported damage, and `export` stopped with a message.
    case detected
    /// Verify passed and every answer equals the intact ledger's.
    case harmless
    /// What went wrong.
    case failure(String)

    init(_ outcome: DamageCheck.Outcome, reference: DamageCheck.Outcome) {
        switch outcome.verifyStatus {
        case 5 where outcome.exportStatus.map({ $0 <= 5 }) ?? false:
            self = .detected
        case 5:
            self = .failure("verify reported damage, but export then exited \(outcome.exportStatus ?? -1) (128 + N: signal N)")
        case 0 where outcome.answers == reference.answers:
            self = .harmless
        case 0:
            let differing = zip(outcome.answers, reference.answers).first { $0 != $1 }
            self = .failure("verify passed, but an answer differs: \(differing?.0.prefix(300) ?? "(missing answers)")")
        default:
            self = .failure("verify exited \(outcome.verifyStatus) (128 + N: signal N)")
        }
    }
}

/// The findings of the parallel checks, tallied.
final class FindingList: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var detected = 0
    private(set) var harmless = 0
    private(set) var failures: [String] = []

    func record(_ finding: Finding, for damage: String) {
        lock.withLock {
            switch finding {
            case .detected: detected += 1
            case .harmless: harmless += 1
            case .failure(let reason): failures.append("\(damage): \(reason)")
            }
        }
    }
}

/// Runs `ledger verify` on a damaged copy and, depending on its verdict, `export` or the
/// export and every query, all from one shell script (one process to start per copy).
struct DamageCheck: Sendable {
    let script: String
    /// The sandbox's directory, where the damaged copies are written.
    let directory: URL

    /// What the script found about one copy.
    struct Outcome: CustomStringConvertible {
        /// The exit status of verify, as the shell reports it (128 + N for signal N).
        let verifyStatus: Int
        /// The exit status of export after verify reported damage.
        let exportStatus: Int?
        /// After verify passed: each command's standard output and exit status.
        let answers: [String]

        var description: String { "verify \(verifyStatus), export \(exportStatus.map(String.init) ?? "-"), \(answers.count) answers" }
    }

    /// Writes `file` as the ledger of `worker` and checks it.
    func run(_ file: LedgerFileBytes, worker: Int) throws -> Outcome {
        let ledger = directory.appendingPathComponent("damaged-\(worker).lmdb").path
        try? FileManager.default.removeItem(atPath: ledger + "-lock")
        try file.write(to: ledger)
        let result = try Programs.run(
            "/bin/bash", ["-c", script, "check", LedgerSandbox.executable.path, ledger],
            currentDirectory: directory)
        var sections = result.stdout.components(separatedBy: "\n@@ ")
        let verdict = sections.removeFirst().split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        return Outcome(verifyStatus: verdict.first ?? -1, exportStatus: verdict.count > 1 ? verdict[1] : nil, answers: sections)
    }

    /// The shell script: `$1` is the `ledger` binary, `$2` the ledger file; it prints
    /// the status of verify (and that of export when verify failed), then `@@ ` and each
    /// command's output and status. Error messages, which name the file, are left out.
    static func script(queries: [[String]]) -> String {
        let commands = queries.map { query in
            "printf '\\n@@ '; \"$1\" \(query.map { "'\($0)'" }.joined(separator: " ")) --ledger \"$2\" 2>/dev/null; printf ' %s' $?"
        }
        return """
            "$1" verify --ledger "$2" > /dev/null 2>&1; verify=$?
            if [ $verify -ne 0 ]; then "$1" export --ledger "$2" > /dev/null 2>&1; echo "$verify $?"; exit 0; fi
            printf '%s' "$verify"
            \(commands.joined(separator: "\n"))
            """
    }

    /// The export and every query of every read model, for each artist and category of the ledger.
    static func queries(of sandbox: LedgerSandbox) throws -> [[String]] {
        let artists = try sandbox.array(["query", "artists"]).compactMap { $0.string("artistId") }
        let categories = try sandbox.array(["query", "categories"]).compactMap { $0.string("categoryId") }
        return [
            ["export"], ["query", "artists", "--json"], ["query", "songs", "--json"], ["query", "songs", "--orphans", "--json"],
            ["query", "categories", "--json"], ["query", "animals", "--json"], ["query", "animals", "--uncategorized", "--json"],
            ["query", "favorites", "--json"],
        ]
            + artists.map { ["query", "artist-songs", $0, "--json"] }
            + categories.map { ["query", "category-animals", $0, "--json"] }
    }

    /// A real ledger: the seeds, then commits adding artists, songs, categories, animals and
    /// favourites, deletions that leave orphan songs and uncategorized animals, an open
    /// session, and a rebuild (so the file holds freed pages too).
    static func buildLedger(in sandbox: LedgerSandbox) throws {
        try sandbox.loadSeeds()
        for index in 0..<6 {
            try sandbox.commit([
                #"{"type":"ArtistCreated","data":{"artistId":"band-\#(index)","name":"Band \#(index)"}}"#,
                #"{"type":"SongAdded","data":{"songId":"song-\#(index)-a","title":"Song \#(index) A","artistId":"band-\#(index)"}}"#,
                #"{"type":"SongAdded","data":{"songId":"song-\#(index)-b","title":"Song \#(index) B","artistId":"band-\#(index)"}}"#,
                #"{"type":"CategoryCreated","data":{"categoryId":"kind-\#(index)","name":"Kind \#(index)"}}"#,
                #"{"type":"AnimalAdded","data":{"animalId":"beast-\#(index)","name":"Beast \#(index)","diet":"herbivorous","categoryId":"kind-\#(index)"}}"#,
                #"{"type":"FavoriteAdded","data":{"dishId":"dish-\#(index)"}}"#,
            ])
        }
        try sandbox.ok(["append", "ArtistDeleted", #"{"artistId":"band-0"}"#])
        try sandbox.ok(["append", "CategoryDeleted", #"{"categoryId":"kind-1"}"#])
        try sandbox.ok(["append", "FavoriteRemoved", #"{"dishId":"dish-2"}"#])
        let session = try sandbox.beginSession(name: "staged")
        try sandbox.stage(session, "FavoriteAdded", #"{"dishId":"staged-dish"}"#)
        try sandbox.ok(["rebuild", "--quiet"])
    }
}
