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

extension Ledger {
    /// Checks the whole ledger: positions and versions gapless, indexes consistent, the hash
    /// chain intact, the read models recorded as built by their domains' versions, and every
    /// other read model (rows, history, cascade links, checkpoints) equal to a fresh rebuild:
    /// the read models are folded in memory side by side, and each is then written beside the
    /// stored one in a transaction that is rolled back. Nothing is ever written to the file: a
    /// read model built by another version of its domain, or whose version record is damaged,
    /// is reported and left as it is.
    ///
    /// A ledger opened read-only is verified through a consistent copy in a temporary
    /// directory (under `$TMPDIR`, else /tmp), since the comparison needs a scratch write.
    ///
    /// LMDB's two meta pages are checked first, read from the file (see `MetaPageCheck`), then
    /// that every page of the file is in a table or listed as free, by the counts LMDB keeps
    /// and by a walk over every page (see `PageWalk`).
    public func verify() throws(LedgerError) -> VerifyReport {
        try LedgerError.typed {
            try requireKnownDomains()
            let fileProblems = try MetaPageCheck(path: path).problems()
            guard fileProblems.isEmpty else { return VerifyReport(events: 0, problems: fileProblems) }
            if let problem = try environment.pageAccountingProblem() { return VerifyReport(events: 0, problems: [problem]) }
            let pageProblems = try PageWalk.problems(in: environment)
            guard pageProblems.isEmpty else { return VerifyReport(events: 0, problems: pageProblems) }
            guard !environment.readOnly else { return try verifyCopy() }
            let (problems, events) = try environment.read { txn in try LogVerifier(tables: tables, txn: txn, limit: 50).run() }
            guard problems.isEmpty else { return VerifyReport(events: events, problems: problems) }
            let mismatches = try environment.read { txn in try ReadModelVersions.mismatches(catalog, txn, tables.checkpoints) }
            let versionProblems = mismatches.sorted { $0.key < $1.key }.map { ReadModelVersions.problem(catalog.domains[$0.key], $0.value) }
            var differing: Set<String> = []
            // A read model built by another version differs from a fresh rebuild by design: its version is the problem.
            for fold in try foldReadModels(catalog.domains.indices.filter { mismatches[$0] == nil }) {
                // The fresh rebuild writes a second copy of the read model next to the first.
                try environment.write(commit: false, reserving: environment.usedBytes) { txn in
                    let before = try readModelDigests(txn, of: fold.domainIndex)
                    try fold.store(txn)
                    let after = try readModelDigests(txn, of: fold.domainIndex)
                    differing.formUnion(after.keys.filter { before[$0] != after[$0] })
                }
            }
            return VerifyReport(events: events, problems: versionProblems + differing.sorted().map { "\($0) differs from a fresh rebuild" })
        }
    }

    private func verifyCopy() throws -> VerifyReport {
        let base = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((base + "/ledger-verify-XXXXXX").utf8CString)
        guard let directory = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }).map({ String(cString: $0) }) else {
            throw LedgerError(.storage, "cannot create a temporary directory to verify \(path)")
        }
        let copy = directory + "/ledger.lmdb"
        defer {
            unlink(copy)
            unlink(copy + "-lock")
            rmdir(directory)
        }
        try backup(to: copy)
        return try Ledger(
            path: copy, domains: catalog.domains.map(\.domain), options: Options(), formats: .released,
            keepingReadModelVersions: true
        ).verify()
    }

    /// A SHA-256 of the read model of the domain at `index` (over its tables, every version
    /// in key order, and its checkpoint) and one of the cascade links.
    private func readModelDigests(_ txn: Transaction, of index: Int) throws -> [String: [UInt8]] {
        let domain = catalog.domains[index]
        var combined = try digest(of: domain.tables.compactMap { tables.readModels[$0] }, txn)
        combined += try txn.get(tables.checkpoints, Array(domain.readModelName.utf8)).map(Array.init) ?? []
        return ["cascade links": try digest(of: [tables.links], txn), "read model \(domain.readModelName)": combined]
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
