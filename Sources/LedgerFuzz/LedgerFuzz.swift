// A fuzz target for everything that decodes untrusted bytes: the JSON parser, the
// interchange envelope, the payload decoding of every event type, the NDJSON batch and import
// files of the CLI, ids, times and option values, and the stored binary record.
//
// Two ways to build it:
// - `tools/fuzz` builds it with `-sanitize=fuzzer,address` and `-D LEDGER_FUZZER`: the entry
//   point hands over to libFuzzer's driver, which calls `LLVMFuzzerTestOneInput` on each
//   input. With `-enable-testing -D LEDGER_FUZZ_INTERNALS` the internal decoders (binary
//   record, batch and import files) are fuzzed too.
// - A normal `swift build` makes a driver that runs the same checks on the files (or
//   directories of files) given as arguments: `ledger-fuzz fuzz/corpus crash-…` replays a
//   corpus or a crash without libFuzzer. Debug builds can reach the internal decoders
//   (SwiftPM compiles every module with `-enable-testing` in debug); release builds without
//   the flags above fuzz only the public API.
//
// Every check traps (`fatalError`) when the code under test breaks one of its own promises,
// which libFuzzer reports as a crash and saves as a reproducer.

import Animals
import Favorites
import Music

#if DEBUG || LEDGER_FUZZ_INTERNALS
@testable import EventLedger
@testable import LedgerCLI
#else
import EventLedger
#endif
#if canImport(Glibc)
import Glibc
#endif

/// libFuzzer's entry point: runs every check on one input. Never fails by throwing; a broken
/// invariant traps.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzChecks.run(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}

enum FuzzChecks {
    /// Every event type of the `ledger` tool's domains.
    static let eventTypes: [EventTypeInfo] =
        MusicDomain().eventTypes + AnimalsDomain().eventTypes + FavoritesDomain().eventTypes

    /// Whether the internal decoders are reachable in this build.
    static var fuzzesInternals: Bool {
        #if DEBUG || LEDGER_FUZZ_INTERNALS
        return true
        #else
        return false
        #endif
    }

    static func run(_ bytes: UnsafeRawBufferPointer) {
        if let value = checkJSON(bytes) {
            checkEnvelope(value)
            if case .object(let object) = value { checkPayloads(object) }
        }
        checkText(bytes)
        #if DEBUG || LEDGER_FUZZ_INTERNALS
        checkNDJSONFiles(bytes)
        checkRecord(bytes)
        #endif
    }

    // MARK: JSON

    /// Parses the bytes; when they are accepted, checks depth, canonical serialization and
    /// that the serialization parses back to the same value.
    static func checkJSON(_ bytes: UnsafeRawBufferPointer) -> JSONValue? {
        let value: JSONValue
        do {
            value = try JSONValue.parse(bytes)
        } catch {
            check(error.offset >= 0 && error.offset <= bytes.count, "parse error offset \(error.offset) outside 0...\(bytes.count)")
            check(!error.message.isEmpty, "parse error without a message")
            return nil
        }
        check(depth(of: value) <= JSONValue.maximumDepth, "accepted nesting deeper than \(JSONValue.maximumDepth)")
        let text = value.serialized()
        let reparsed: JSONValue
        do {
            reparsed = try JSONValue.parse(text)
        } catch {
            fail("the serialization of an accepted value does not parse (\(error)): \(String(decoding: text, as: UTF8.self))")
        }
        check(reparsed == value, "serialize → parse changed the value: \(String(decoding: text, as: UTF8.self))")
        check(reparsed.serialized() == text, "serialization is not canonical: \(String(decoding: text, as: UTF8.self))")
        check(value.serializedString() == String(decoding: text, as: UTF8.self), "serializedString differs from serialized")
        var appended: [UInt8] = [0x20]
        value.write(to: &appended)
        check(appended.dropFirst().elementsEqual(text), "write(to:) differs from serialized()")
        return value
    }

    static func depth(of value: JSONValue) -> Int {
        switch value {
        case .array(let elements): return 1 + (elements.map(depth).max() ?? 0)
        case .object(let members): return 1 + (members.values.map(depth).max() ?? 0)
        default: return 0
        }
    }

    // MARK: Envelopes

