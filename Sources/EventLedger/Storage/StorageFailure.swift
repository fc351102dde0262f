internal import CLMDB

#if canImport(Glibc)
import Glibc
#endif

/// Turns an LMDB return code into a `LedgerError` naming the operation that failed.
func lmdbCheck(_ code: Int32, _ operation: @autoclosure () -> String) throws {
    guard code != 0 else { return }
    throw lmdbError(code, operation())
}

/// The `LedgerError` for an LMDB return code.
func lmdbError(_ code: Int32, _ operation: String) -> LedgerError {
    let reason = String(cString: mdb_strerror(code))
    switch code {
    case MDB_INVALID, MDB_VERSION_MISMATCH:
        return LedgerError(.storage, "\(operation): not an EventLedger file (\(reason))")
    case MDB_CORRUPTED, MDB_PAGE_NOTFOUND, MDB_INCOMPATIBLE:
        return LedgerError(.corruption, "\(operation): \(reason): the file is damaged (verify reports where)")
    case ENOMEM:
        // Mapping the file, or growing its map, needs more address space than the process may use.
        return LedgerError(.storage, "\(operation): out of memory (\(reason))")
    case EIO:
        // LMDB reports a write cut short by a full disk as an I/O error.
        return LedgerError(.storage, "\(operation): \(reason) (the disk may be out of space)")
    default:
        return LedgerError(.storage, "\(operation): \(reason)")
    }
}
