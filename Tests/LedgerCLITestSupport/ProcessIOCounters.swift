import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// What the kernel counted of a process's reads and writes: the fields of its `/proc/PID/io`.
package enum ProcessIOCounters {
    /// The value of `field` (`rchar`: bytes passed to read calls, `wchar`: to write calls) in
    /// the `/proc/PID/io` open as `io`; nil when it cannot be read (it can until the process
    /// is reaped).
    package static func value(_ field: String, in io: Int32) -> Int? {
        var buffer = [UInt8](repeating: 0, count: 512)
        let count = pread(io, &buffer, buffer.count, 0)
        guard count > 0 else { return nil }
        let text = String(decoding: buffer[..<count], as: UTF8.self)
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("\(field):") }) else { return nil }
        return Int(line.dropFirst(field.count + 1).trimmingCharacters(in: .whitespaces))
    }
}