    static func checkEnvelope(_ value: JSONValue) {
        let event: ImportedEvent
        do {
            event = try ImportedEvent(envelope: value)
        } catch {
            checkInvalidInput(error, "ImportedEvent(envelope:)")
            return
        }
        guard case .object(let object) = value else { fail("an envelope that is not an object was accepted") }
        check(object["id"]?.stringValue.flatMap(EventID.init) == event.id, "envelope id not kept")
        check(object["type"]?.stringValue == event.type, "envelope type not kept")
        check(object["stream"]?.stringValue == event.stream, "envelope stream not kept")
        check(object["data"]?.objectValue == event.payload, "envelope data not kept")
        check(event.sourceCommit >= 1, "envelope commit below 1 accepted")
        check(object["commit"]?.int64Value.map(UInt64.init) == event.sourceCommit, "envelope commit not kept")
        check(
            Timestamp(iso8601: event.recordedAt.description) == event.recordedAt,
            "recordedAt \(event.recordedAt) does not read back")
        #if DEBUG || LEDGER_FUZZ_INTERNALS
        roundTripThroughRecord(event)
        #endif
    }

    // MARK: Payloads

    /// Decodes the object as the payload of every event type; an accepted payload must obey
    /// the catalog's rules (ids, names, diet, no unknown fields) and decode again to the same event.
    static func checkPayloads(_ object: [String: JSONValue]) {
        for type in eventTypes {
            let event: (stream: String, payload: [String: JSONValue])
            do {
                event = try type.canonical(object)
            } catch {
                checkInvalidInput(error, "\(type.typeName).canonical")
                continue
            }
            let name = type.typeName
            check(Set(event.payload.keys).isSubset(of: object.keys), "\(name) invented fields: \(event.payload.keys.sorted())")
            for (field, value) in event.payload {
                switch value {
                case .string(let text) where field.hasSuffix("Id"):
                    check(isSpecID(text), "\(name) accepted the id \(field) = \(text.debugDescription)")
                case .string(let text) where field == "name" || field == "title":
                    check(isSpecName(text), "\(name) accepted the \(field) \(text.debugDescription)")
                case .string(let text) where field == "diet":
                    check(["herbivorous", "carnivorous", "omnivorous"].contains(text), "\(name) accepted diet \(text.debugDescription)")
                case .string:
                    fail("\(name) has an unexpected string field \(field)")
                case .int(let number) where wholeNumberRanges[field] != nil:
                    check(wholeNumberRanges[field]!.contains(number), "\(name) accepted \(field) = \(number)")
                default:
                    fail("\(name) stores \(field) as \(value.kindName)")
                }
            }
            let stream = event.stream
            guard let dash = stream.firstIndex(of: "-") else { fail("\(name) stream without a kind: \(stream.debugDescription)") }
            check(isSpecID(String(stream[stream.index(after: dash)...])), "\(name) stream \(stream.debugDescription) does not end in an id")
            do {
                let again = try type.canonical(event.payload)
                check(again.stream == stream, "\(name) decoded again changes its stream")
                check(again.payload == event.payload, "\(name) decoded again changes its payload")
            } catch {
                fail("\(name) rejects its own payload \(JSONValue.object(event.payload).serializedString()): \(error)")
            }
            if let field = type.createdEntityField {
                check(event.payload[field] != nil, "\(name) lost its created entity field \(field)")
            }
        }
    }

    /// The whole-number fields of the catalog, with the values each may take: a song's length
    /// in seconds, a restored favourite's time (microseconds, years 1 to 9999) and log position.
    static let wholeNumberRanges: [String: ClosedRange<Int64>] = [
        "durationSeconds": Int64(SongAdded.durationRange.lowerBound)...Int64(SongAdded.durationRange.upperBound),
        "addedAt": Timestamp.representable,
        "position": 1...Int64.max,
    ]

    /// An id as the catalog defines it: 1–128 characters from `A–Z a–z 0–9 . _ : -`.
    static func isSpecID(_ text: String) -> Bool {
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._:-".unicodeScalars)
        return (1...128).contains(text.unicodeScalars.count) && text.unicodeScalars.allSatisfy(allowed.contains)
    }

    /// A name as the catalog defines it: trimmed, 1–200 characters, no control characters.
    static func isSpecName(_ text: String) -> Bool {
        let scalars = text.unicodeScalars
        guard let first = scalars.first, let last = scalars.last else { return false }
        return !first.properties.isWhitespace && !last.properties.isWhitespace && scalars.count <= 200
            && !scalars.contains { $0.properties.generalCategory == .control }
    }

    // MARK: Ids, times, option values

