import EventLedger

#if canImport(Glibc)
import Glibc
#endif

/// Buffered writing to standard output (or another descriptor). Every write is checked: the first that fails throws
/// a storage error, so a command stops there instead of running on with its output lost.
final class StandardOutput {
    private var buffer: [UInt8] = []
    /// The descriptor written to.
    private let descriptor: Int32

    /// Output to `descriptor`, standard output unless told otherwise.
    init(descriptor: Int32 = 1) {
        self.descriptor = descriptor
        buffer.reserveCapacity(1 << 16)
    }

    /// Appends a line of text.
    func line(_ text: String) throws {
        buffer.append(contentsOf: text.utf8)
        try endLine()
    }

    /// Appends compact JSON and a newline.
    func json(_ value: JSONValue) throws {
        value.write(to: &buffer)
        try endLine()
    }

    /// Writes out what is buffered; what could not be written is dropped.
    func flush() throws {
        defer { buffer.removeAll(keepingCapacity: true) }
        var written = 0
        while written < buffer.count {
            let result = buffer[written...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if result < 0, errno == EINTR { continue }
            guard result > 0 else {
                let reason = result < 0 ? String(cString: strerror(errno)) : "nothing was written"
                throw LedgerError(.storage, "cannot write output: \(reason)")
            }
            written += result
        }
    }

    /// Ends the line just appended; writes the buffer out once it holds 64 KiB.
    private func endLine() throws {
        buffer.append(UInt8(ascii: "\n"))
        if buffer.count >= 1 << 16 { try flush() }
    }

    /// Makes sure descriptors 0, 1 and 2 are open, on /dev/null when they were closed, with
    /// the wrong access mode: reading or writing them then fails (EBADF) and is reported,
    /// instead of the next file opened (the ledger's lock, say) taking their number and
    /// receiving what was meant for standard output.
    static func occupyClosedStandardDescriptors() {
        for (descriptor, mode) in [(Int32(0), O_WRONLY), (1, O_RDONLY), (2, O_RDONLY)] where fcntl(descriptor, F_GETFD) < 0 {
            let opened = open("/dev/null", mode)
            if opened >= 0, opened != descriptor {
                dup2(opened, descriptor)
                close(opened)
            }
        }
    }
}

/// Writes one line to standard error, or to `descriptor`.
func printError(_ text: String, to descriptor: Int32 = 2) {
    let line = Array((text + "\n").utf8)
    _ = line.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
}

/// Reads a whole file, or standard input when `path` is `-`. After each chunk, `check` sees
/// the bytes read so far and where the new ones start; it stops the reading by throwing.
func readInput(_ path: String, check: (_ bytes: [UInt8], _ newFrom: Int) throws -> Void) throws -> [UInt8] {
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
        try check(bytes, bytes.count - count)
    }
}

/// Whether standard input is a terminal (then a payload is not read from it).
var standardInputIsTerminal: Bool { isatty(0) != 0 }
