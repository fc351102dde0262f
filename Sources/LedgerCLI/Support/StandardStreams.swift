#if canImport(Glibc)
import Glibc
#endif
import EventLedger

/// Buffered writing to standard output.
final class StandardOutput {
    private var buffer: [UInt8] = []

    init() {
        buffer.reserveCapacity(1 << 16)
    }

    deinit {
        flush()
    }

    /// Appends a line of text.
    func line(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        buffer.append(UInt8(ascii: "\n"))
        if buffer.count >= 1 << 16 { flush() }
    }

    /// Appends compact JSON and a newline.
    func json(_ value: JSONValue) {
        value.write(to: &buffer)
        buffer.append(UInt8(ascii: "\n"))
        if buffer.count >= 1 << 16 { flush() }
    }

    /// Writes out what is buffered.
    func flush() {
        var written = 0
        while written < buffer.count {
            let result = buffer[written...].withUnsafeBytes { Glibc.write(1, $0.baseAddress, $0.count) }
            if result <= 0 { break }
            written += result
        }
        buffer.removeAll(keepingCapacity: true)
    }
}

/// Writes one line to standard error.
func printError(_ text: String) {
    let line = Array((text + "\n").utf8)
    _ = line.withUnsafeBytes { Glibc.write(2, $0.baseAddress, $0.count) }
}

/// Reads a whole file, or standard input when `path` is `-`.
func readInput(_ path: String) throws -> [UInt8] {
    let descriptor = path == "-" ? 0 : open(path, O_RDONLY)
    guard descriptor >= 0 else {
        throw LedgerError(.invalidInput, "cannot read \(path): \(String(cString: strerror(errno)))")
    }
    defer { if descriptor != 0 { close(descriptor) } }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count < 0 {
            if errno == EINTR { continue }
            throw LedgerError(.invalidInput, "cannot read \(path): \(String(cString: strerror(errno)))")
        }
        if count == 0 { return bytes }
        bytes.append(contentsOf: chunk[..<count])
    }
}

/// Whether standard input is a terminal (then a payload is not read from it).
var standardInputIsTerminal: Bool { isatty(0) != 0 }
