internal import CLMDB

#if canImport(Glibc)
import Glibc
#endif

extension Environment {
    /// Writes a compacted copy of the environment to a new file at `destination` (mode 0600),
    /// from one consistent snapshot, while writers go on. The copy is written under a
    /// temporary name and linked into place when complete: a failed or killed copy leaves no
    /// file at `destination`.
    func copyCompacted(to destination: String) throws {
        let file = try PartialFile(destination: destination)
        var failure: LedgerError?
        withMapSizeFixed {
            let code = mdb_env_copyfd2(handle, file.descriptor, UInt32(MDB_CP_COMPACT))
            if code != 0 { failure = lmdbError(code, "cannot copy \(path) to \(destination)") }
        }
        if let failure {
            file.discard()
            throw failure
        }
        try file.publish()
    }
}
