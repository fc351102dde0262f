#if canImport(Glibc)
import Glibc
#endif

/// The outcome of `Ledger.verify()`.
public struct VerifyReport: Sendable {
    /// Events checked.
    public let events: UInt64
    /// What is wrong, one line each (at most the first 50); empty when the ledger is intact.
    public let problems: [String]

    /// Whether nothing is wrong.
    public var isIntact: Bool { problems.isEmpty }
}

extension Maintenance {
    /// Checks the whole ledger, as `Ledger.verify()` describes: a read-only file through a
    /// compacted copy; LMDB's meta pages (`MetaPageCheck`) and page accounting (`PageWalk`)
    /// first, then the log (`LogVerifier`), then each read model against a fresh fold.
    func verify() throws(LedgerError) -> VerifyReport {
        try LedgerError.typed {
            try core.requireKnownDomains()
            let fileProblems = try MetaPageCheck(path: core.path).problems()
            guard fileProblems.isEmpty else { return VerifyReport(events: 0, problems: fileProblems) }
            if let problem = try core.environment.pageAccountingProblem() { return VerifyReport(events: 0, problems: [problem]) }
            let pageProblems = try PageWalk.problems(in: core.environment)
            guard pageProblems.isEmpty else { return VerifyReport(events: 0, problems: pageProblems) }
            guard !core.environment.readOnly else { return try verifyCopy() }
            let (problems, events) = try core.environment.read { txn in try LogVerifier(tables: core.tables, txn: txn, limit: 50).run() }
            guard problems.isEmpty else { return VerifyReport(events: events, problems: problems) }
            let mismatches = try core.environment.read { txn in try ReadModelVersions.mismatches(core.catalog, txn, core.tables.checkpoints) }
            let versionProblems = mismatches.sorted { $0.key < $1.key }.map { ReadModelVersions.problem(core.catalog.domains[$0.key], $0.value) }
            let shapeChanges = try core.environment.read { txn in
                try core.catalog.domains.indices.filter { mismatches[$0] == nil }.reduce(into: [Int: [TableShapes.Change]]()) { changes, index in
                    let found = try TableShapes.changes(core.catalog.domains[index], txn, core.tables.checkpoints) ?? []
                    if !found.isEmpty { changes[index] = found }
                }
            }
            let shapeProblems = shapeChanges.sorted { $0.key < $1.key }.flatMap { index, changes in
                changes.map { TableShapes.problem(core.catalog.domains[index], $0) }
            }
            var differing: Set<String> = []
            // A read model built by another version, or by tables of other shapes, differs from a
            // fresh rebuild by design: its version or its shapes are the problem.
            for fold in try foldReadModels(core.catalog.domains.indices.filter { mismatches[$0] == nil && shapeChanges[$0] == nil }) {
                // The fresh rebuild writes a second copy of the read model next to the first.
                try core.environment.write(commit: false, reserving: core.environment.usedBytes) { txn in
                    let before = try readModelDigests(txn, of: fold.domainIndex)
                    try fold.store(txn)
                    let after = try readModelDigests(txn, of: fold.domainIndex)
                    differing.formUnion(after.keys.filter { before[$0] != after[$0] })
                }
            }
            return VerifyReport(
                events: events, problems: versionProblems + shapeProblems + differing.sorted().map { "\($0) differs from a fresh rebuild" })
        }
    }

    private func verifyCopy() throws -> VerifyReport {
        let base = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((base + "/ledger-verify-XXXXXX").utf8CString)
        guard let directory = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }).map({ String(cString: $0) }) else {
            throw LedgerError(.storage, "cannot create a temporary directory to verify \(core.path)")
        }
        let copy = directory + "/ledger.lmdb"
        defer {
            unlink(copy)
            unlink(copy + "-lock")
            rmdir(directory)
        }
        try core.environment.copyCompacted(to: copy)
        let opened = try LedgerCore(
            path: copy, domains: core.catalog.domains.map(\.domain), options: Ledger.Options(), formats: .released,
            keepingReadModelVersions: true)
        return try Maintenance(core: opened).verify()
    }

    /// A SHA-256 of the read model of the domain at `index` (over its tables, every version
    /// in key order, and its checkpoint) and one of the cascade links.
    private func readModelDigests(_ txn: Transaction, of index: Int) throws -> [String: [UInt8]] {
        let domain = core.catalog.domains[index]
        var combined = try digest(of: domain.tables.compactMap { core.tables.readModels[$0] }, txn)
        combined += try txn.get(core.tables.checkpoints, Array(domain.readModelName.utf8)).map(Array.init) ?? []
        return ["cascade links": try digest(of: [core.tables.links], txn), "read model \(domain.readModelName)": combined]
    }

    private func digest(of stored: [Table], _ txn: Transaction) throws -> [UInt8] {
        var running = [UInt8](repeating: 0, count: SHA256.digestLength)
        for table in stored {
            try txn.withCursor(table) { cursor in
                try cursor.scan(prefix: []) { entry in
                    var pair = [UInt8](entry.key)
                    withUnsafeBytes(of: UInt32(entry.key.count)) { pair.append(contentsOf: $0) }
                    pair.append(contentsOf: entry.value)
                    let previous = running
                    previous.withUnsafeBytes { prev in
                        pair.withUnsafeBytes { body in
                            running.withUnsafeMutableBytes { SHA256.chain(previous: prev, body: body, into: $0) }
                        }
                    }
                    return true
                }
            }
        }
        return running
    }
}
