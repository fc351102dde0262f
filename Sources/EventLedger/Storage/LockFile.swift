#if canImport(Glibc)
import Glibc
#endif

/// The ledger's lock file, `PATH-lock`, made safe before LMDB opens it: LMDB opens it by name,
/// follows symbolic links and, as the first process to open it, overwrites it. A lock file
/// planted by someone else (a symbolic link to another file, a file of another user, a file
/// others may write) could make it overwrite another file or share memory with an attacker,
/// so such lock files are refused.
struct LockFile {
    /// Where the lock file is.
    let path: String
    /// The file's device and inode once checked, to tell that LMDB opened the same file.
    private(set) var identity: (dev_t, ino_t)?
    /// Whether this process created it (and should remove it if the ledger cannot be opened).
    private(set) var created = false

    /// LMDB sizes a new lock file without allocating it and writes to it through a memory
    /// map, which faults (SIGBUS) when the disk is full: this much is allocated up front.
    private static let reservedBytes: off_t = 1 << 16

    init(path: String) {
        self.path = path
    }

    /// Creates the lock file (mode 0600, never through a symbolic link, never replacing a
    /// file) or checks the one that is there. When it can neither be created nor written (a
    /// read-only directory), LMDB is left to report that.
    mutating func prepare(readOnly: Bool) throws {
        let descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        if descriptor >= 0 {
            created = true
            let reserved = posix_fallocate(descriptor, 0, Self.reservedBytes)
            close(descriptor)
            if reserved != 0 {
                unlink(path)
                created = false
                throw LedgerError(.storage, "cannot create \(path): \(String(cString: strerror(reserved)))")
            }
        } else if errno != EEXIST {
            return
        }
        identity = try checkExisting(readOnly: readOnly)
    }

    /// Refuses the lock file unless it is still the file `prepare` checked: it must not have
    /// been swapped while LMDB opened it.
    func requireUnchanged() throws {
        guard let identity else { return }
        var status = stat()
        guard lstat(path, &status) == 0, status.st_dev == identity.0, status.st_ino == identity.1 else {
            throw LedgerError(.storage, "the lock file \(path) was replaced while the ledger was being opened")
        }
    }

    /// The device and inode of the lock file when there is one that may be used, nil when
    /// there is none; throws for one that may not be used.
    func checkExisting(readOnly: Bool) throws -> (dev_t, ino_t)? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        switch status.st_mode & S_IFMT {
        case S_IFLNK:
            throw refusal("is a symbolic link")
        case S_IFREG:
            break
        default:
            throw refusal("is not a regular file")
        }
        if status.st_uid != geteuid() {
            // A reader that cannot write another user's lock file reads without it (LMDB
            // cannot open it); any other use would share memory with that user.
            guard readOnly, access(path, W_OK) != 0 else {
                throw refusal("belongs to another user (uid \(status.st_uid))")
            }
        }
        if status.st_mode & (S_IWGRP | S_IWOTH) != 0 {
            throw refusal("may be written by other users (mode \(String(status.st_mode & 0o777, radix: 8)))")
        }
        return (status.st_dev, status.st_ino)
    }

    private func refusal(_ problem: String) -> LedgerError {
        LedgerError(.storage, "refusing the lock file \(path): it \(problem); remove it if no process uses the ledger")
    }
}
