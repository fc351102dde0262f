import EventLedger

#if canImport(Glibc)
import Glibc
#endif

/// Whole-file reads and writes.
enum TextFile {
    /// The bytes of the file at `path`.
    static func read(_ path: String) throws -> [UInt8] {
        guard let file = fopen(path, "r") else { throw failure("read", path) }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            bytes += chunk.prefix(count)
            if count < chunk.count { break }
        }
        guard ferror(file) == 0 else { throw failure("read", path) }
        return bytes
    }

    /// Replaces the file at `path` with `bytes`.
    static func write(_ bytes: [UInt8], to path: String) throws {
        guard let file = fopen(path, "w") else { throw failure("write", path) }
        defer { fclose(file) }
        guard fwrite(bytes, 1, bytes.count, file) == bytes.count, fflush(file) == 0 else { throw failure("write", path) }
    }

    static func failure(_ verb: String, _ path: String) -> LedgerError {
        LedgerError(.storage, "cannot \(verb) \(path): \(String(cString: strerror(errno)))")
    }
}
