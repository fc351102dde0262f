import EventLedger
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Runs `body` with a new ledger of `domain` in a fresh directory from `mkdtemp` under
/// /tmp; the directory is removed afterwards.
public func withTemporaryLedger(_ domain: some LedgerDomain, _ body: (Ledger) throws -> Void) throws {
    var template = Array("/tmp/ledger-domain-test-XXXXXX".utf8CString)
    let created = template.withUnsafeMutableBufferPointer { buffer in
        mkdtemp(buffer.baseAddress!).map { String(cString: $0) }
    }
    let directory = try #require(created, "mkdtemp failed")
    let path = "\(directory)/ledger.lmdb"
    defer {
        unlink(path)
        unlink("\(path)-lock")
        rmdir(directory)
    }
    try body(Ledger(path: path, domains: [domain]))
}
