import EventLedger

#if canImport(Glibc)
import Glibc
#endif

/// A fresh directory under `$TMPDIR` (else /tmp) holding the benchmark's ledgers, removed at the end.
struct BenchDirectory {
    let path: String

    init() throws {
        let base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array("\(base)/ledger-bench-XXXXXX".utf8CString)
        guard let created = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw LedgerError(.storage, "cannot create a directory in \(base): \(String(cString: strerror(errno)))")
        }
        path = String(cString: created)
    }

    func file(_ name: String) -> String { "\(path)/\(name)" }

    /// Deletes a ledger file and its lock file, once a workload is done with it.
    func removeLedger(_ file: String) {
        unlink(file)
        unlink(file + "-lock")
    }

    func remove() {
        _ = system("rm -rf '\(path)'")
    }
}
