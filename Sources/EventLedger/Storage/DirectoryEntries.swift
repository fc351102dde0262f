#if canImport(Glibc)
import Glibc
#endif

/// The names in a directory: a file synced to disk can still lose its name in a power
/// failure until its directory is synced too.
enum DirectoryEntries {
    /// Syncs the directory holding `path`, so that a name just linked there survives a power
    /// failure. Best effort: a directory that cannot be opened is left as it is.
    static func makeDurable(containing path: String) {
        let directory = open(LedgerFileLocation.split(path).directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directory >= 0 else { return }
        fsync(directory)
        close(directory)
    }
}
