import EventLedger
import LedgerWorkload

#if canImport(Glibc)
import Glibc
#endif

/// The generated events as the C baselines read them, so that all three engines store the
/// same events: the first events of `WorkloadGenerator(seed: 1)`, each with the stream,
/// stream version and payload bytes the ledger stores for it (the payload as the event
/// type decodes it, in canonical JSON). Format (little-endian): `ELEVENTS`, count `u64`,
/// then per event version `u64`, id (16 bytes, big-endian), type length `u16`, stream
/// length `u16`, data length `u32`, type, stream, data — see tools/baselines/baseline.h.
enum BaselineEventsFile {
    /// The option that makes `ledger-bench` write an events file and exit: `--write-events-file PATH COUNT`.
    static let option = "--write-events-file"

    /// Writes the first `count` generated events to `path` in a process of its own, so that the
    /// generator's state, which grows with the events (every id it made), never takes memory
    /// in the process whose memory the benchmark measures.
    static func writeInChildProcess(events count: Int, to path: String) throws {
        _ = try ChildProcess.run([CommandLine.arguments[0], option, path, String(count)])
    }

    /// The child process's part: `arguments` are the path and the count.
    static func run(_ arguments: [String]) throws {
        guard arguments.count == 2, let count = Int(arguments[1]), count > 0 else {
            throw BenchOptions.UsageError(description: "usage: ledger-bench \(option) PATH COUNT")
        }
        try write(events: count, to: arguments[0])
    }

    /// Writes the first `count` generated events to `path`.
    private static func write(events count: Int, to path: String) throws {
        let types = Dictionary(uniqueKeysWithValues: BenchDomains.all.flatMap(\.eventTypes).map { ($0.typeName, $0) })
        guard let file = fopen(path, "w") else { throw TextFile.failure("write", path) }
        defer { fclose(file) }
        var bytes = Array("ELEVENTS".utf8)
        append(UInt64(count), to: &bytes)
        var generator = WorkloadGenerator(seed: 1)
        var versions: [String: UInt64] = [:]
        var written = 0
        while written < count {
            let batch = generator.batch(min(10_000, count - written))
            for pending in batch {
                guard let type = types[pending.type], let id = pending.id else {
                    preconditionFailure("the generator wrote \(pending.type) without a known type or an id")
                }
                let event = try type.canonical(pending.payload)
                let stream = Array(event.stream.utf8)
                let data = JSONValue.object(event.payload).serialized()
                let version = versions[event.stream, default: 0] + 1
                versions[event.stream] = version
                append(version, to: &bytes)
                append(id.high, to: &bytes, bigEndian: true)
                append(id.low, to: &bytes, bigEndian: true)
                append(UInt16(pending.type.utf8.count), to: &bytes)
                append(UInt16(stream.count), to: &bytes)
                append(UInt32(data.count), to: &bytes)
                bytes += pending.type.utf8
                bytes += stream
                bytes += data
            }
            written += batch.count
            guard fwrite(bytes, 1, bytes.count, file) == bytes.count else { throw TextFile.failure("write", path) }
            bytes.removeAll(keepingCapacity: true)
        }
        guard fflush(file) == 0 else { throw TextFile.failure("write", path) }
    }

    private static func append<T: FixedWidthInteger>(_ value: T, to bytes: inout [UInt8], bigEndian: Bool = false) {
        withUnsafeBytes(of: bigEndian ? value.bigEndian : value.littleEndian) { bytes += $0 }
    }
}
