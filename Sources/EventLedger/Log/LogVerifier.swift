/// Checks the log and its indexes: positions and per-stream versions gapless, commits
/// contiguous, times non-decreasing, the hash chain intact, and the stream and id indexes
/// holding exactly one entry per event that points back at it.
struct LogVerifier {
    let tables: LedgerTables
    let txn: Transaction
    /// Stop collecting after this many problems.
    let limit: Int

    /// The problems found (empty when the log is intact) and the number of events checked.
    func run() throws -> (problems: [String], events: UInt64) {
        var problems: [String] = []
        var previousHash = EventRecord.zeroHash
        var expected: UInt64 = 1
        var commit: UInt64 = 0
        var time = Timestamp(microseconds: Int64.min)
        var versions: [String: UInt64] = [:]
        var digest = [UInt8](repeating: 0, count: SHA256.digestLength)
        try txn.withCursor(tables.log) { cursor in
            var next = try cursor.first()
            while let entry = next, problems.count < limit {
                next = try cursor.next()
                let position = LedgerTables.readBigEndian(entry.key)
                defer { expected = position + 1 }
                if position != expected { problems.append("gap in the log: position \(expected) is followed by \(position)") }
                guard let record = try? EventRecordView(entry.value, position: position) else {
                    problems.append("position \(position): the record is malformed")
                    continue
                }
                previousHash.withUnsafeBytes { previous in
                    digest.withUnsafeMutableBytes { SHA256.chain(previous: previous, body: record.body, into: $0) }
                }
                if !digest.elementsEqual(record.hash) {
                    problems.append("position \(position): hash chain broken (the record was altered)")
                }
                previousHash = Array(record.hash)
                if record.position != position { problems.append("position \(position): the record says position \(record.position)") }
                if record.commit != commit && record.commit != commit + 1 {
                    problems.append("position \(position): commit \(record.commit) follows commit \(commit)")
                }
                commit = record.commit
                if record.recordedAt < time { problems.append("position \(position): recordedAt goes back in time") }
                time = record.recordedAt
                let stream = record.stream
                let version = versions[stream, default: 0] + 1
                versions[stream] = version
                if record.version != version {
                    problems.append("position \(position): stream \(stream) version \(record.version), expected \(version)")
                }
                let indexed = try txn.get(tables.streams, LedgerTables.streamKey(stream, record.version)).map { LedgerTables.readBigEndian($0) }
                if indexed != position {
                    problems.append("position \(position): stream index entry for \(stream) v\(record.version) is missing or wrong")
                }
                let byID = try txn.get(tables.ids, record.id.bytes).map { LedgerTables.readBigEndian($0) }
                if byID != position { problems.append("position \(position): id index entry for \(record.id) is missing or wrong") }
            }
        }
        let events = expected - 1
        if problems.isEmpty {
            if try UInt64(txn.count(tables.streams)) != events { problems.append("the stream index has entries for events not in the log") }
            if try UInt64(txn.count(tables.ids)) != events { problems.append("the id index has entries for events not in the log") }
        }
        return (problems, events)
    }
}
