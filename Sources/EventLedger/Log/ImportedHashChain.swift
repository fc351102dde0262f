/// The check of the hash chain an export carries, so an export edited by hand (or damaged)
/// is not imported as if its ledger had written it.
///
/// Each envelope's hash is the SHA-256 of the hash of the event at the position before it
/// followed by the event's stored record (position, commit, time, version, id, type, stream,
/// schema version, data, metadata), as its ledger wrote it. So:
/// - an event at position 1 chains from the genesis value (zeros) and is fully checked;
/// - any other event chains from the hash of the event in the file at the position before
///   it, wherever that line stands (a reordered export still checks);
/// - one event may follow a position the file does not hold: the first of a partial export
///   (`export --from P`), whose predecessor's hash is not in the file. Only the form of its
///   own hash can be checked, but the next line's check covers that hash. A second such event
///   means lines are missing or moved, and is refused.
///
/// Anyone can recompute SHA-256: the chain detects edits and damage, it does not prove who
/// wrote the file.
enum ImportedHashChain {
    /// Throws `.invalidInput` with `eventIndex` for the first event whose hash is malformed,
    /// does not match its contents and its predecessor's hash, or that is a second event
    /// following a position missing from `events`.
    static func check(_ events: [ImportedEvent]) throws {
        var hashesAtPosition: [UInt64: [String]] = [:]
        for (index, event) in events.enumerated() {
            guard isWellFormed(event.sourceHash) else {
                throw located(.invalidField("hash", "\"\(event.sourceHash)\" is not a SHA-256 digest (64 lowercase hex digits)"), index)
            }
            hashesAtPosition[event.sourcePosition, default: []].append(event.sourceHash)
        }
        var firstUnchained: ImportedEvent?
        var record: [UInt8] = []
        for (index, event) in events.enumerated() {
            let position = event.sourcePosition
            guard let previousHashes = position == 1 ? [hexString(EventRecord.zeroHash)] : hashesAtPosition[position - 1] else {
                if let first = firstUnchained {
                    throw located(.invalidField("position", "no line holds position \(position - 1), and position "
                                                + "\(first.sourcePosition) already follows one missing (lines are missing or moved)"), index)
                }
                firstUnchained = event
                continue
            }
            guard previousHashes.contains(where: { hash(of: event, previousHash: $0, into: &record) == event.sourceHash }) else {
                throw located(.invalidField("hash", "does not match the event and the hash at position \(position - 1): "
                                            + "the line was changed after export (rehash to import it on purpose)"), index)
            }
        }
    }

    /// Whether `hash` is written as the ledger writes hashes.
    private static func isWellFormed(_ hash: String) -> Bool {
        hash.utf8.count == 2 * SHA256.digestLength
            && hash.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// The hash `event`'s ledger computed for it after `previousHash` (both lowercase hex).
    private static func hash(of event: ImportedEvent, previousHash: String, into record: inout [UInt8]) -> String {
        let previous = hexBytes(previousHash)
        previous.withUnsafeBytes { previous in
            EventRecord.encode(position: event.sourcePosition, commit: event.sourceCommit, recordedAt: event.recordedAt,
                               version: event.sourceVersion, id: event.id, type: event.type, stream: event.stream,
                               schemaVersion: UInt16(event.schemaVersion), data: JSONValue.object(event.payload).serialized(),
                               metadata: EventRecord.metadataBytes(event.metadata), previousHash: previous, into: &record)
        }
        return hexString(record.suffix(SHA256.digestLength))
    }

    /// The bytes of well-formed lowercase hex.
    private static func hexBytes(_ hex: String) -> [UInt8] {
        let digits = Array(hex.utf8).map { $0 <= 0x39 ? $0 - 0x30 : $0 - 0x61 + 10 }
        return stride(from: 0, to: digits.count, by: 2).map { digits[$0] << 4 | digits[$0 + 1] }
    }

    /// `error` naming the event at `index`.
    private static func located(_ error: LedgerError, _ index: Int) -> LedgerError {
        var located = error
        located.eventIndex = index
        return located
    }
}
