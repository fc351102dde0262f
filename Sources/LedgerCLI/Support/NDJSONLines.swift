import EventLedger

#if canImport(Glibc)
import Glibc
#endif

/// Reads NDJSON input: one JSON value per line, blank lines skipped, errors naming the line.
enum NDJSONLines {
    /// The most bytes a line may hold, its line break not counted: 1 MiB.
    static let longestLine = 1 << 20

    /// Reads the file at `path` (standard input for `-`). A line longer than `longestLine`
    /// is refused, naming it, as soon as the reading passes the limit.
    static func read(_ path: String) throws -> [UInt8] {
        var lineStart = 0
        var lineNumber = 1
        return try readInput(path) { bytes, newFrom in
            try bytes.withUnsafeBufferPointer { buffer in
                var searchFrom = newFrom
                while let lineBreak = nextLineBreak(in: buffer, from: searchFrom) {
                    try checkLength(lineBreak - lineStart, line: lineNumber)
                    lineStart = lineBreak + 1
                    lineNumber += 1
                    searchFrom = lineStart
                }
            }
            try checkLength(bytes.count - lineStart, line: lineNumber)
        }
    }

    /// The index of the first `\n` at or after `start` (memchr: reading stays at disk speed).
    static func nextLineBreak(in buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let base = buffer.baseAddress, start < buffer.count,
            let found = memchr(base + start, Int32(UInt8(ascii: "\n")), buffer.count - start)
        else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// Refuses line number `line` when its `length` passes `longestLine`.
    static func checkLength(_ length: Int, line: Int) throws {
        guard length > longestLine else { return }
        throw LedgerError(.invalidInput, "line \(line): longer than 1 MiB (\(longestLine) bytes), the most a line may hold")
    }

    /// The error for an input without values.
    static let noValues = LedgerError(.invalidInput, "the input holds no events")

    /// Decodes `rawLine` (line `number`, its line break not included) with `decoder`; nil for a
    /// blank line. Any failure is `.invalidInput` prefixed with "line N".
    static func decodeLine<Value>(_ rawLine: ArraySlice<UInt8>, number: Int, _ decoder: LineDecoder<Value>) throws -> Value? {
        let line = rawLine.last == UInt8(ascii: "\r") ? rawLine.dropLast() : rawLine
        guard line.contains(where: { $0 != 0x20 && $0 != 0x09 }) else { return nil }
        do {
            return try line.withUnsafeBytes { try decoder.decode($0) }
        } catch let error as LedgerError {
            throw error.prefixed("line \(number)")
        }
    }
}