    static func checkText(_ bytes: UnsafeRawBufferPointer) {
        guard bytes.count <= 4096 else { return }
        let text = String(decoding: bytes, as: UTF8.self)
        if let id = EventID(text) {
            check(id.description == text.lowercased(), "EventID(\(text.debugDescription)) prints as \(id)")
            check(EventID(id.description) == id, "EventID does not read back")
        }
        if let time = Timestamp(iso8601: text) {
            check(Timestamp(iso8601: time.description) == time, "Timestamp(\(text.debugDescription)) = \(time) does not read back")
        }
        if let point = LogPoint(text) {
            switch point {
            case .position(let position):
                check(position <= UInt64(Int64.max), "--as-of \(text.debugDescription) gives position \(position) beyond Int64")
                check(text.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }, "--as-of \(text.debugDescription) read as a position")
            case .time(let time):
                check(Timestamp(iso8601: text) == time, "--as-of \(text.debugDescription) read as another time")
            }
        }
        if let expected = ExpectedVersion(text) {
            check(ExpectedVersion(expected.description) == expected, "--expect \(text.debugDescription) does not read back")
        }
        check(
            FieldRules.isValidID(text) == isSpecID(text),
            "FieldRules.isValidID(\(text.debugDescription)) disagrees with the definition of an id")
        if bytes.count >= 8 {
            // Any 64-bit value is a time a corrupted record could hold: printing it must not trap.
            let microseconds = bytes.loadUnaligned(as: Int64.self)
            let printed = Timestamp(microseconds: microseconds).description
            if (-62_135_596_800_000_000...253_402_300_799_999_999).contains(microseconds) {  // years 0001–9999
                check(Timestamp(iso8601: printed)?.microseconds == microseconds, "Timestamp(\(microseconds)) prints \(printed)")
            }
        }
    }

    // MARK: Internal decoders (testable builds only)

    #if DEBUG || LEDGER_FUZZ_INTERNALS
    /// The CLI's NDJSON readers: `append --batch` lines and `import` envelopes, read line by
    /// line as the CLI reads them. Errors must be invalid input naming the line.
    static func checkNDJSONFiles(_ bytes: UnsafeRawBufferPointer) {
        let file = Array(bytes)
        do {
            let batch = NDJSONStream(bytes: file, decoder: BatchFile.lines)
            check(batch.estimatedEventCount > 0, "a batch counted no lines")
            while let event = try batch.next() {
                if case .exactly(let version) = event.expect { check(version <= UInt64(Int64.max), "batch expect \(version) beyond Int64") }
            }
        } catch {
            checkInvalidInput(error, "a batch line")
            check(
                "\(error)".hasPrefix("line ") || "\(error)".hasPrefix("the input holds no events"),
                "a batch error does not name its line: \(error)")
        }
        do {
            let envelopes = NDJSONStream(bytes: file, decoder: .envelopes)
            while try envelopes.next() != nil {}
        } catch {
            checkInvalidInput(error, "an import line")
        }
    }

    /// The binary record of the log: framing, every accessor, the envelope of the event it
    /// holds, and re-encoding it giving the same bytes.
    static func checkRecord(_ bytes: UnsafeRawBufferPointer) {
        let view: EventRecordView
        do {
            view = try EventRecordView(bytes, position: 1)
        } catch {
            check((error as? LedgerError)?.kind == .corruption, "a malformed record is not reported as corruption: \(error)")
            return
        }
        _ = (
            view.schemaVersion, view.position, view.commit, view.recordedAt.description, view.version, view.id.description,
            view.type, view.stream, view.hash.count
        )
        check(view.body.count + view.hash.count == bytes.count, "record body and hash do not cover the record")
        if let event = try? RecordedEvent(view) {
            // What `ledger export` / `log --json` print for this record.
            _ = event.envelope.serialized()
        }
        guard let type = String(validating: view.typeBytes, as: UTF8.self),
            let stream = String(validating: view.streamBytes, as: UTF8.self)
        else { return }
        var encoded: [UInt8] = []
        EventRecord.zeroHash.withUnsafeBytes { previousHash in
            EventRecord.encode(
                position: view.position, commit: view.commit, recordedAt: view.recordedAt, version: view.version,
                id: view.id, type: type, stream: stream, schemaVersion: view.schemaVersion,
                data: Array(view.dataBytes), metadata: Array(view.metadataBytes),
                previousHash: previousHash, into: &encoded)
        }
        check(
            encoded.count == bytes.count && encoded.prefix(view.body.count).elementsEqual(view.body),
            "re-encoding a record changes its bytes")
    }

    /// An accepted envelope stored as a binary record reads back as the same event.
    static func roundTripThroughRecord(_ event: ImportedEvent) {
        guard event.type.utf8.count <= Int(UInt16.max), event.stream.utf8.count <= Int(UInt16.max) else { return }
        let data = JSONValue.object(event.payload).serialized()
        let metadata = event.metadata.isEmpty ? [] : JSONValue.object(event.metadata.mapValues { .string($0) }).serialized()
        var record: [UInt8] = []
        let previous = [UInt8](repeating: 7, count: SHA256.digestLength)
        previous.withUnsafeBytes { previousHash in
            EventRecord.encode(
                position: 1, commit: event.sourceCommit, recordedAt: event.recordedAt, version: 1, id: event.id,
                type: event.type, stream: event.stream, schemaVersion: 1, data: data, metadata: metadata,
                previousHash: previousHash, into: &record)
        }
        record.withUnsafeBytes { bytes in
            do {
                let recorded = try RecordedEvent(try EventRecordView(bytes, position: 1))
                check(
                    recorded.id == event.id && recorded.type == event.type && recorded.stream == event.stream,
                    "a record does not keep id, type and stream")
                check(
                    recorded.recordedAt == event.recordedAt && recorded.commit == event.sourceCommit,
                    "a record does not keep its time and commit")
                check(recorded.data == .object(event.payload), "a record does not keep its data")
                check(recorded.metadata == event.metadata, "a record does not keep its metadata")
                check(recorded.hash.count == 64, "a record's hash is not 32 bytes of hex")
                _ = recorded.envelope.serialized()
            } catch {
                fail("a record encoded from an accepted envelope does not decode: \(error)")
            }
        }
    }
    #endif

    // MARK: Helpers

    /// Errors of the decoders must be `LedgerError` of kind `.invalidInput` (exit 4).
    static func checkInvalidInput(_ error: any Error, _ what: String) {
        guard let error = error as? LedgerError else { fail("\(what) threw \(type(of: error)), not LedgerError: \(error)") }
        check(error.kind == .invalidInput, "\(what) threw \(error.kind), not invalidInput: \(error.message)")
    }

    static func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
        if !condition() { fail(message()) }
    }

    static func fail(_ message: String) -> Never {
        fatalError("ledger-fuzz: \(message)")
    }
}

