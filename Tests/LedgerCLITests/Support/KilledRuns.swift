import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// When a `ledger` run is sent SIGKILL.
enum KillMoment: CustomStringConvertible {
    /// This many seconds after the process started.
    case after(Double)
    /// As soon as the process has passed at least this many bytes to write calls (`wchar` of
    /// `/proc/PID/io`): a writer that only opened an existing ledger has written nothing, so
    /// this is the moment its commit starts writing pages to the file.
    case writing(Int)

    var description: String {
        switch self {
        case .after(let seconds): "after \(String(format: "%.3f", seconds)) s"
        case .writing(let bytes): "once \(bytes) bytes are written"
        }
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
    /// What it wrote to standard error.
    let stderr: String

    var description: String {
        let ending = killed ? "killed" : "exit \(status)"
        let written = writtenBeforeKill.map { ", \($0) bytes written" } ?? ""
        return "kill \(moment): \(ending) after \(String(format: "%.3f", lifetime)) s\(written)"
    }
}

extension LedgerSandbox {
    /// Runs `ledger ARGS --ledger LEDGER` (standard input and output on the null device) and
    /// sends it SIGKILL at `moment`, unless it has ended by then.
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
        var written: Int?
        switch moment {
        case .after(let delay):
            while process.isRunning {
                let remaining = delay - elapsed()
                if remaining <= 0 { break }
                usleep(UInt32(min(remaining, 0.002) * 1e6))
            }
            written = Self.bytesWritten(by: pid)
        case .writing(let bytes):
            while process.isRunning {
                written = Self.bytesWritten(by: pid)
                if let written, written >= bytes { break }
                usleep(200)
            }
        }
        if process.isRunning { kill(pid, SIGKILL) }
        process.waitUntilExit()
        let lifetime = elapsed()
        let killed = process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL
        let stderr = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
        return KilledRun(moment: moment, lifetime: lifetime, killed: killed, status: process.terminationStatus,
                         writtenBeforeKill: killed ? written : nil, stderr: stderr)
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
