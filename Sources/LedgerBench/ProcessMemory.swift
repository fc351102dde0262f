import EventLedger

#if canImport(Glibc)
import Glibc
#endif

/// Resident memory of this process (or another), from /proc/PID/status.
enum ProcessMemory {
    /// The peak resident set size (`VmHWM`) in MiB, since start or the last `resetPeak()`.
    static var peakMebibytes: Double { field("VmHWM:") }

    /// The current resident set size (`VmRSS`) in MiB.
    static var currentMebibytes: Double { field("VmRSS:") }

    /// The anonymous part of the current resident set size (`RssAnon`: heap and stacks, not
    /// mapped files) in MiB.
    static var anonymousMebibytes: Double { field("RssAnon:") }

    /// `anonymousMebibytes` of the process `pid`; NaN when it is gone.
    static func anonymousMebibytes(of pid: String) -> Double { field("RssAnon:", of: pid) }

    /// Hands memory freed by earlier workloads back to the system (`malloc_trim`), then
    /// lowers the peak to the current resident set size (`5` to /proc/self/clear_refs), so
    /// the next peak reading covers only what runs after it.
    static func resetPeak() {
        typealias MallocTrim = @convention(c) (Int) -> Int32
        if let trim = dlsym(nil, "malloc_trim") { _ = unsafeBitCast(trim, to: MallocTrim.self)(0) }
        let file = open("/proc/self/clear_refs", O_WRONLY)
        guard file >= 0 else { return }
        _ = write(file, "5", 1)
        close(file)
    }

    /// Runs `body` and returns its result with the peak resident set size it reached, in MiB.
    static func measuringPeak<T>(_ body: () throws -> T) rethrows -> (T, peakMebibytes: Double) {
        resetPeak()
        let result = try body()
        return (result, peakMebibytes)
    }

    /// Hands freed memory back (`resetPeak()`), then runs `body` on a thread of its own while
    /// this one reads `anonymousMebibytes` every 20 ms; returns its result with the largest
    /// size read, in MiB.
    static func samplingAnonymousPeak<T>(_ body: @escaping () throws -> T) throws -> (T, peakAnonymousMebibytes: Double) {
        resetPeak()
        var peak = anonymousMebibytes
        let outcome = try Threads.run(1, waiting: { peak = max(peak, anonymousMebibytes) }) { _ in Result { try body() } }[0]
        return (try outcome.get(), max(peak, anonymousMebibytes))
    }

    /// The value of a `Name:   1234 kB` line, in MiB; NaN when unreadable.
    private static func field(_ name: String, of pid: String = "self") -> Double {
        let file = open("/proc/\(pid)/status", O_RDONLY)
        guard file >= 0 else { return .nan }
        defer { close(file) }
        var bytes = [UInt8](repeating: 0, count: 8192)
        let count = read(file, &bytes, bytes.count)
        guard count > 0 else { return .nan }
        let status = String(decoding: bytes.prefix(count), as: UTF8.self)
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name) }),
            let kibibytes = line.dropFirst(name.count).split(whereSeparator: { $0 == " " || $0 == "\t" }).first.flatMap({ Double($0) })
        else { return .nan }
        return kibibytes / 1024
    }
}
