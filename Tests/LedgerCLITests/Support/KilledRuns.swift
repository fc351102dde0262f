import Foundation
import LedgerWorkload
#if canImport(Glibc)
import Glibc
#endif

/// When a `ledger` run is sent SIGKILL.
enum KillMoment: CustomStringConvertible {
    /// This many seconds after the process took the write lock of the ledger file, which it
    /// holds while it writes (the first time, for a command that writes more than once).
    case inWrite(Double)
    /// As soon as the process has passed at least this many bytes to write calls (`wchar` of
    /// `/proc/PID/io`): a writer that only opened an existing ledger has written nothing, so
    /// this is the moment its commit starts writing pages to the file.
    case writing(Int)

    /// A moment no run lives to see: the run ends by itself, its write phase measured.
    static let never = KillMoment.inWrite(.infinity)

    var description: String {
        switch self {
        case .inWrite(let seconds) where seconds.isInfinite: "never"
        case .inWrite(let seconds): "\(String(format: "%.3f", seconds)) s into the write"
        case .writing(let bytes): "once \(bytes) bytes are written"
        }
    }

    /// `count` moments inside a write phase of `seconds`: one at random in each of `count`
    /// equal slices of it.
    static func spread(_ count: Int, over seconds: Double, using random: inout SplitMix64) -> [KillMoment] {
        let slice = seconds / Double(count)
        return (0..<count).map { .inWrite(slice * (Double($0) + Double.random(in: 0..<1, using: &random))) }
    }
}

/// What became of a `ledger` run that was to be killed with SIGKILL.
struct KilledRun: CustomStringConvertible {
    let moment: KillMoment
    /// Seconds from the start of the process to its end.
    let lifetime: Double
    /// Whether SIGKILL ended it (false: it exited by itself first).
    let killed: Bool
    /// The exit status, or the signal that ended it.
    let status: Int32
    /// Bytes the process had passed to write calls just before the kill; nil when it was not
    /// killed or `/proc/PID/io` could not be read.
    let writtenBeforeKill: Int?
    /// Seconds from the start of the process to when it was first seen holding the write lock
    /// of the ledger file; nil when the moment did not watch the lock or it was never taken.
    let lockTaken: Double?
    /// Seconds from the start of the process to when it was last seen holding the write lock;
    /// nil when the moment did not watch the lock or it was never taken.
    let lockLastHeld: Double?
    /// Whether it held the write lock when it was killed.
    let killedInWrite: Bool
    /// What it wrote to standard error.
    let stderr: String

    /// Seconds from taking the write lock to the end of the process; nil when the lock was
    /// not seen taken.
    var writePhase: Double? { lockTaken.map { lifetime - $0 } }

    var description: String {
        let ending = killed ? (killedInWrite ? "killed holding the write lock" : "killed") : "exit \(status)"
        let locked = lockTaken.map { taken in
            ", write lock held from \(String(format: "%.3f", taken)) to \(String(format: "%.3f", lockLastHeld ?? taken)) s"
        } ?? ""
        let written = writtenBeforeKill.map { ", \($0) bytes written" } ?? ""
        return "kill \(moment): \(ending) after \(String(format: "%.3f", lifetime)) s\(locked)\(written)"
    }
}

extension LedgerSandbox {
    /// Runs `ledger ARGS --ledger LEDGER` (standard input and output on the null device) and
    /// sends it SIGKILL at `moment`, unless it has ended by then. A run to be killed in its
    /// write that ends without taking the write lock is not killed.
    func runKilled(_ arguments: [String], at moment: KillMoment, ledger: String? = nil) throws -> KilledRun {
        let process = ProcessPlumbing.process(LedgerSandbox.executable, arguments + ["--ledger", ledger ?? ledgerPath],
                                              currentDirectory: directory)
        let errorPath = path("killed-run.stderr")
        _ = FileManager.default.createFile(atPath: errorPath, contents: Data())
        let errorFile = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
        defer { try? errorFile.close() }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errorFile

        let start = DispatchTime.now().uptimeNanoseconds
        func elapsed() -> Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }
        try process.run()
        let pid = process.processIdentifier
        let ledgerFile = ledger ?? ledgerPath
        let lockProbe = open(ledgerFile, O_RDWR | O_CLOEXEC)
        defer { if lockProbe >= 0 { close(lockProbe) } }
        func holdsLock() -> Bool { lockProbe >= 0 && WriteLockProbe.holder(of: lockProbe) == pid }
        var written: Int?
        var lockTaken: Double?
        var lockLastHeld: Double?
        switch moment {
        case .inWrite(let delay):
            guard WriteLockProbe.waitForWriteLock(of: ledgerFile, heldBy: pid, timeout: 300, pause: 200) != nil else { break }
            let taken = elapsed()
            lockTaken = taken
            while process.isRunning {
                if holdsLock() { lockLastHeld = elapsed() }
                let remaining = taken + delay - elapsed()
                if remaining <= 0 { break }
                usleep(UInt32(min(remaining, 0.0005) * 1e6))
            }
            written = Self.bytesWritten(by: pid)
        case .writing(let bytes):
            while process.isRunning {
                written = Self.bytesWritten(by: pid)
                if let written, written >= bytes { break }
                usleep(200)
            }
        }
        let holdingLock = process.isRunning && holdsLock()
        if process.isRunning { kill(pid, SIGKILL) }
        process.waitUntilExit()
        let lifetime = elapsed()
        let killed = process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL
        let stderr = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
        return KilledRun(moment: moment, lifetime: lifetime, killed: killed, status: process.terminationStatus,
                         writtenBeforeKill: killed ? written : nil, lockTaken: lockTaken, lockLastHeld: lockLastHeld,
                         killedInWrite: killed && holdingLock, stderr: stderr)
    }

    /// `wchar` of `/proc/PID/io`: the bytes the process has passed to write calls so far.
    static func bytesWritten(by pid: Int32) -> Int? {
        let descriptor = open("/proc/\(pid)/io", O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 1024)
        let count = read(descriptor, &buffer, buffer.count)
        guard count > 0 else { return nil }
        let text = String(decoding: buffer[..<count], as: UTF8.self)
        for line in text.split(separator: "\n") where line.hasPrefix("wchar:") {
            return Int(line.dropFirst("wchar:".count).trimmingCharacters(in: .whitespaces))
        }
        return nil
    }
}