/// The entry point. With libFuzzer (`-D LEDGER_FUZZER`) it hands over to libFuzzer's driver:
/// SwiftPM links an executable target's `main` to the target's own entry point, so libFuzzer's
/// `main` is not used and its driver is started from here. Without libFuzzer it runs the checks
/// on every file given (directories are read one level deep).
@main
struct LedgerFuzzMain {
    static func main() {
        #if LEDGER_FUZZER
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(
            LLVMFuzzerRunDriver(&argc, &argv) { data, size in
                fuzz(data ?? UnsafePointer(bitPattern: 1)!, size)
            })
        #else
        let paths = Array(CommandLine.arguments.dropFirst())
        guard !paths.isEmpty else {
            print("usage: ledger-fuzz FILE|DIRECTORY... (runs the fuzz checks on each file; see tools/fuzz)")
            exit(2)
        }
        var count = 0
        for path in paths {
            for file in files(at: path) {
                guard let bytes = readFile(file) else {
                    print("ledger-fuzz: cannot read \(file)")
                    exit(1)
                }
                bytes.withUnsafeBufferPointer { buffer in
                    _ = fuzz(buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!, buffer.count)
                }
                count += 1
            }
        }
        print("ledger-fuzz: \(count) inputs passed\(FuzzChecks.fuzzesInternals ? "" : " (public decoders only)")")
        #endif
    }

    static func files(at path: String) -> [String] {
        guard let directory = opendir(path) else { return [path] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(path + "/" + name) }
        }
        return names.sorted()
    }

    static func readFile(_ path: String) -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            if count == 0 { break }
            bytes.append(contentsOf: chunk[..<count])
        }
        return bytes
    }
}

#if LEDGER_FUZZER
/// libFuzzer's driver (`FuzzerDriver.cpp`): parses the libFuzzer options in `argv` and runs
/// `callback` on each input.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt
#endif
