internal import CLMDB
#if canImport(Glibc)
import Glibc
#endif

extension Environment {
    /// Writes a compacted copy of the environment to a new file at `destination` (mode 0600),
    /// from one consistent snapshot, while writers go on. A failed copy leaves no file.
    func copyCompacted(to destination: String) throws {
        let descriptor = open(destination, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else {
            throw LedgerError(.storage, "cannot create \(destination): \(String(cString: strerror(errno)))")
        }
        var failure: LedgerError?
        withMapSizeFixed {
            let code = mdb_env_copyfd2(handle, descriptor, UInt32(MDB_CP_COMPACT))
            if code != 0 { failure = lmdbError(code, "cannot copy \(path) to \(destination)") }
        }
        if failure == nil, fsync(descriptor) != 0 {
            failure = LedgerError(.storage, "cannot write \(destination): \(String(cString: strerror(errno)))")
        }
        close(descriptor)
        if let failure {
            unlink(destination)
            throw failure
        }
    }
}
