#if canImport(Glibc)
import Glibc
#endif

/// This process's resident memory, from /proc/self/status.
enum ProcessMemory {
    /// The peak resident set size (`VmHWM`) in MiB, since start or the last `resetPeak()`.
    static var peakMebibytes: Double { field("VmHWM:") }

    /// The current resident set size (`VmRSS`) in MiB.
    static var currentMebibytes: Double { field("VmRSS:") }

    /// The anonymous part of the current resident set size (`RssAnon`: heap and stacks, not
    /// mapped files) in MiB.
    static var anonymousMebibytes: Double { field("RssAnon:") }

    /// Lowers the peak to the current resident set size (`5` to /proc/self/clear_refs), so
    /// the next peak reading covers only what runs after it.
    static func resetPeak() {
        let file = open("/proc/self/clear_refs", O_WRONLY)
        guard file >= 0 else { return }
        _ = write(file, "5", 1)
        close(file)
    }

    /// The value of a `Name:   1234 kB` line, in MiB; NaN when unreadable.
    private static func field(_ name: String) -> Double {
        let file = open("/proc/self/status", O_RDONLY)
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
