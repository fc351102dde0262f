#if canImport(Glibc)
import Glibc
#endif

extension BinaryScratch {
    /// The thread's scratch, made on its first use and freed when the thread ends. The reads
    /// of one thread share it as the nested reads of one reader share theirs (each typed read
    /// or write is done with it before the next starts), instead of making and freeing one
    /// for every read: a query's own work is a few thousand instructions, and a scratch's
    /// three buffers took a third of them.
    static var ofThisThread: BinaryScratch {
        if let kept = pthread_getspecific(threadKey) { return Unmanaged<BinaryScratch>.fromOpaque(kept).takeUnretainedValue() }
        let made = BinaryScratch()
        pthread_setspecific(threadKey, Unmanaged.passRetained(made).toOpaque())
        return made
    }

    /// The key under which each thread keeps its scratch, released when the thread ends.
    private static let threadKey: pthread_key_t = {
        var key = pthread_key_t()
        let code = pthread_key_create(&key) { kept in
            if let kept { Unmanaged<BinaryScratch>.fromOpaque(kept).release() }
        }
        precondition(code == 0, "cannot create a thread-specific key: \(code)")
        return key
    }()
}
