#if canImport(Glibc)
import Glibc
#endif

/// A new file written under a temporary name beside its destination, `DEST.partial-PID`, and
/// linked into place only when complete and durable: a process killed while writing leaves
/// no partial file at DEST, and the next one to write DEST removes what it left behind.
/// An existing DEST is never replaced.
struct PartialFile {
    /// Where the file goes when complete.
    let destination: String
    /// Where it is written.
    let temporaryPath: String
    /// Open for writing on `temporaryPath`.
    let descriptor: Int32

    /// Creates the temporary file (mode 0600); fails when `destination` exists.
    init(destination: String) throws {
        if access(destination, F_OK) == 0 { throw Self.failure(destination, EEXIST) }
        AbandonedCreations.removeAll(of: destination, kind: "partial")
        self.destination = destination
        temporaryPath = AbandonedCreations.temporaryPath(for: destination, kind: "partial")
        descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Self.failure(destination, errno) }
    }

    /// Makes the written bytes durable and links the file into place, unless something
    /// appeared at the destination meanwhile; the temporary name is removed either way.
    func publish() throws {
        guard fsync(descriptor) == 0 else {
            let code = errno
            discard()
            throw LedgerError(.storage, "cannot write \(destination): \(String(cString: strerror(code)))")
        }
        let linked = link(temporaryPath, destination) == 0 ? 0 : errno
        discard()
        guard linked == 0 else { throw Self.failure(destination, linked) }
        DirectoryEntries.makeDurable(containing: destination)
    }

    /// Closes and removes the temporary file.
    func discard() {
        close(descriptor)
        unlink(temporaryPath)
    }

    private static func failure(_ destination: String, _ code: Int32) -> LedgerError {
        LedgerError(.storage, "cannot create \(destination): \(String(cString: strerror(code)))")
    }
}
