import EventLedger

#if canImport(Glibc)
import Glibc
#endif

/// NDJSON input decoded one line at a time, so a large file is never held whole: a regular
/// file is read in chunks and can be read again from its start; standard input (or a pipe),
/// which cannot, is held as bytes (not decoded values). Lines follow `NDJSONLines`' rules: at
/// most `NDJSONLines.longestLine` bytes, blank ones skipped, errors naming the line.
final class NDJSONStream<Value> {
    /// How many bytes a read from the file asks for.
    private static var chunkSize: Int { 1 << 20 }

    /// Decodes one line.
    private let decoder: LineDecoder<Value>
    /// The open file, nil when `buffer` holds the whole input.
    private let descriptor: Int32?
    /// The path, for errors.
    private let path: String
    /// The input's size in bytes.
    let byteCount: Int
    /// Bytes read; those before `start` are consumed.
    private var buffer: [UInt8]
    /// Where the next line starts in `buffer`.
    private var start = 0
    /// Whether `buffer` holds the input up to its end.
    private var atEnd: Bool
    /// Lines consumed since the start, blank ones included.
    private var linesRead = 0
    /// Values returned since the start.
    private var valuesRead = 0
    /// From which value on its line is `index + 1 + offset` (blank lines skipped before it):
    /// one entry per change, so line numbers are known without keeping the lines.
    private var lineOffsets: [(value: Int, offset: Int)] = []

    /// Opens the file at `path` (standard input for `-`) to decode its lines with `decoder`.
    convenience init(path: String, decoder: LineDecoder<Value>) throws {
        var status = stat()
        if path != "-", stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG {
            let opened = open(path, O_RDONLY)
            guard opened >= 0 else { throw Self.readError(path) }
            self.init(path: path, decoder: decoder, descriptor: opened, byteCount: Int(status.st_size), buffer: [])
        } else {
            self.init(bytes: try NDJSONLines.read(path), path: path, decoder: decoder)
        }
    }

    /// Decodes the lines of `bytes`, the whole input read from `path` (for errors).
    convenience init(bytes: [UInt8], path: String = "-", decoder: LineDecoder<Value>) {
        self.init(path: path, decoder: decoder, descriptor: nil, byteCount: bytes.count, buffer: bytes)
    }

    private init(path: String, decoder: LineDecoder<Value>, descriptor: Int32?, byteCount: Int, buffer: [UInt8]) {
        (self.path, self.decoder, self.descriptor, self.byteCount, self.buffer) = (path, decoder, descriptor, byteCount, buffer)
        atEnd = descriptor == nil
    }

    deinit {
        if let descriptor { close(descriptor) }
    }

    /// Goes back to the first line.
    func rewind() throws {
        (start, linesRead, valuesRead) = (0, 0, 0)
        lineOffsets.removeAll()
        guard let descriptor else { return }
        guard lseek(descriptor, 0, SEEK_SET) == 0 else { throw Self.readError(path) }
        buffer.removeAll(keepingCapacity: true)
        atEnd = false
    }

    /// The next line's value, nil after the last line; an input without values is an error.
    func next() throws -> Value? {
        while let line = try nextLine() {
            linesRead += 1
            guard let value = try NDJSONLines.decodeLine(buffer[line], number: linesRead, decoder) else { continue }
            let offset = linesRead - valuesRead - 1
            if offset != (lineOffsets.last?.offset ?? 0) { lineOffsets.append((valuesRead, offset)) }
            valuesRead += 1
            return value
        }
        guard valuesRead > 0 else { throw NDJSONLines.noValues }
        return nil
    }

    /// The number of lines of the input, blank ones included (at least its number of
    /// values), counted by reading it through once more.
    func lineCount() throws -> Int {
        guard let descriptor else { return buffer.withUnsafeBufferPointer { Self.lineBreaks(in: $0) } + 1 }
        var chunk = [UInt8](repeating: 0, count: Self.chunkSize)
        var (offset, breaks) = (0, 0)
        while true {
            let count = chunk.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress!, Self.chunkSize, off_t(offset)) }
            if count < 0 {
                guard errno == EINTR else { throw Self.readError(path) }
                continue
            }
            if count == 0 { return breaks + 1 }
            breaks += chunk.withUnsafeBufferPointer { Self.lineBreaks(in: UnsafeBufferPointer(rebasing: $0[..<count])) }
            offset += count
        }
    }

    /// How many line breaks `bytes` holds.
    private static func lineBreaks(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var (breaks, from) = (0, 0)
        while let lineBreak = NDJSONLines.nextLineBreak(in: bytes, from: from) {
            breaks += 1
            from = lineBreak + 1
        }
        return breaks
    }

    /// Runs `body`; an error about one value (`eventIndex`, counted from 0) is prefixed with its line number.
    func locating<Result>(_ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch let error as LedgerError {
            guard let index = error.eventIndex, (0..<valuesRead).contains(index) else { throw error }
            let offset = lineOffsets.last { $0.value <= index }?.offset ?? 0
            throw error.prefixed("line \(index + 1 + offset)")
        }
    }

    /// Where the next line lies in `buffer` (its line break excluded), reading more as
    /// needed; nil at the end. A line longer than `NDJSONLines.longestLine` is refused.
    private func nextLine() throws -> Range<Int>? {
        while true {
            let lineStart = start
            if let lineBreak = buffer.withUnsafeBufferPointer({ NDJSONLines.nextLineBreak(in: $0, from: lineStart) }) {
                try NDJSONLines.checkLength(lineBreak - lineStart, line: linesRead + 1)
                start = lineBreak + 1
                return lineStart..<lineBreak
            }
            try NDJSONLines.checkLength(buffer.count - lineStart, line: linesRead + 1)
            if atEnd {
                guard lineStart < buffer.count else { return nil }
                start = buffer.count
                return lineStart..<buffer.count
            }
            try readChunk()
        }
    }

    /// Drops the consumed bytes and appends the file's next chunk to `buffer`.
    private func readChunk() throws {
        guard let descriptor else { return }
        buffer.removeSubrange(..<start)
        start = 0
        let kept = buffer.count
        // An array, not `repeatElement`: an unoptimized build appends a `Repeated` one element
        // at a time through generic code, a third of a second per chunk.
        buffer.append(contentsOf: [UInt8](repeating: 0, count: Self.chunkSize))
        var count = -1
        while count < 0 {
            count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + kept, Self.chunkSize) }
            if count < 0, errno != EINTR { throw Self.readError(path) }
        }
        buffer.removeLast(Self.chunkSize - count)
        atEnd = count == 0
    }

    /// The error for a file that cannot be read.
    private static func readError(_ path: String) -> LedgerError {
        LedgerError(.invalidInput, "cannot read \(path): \(String(cString: strerror(errno)))")
    }
}

/// A file of events read line by line is appended or imported as it is read.
extension NDJSONStream: EventSource {
    /// The file's number of lines, or its size over the least bytes of a line when the lines
    /// are known to be long: the write reserves room for that many events.
    var estimatedEventCount: Int {
        decoder.leastBytesPerLine.map { byteCount / $0 } ?? ((try? lineCount()) ?? 0)
    }
}
