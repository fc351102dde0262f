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
/// Events are checked as they are read: one whose predecessor was read already is checked
/// at once; one whose predecessor is not read yet waits for it (kept until then). What later
/// lines may chain from is kept as 32 raw bytes per position.
///
/// Anyone can recompute SHA-256: the chain detects edits and damage, it does not prove who
/// wrote the file.
struct ImportedHashChain {
    /// The hashes the events read so far carry, by position.
    private var hashes = PositionHashes()
    /// Events whose predecessor is not read yet, by the position they follow, with their
    /// index and the hash they carry.
    private var waiting: [UInt64: [(index: Int, event: ImportedEvent, claimed: Digest)]] = [:]
    /// A buffer for the records being hashed.
    private var record: [UInt8] = []

    /// Checks `event`, the `index`th of the import, as far as the events read before it allow,
    /// and the waiting events that follow it. Throws `.invalidInput` with `eventIndex` for an
    /// event whose hash is malformed or does not match its contents and its predecessor's hash.
    mutating func add(_ event: ImportedEvent, index: Int) throws {
        guard let digest = Digest(hex: event.sourceHash) else {
            throw located(.invalidField("hash", "\"\(event.sourceHash)\" is not a SHA-256 digest (64 lowercase hex digits)"), index)
        }
        let position = event.sourcePosition
        let previous = position == 1 ? [Digest.genesis] : hashes.hashes(at: position - 1)
        if previous.isEmpty {
            waiting[position - 1, default: []].append((index, event, digest))
        } else {
            try check(event, index: index, claimed: digest, previous: previous)
        }
        hashes.insert(digest, at: position)
        for follower in waiting.removeValue(forKey: position) ?? [] {
            try check(follower.event, index: follower.index, claimed: follower.claimed, previous: [digest])
        }
    }

    /// After the last event: throws `.invalidInput` with `eventIndex` for the second event
    /// following a position no line holds (the first may: a partial export's first line).
    func finish() throws {
        let unchained = waiting.values.joined().sorted { $0.index < $1.index }
        guard unchained.count > 1 else { return }
        let first = unchained[0].event, second = unchained[1]
        throw located(
            .invalidField(
                "position",
                "no line holds position \(second.event.sourcePosition - 1), and position "
                    + "\(first.sourcePosition) already follows one missing (lines are missing or moved)"), second.index)
    }

    /// Whether the hash `event` carries is the one its ledger computed after `previous`: then
    /// that ledger's events before it are the events whose chain ends in `previous`, commit
    /// numbers included (each hash covers every event before it).
    static func chains(_ event: ImportedEvent, from previous: UnsafeRawBufferPointer) -> Bool {
        guard let claimed = Digest(hex: event.sourceHash) else { return false }
        var chain = ImportedHashChain()
        return chain.hash(of: event, after: Digest(bytes: previous)) == claimed
    }

    /// Throws unless `claimed` is the hash of `event` after one of `previous`.
    private mutating func check(_ event: ImportedEvent, index: Int, claimed: Digest, previous: [Digest]) throws {
        guard previous.contains(where: { hash(of: event, after: $0) == claimed }) else {
            throw located(
                .invalidField(
                    "hash",
                    "does not match the event and the hash at position \(event.sourcePosition - 1): "
                        + "the line was changed after export (rehash to import it on purpose)"), index)
        }
    }

    /// The hash `event`'s ledger computed for it after `previous`.
    private mutating func hash(of event: ImportedEvent, after previous: Digest) -> Digest {
        previous.withUnsafeBytes { previous in
            EventRecord.encode(
                position: event.sourcePosition, commit: event.sourceCommit, recordedAt: event.recordedAt,
                version: event.sourceVersion, id: event.id, type: event.type, stream: event.stream,
                schemaVersion: UInt16(event.schemaVersion), data: JSONValue.object(event.payload).serialized(),
                metadata: EventRecord.metadataBytes(event.metadata), previousHash: previous, into: &record)
        }
        return Digest(bytes: record.suffix(SHA256.digestLength))
    }

    /// `error` naming the event at `index`.
    private func located(_ error: LedgerError, _ index: Int) -> LedgerError {
        var located = error
        located.eventIndex = index
        return located
    }
}

/// A SHA-256 digest as 32 raw bytes.
private struct Digest: Equatable {
    /// The bytes, in order.
    private var words: SIMD4<UInt64>

    /// The hash an event at position 1 chains from: zeros.
    static let genesis = Digest(bytes: EventRecord.zeroHash)

    /// The digest of 32 bytes.
    init(bytes: some Collection<UInt8>) {
        words = .zero
        withUnsafeMutableBytes(of: &words) { $0.copyBytes(from: bytes) }
    }

    /// The digest written as the ledger writes hashes (64 lowercase hex digits); nil for any other text.
    init?(hex: String) {
        let digits = Array(hex.utf8)
        guard digits.count == 2 * SHA256.digestLength else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(SHA256.digestLength)
        for pair in stride(from: 0, to: digits.count, by: 2) {
            guard let high = Self.value(of: digits[pair]), let low = Self.value(of: digits[pair + 1]) else { return nil }
            bytes.append(high << 4 | low)
        }
        self.init(bytes: bytes)
    }

    /// The value of a lowercase hex digit.
    private static func value(of digit: UInt8) -> UInt8? {
        switch digit {
        case 0x30...0x39: digit - 0x30
        case 0x61...0x66: digit - 0x61 + 10
        default: nil
        }
    }

    /// Calls `body` with the 32 bytes.
    func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        Swift.withUnsafeBytes(of: words, body)
    }
}

/// The hashes read, by position: runs of consecutive positions (an export's lines, however
/// reordered, are mostly such runs), sorted by their first position, and any further hash a
/// repeated position carries.
private struct PositionHashes {
    /// Runs of consecutive positions: the first and the hashes from it on.
    private var runs: [(first: UInt64, hashes: [Digest])] = []
    /// Hashes at positions holding one already in `runs` (a position repeated in the file).
    private var repeated: [UInt64: [Digest]] = [:]

    /// The hashes at `position`, none when no line read holds it.
    func hashes(at position: UInt64) -> [Digest] {
        guard let run = run(holding: position) else { return [] }
        return [runs[run].hashes[Int(position - runs[run].first)]] + (repeated[position] ?? [])
    }

    /// Records `hash` at `position`.
    mutating func insert(_ hash: Digest, at position: UInt64) {
        if let run = run(holding: position) {
            if runs[run].hashes[Int(position - runs[run].first)] != hash { repeated[position, default: []].append(hash) }
            return
        }
        let before = lastRun(startingAtOrBefore: position)
        if let before, runs[before].first + UInt64(runs[before].hashes.count) == position {
            runs[before].hashes.append(hash)
        } else {
            runs.insert((position, [hash]), at: before.map { $0 + 1 } ?? 0)
        }
    }

    /// The index of the run holding `position`.
    private func run(holding position: UInt64) -> Int? {
        guard let run = lastRun(startingAtOrBefore: position),
            position - runs[run].first < UInt64(runs[run].hashes.count)
        else { return nil }
        return run
    }

    /// The index of the last run whose first position is at most `position`.
    private func lastRun(startingAtOrBefore position: UInt64) -> Int? {
        runs.lastIndex(whereKeyIsAtMost: position) { $0.first }
    }
}
