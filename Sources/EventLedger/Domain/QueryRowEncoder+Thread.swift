#if canImport(Glibc)
import Glibc
#endif

extension QueryRowEncoder {
    /// Runs `body` with the thread's encoder, made on its first use and freed when the thread
    /// ends, or with a new one while the thread's is in use. The thread's encoder keeps the
    /// keyed containers it made and the shapes of their objects from one answer to the next:
    /// the answers of a query follow the shapes the last one left, instead of making their
    /// containers again and hashing the keys of their first objects.
    static func withEncoderOfThisThread<Made>(
        _ body: (QueryRowEncoder) throws(LedgerError) -> Made
    ) throws(LedgerError) -> Made {
        let encoder: QueryRowEncoder
        if let kept = pthread_getspecific(threadKey) {
            encoder = Unmanaged<QueryRowEncoder>.fromOpaque(kept).takeRetainedValue()
            pthread_setspecific(threadKey, nil)
        } else {
            encoder = QueryRowEncoder()
        }
        defer {
            encoder.reset()
            if pthread_getspecific(threadKey) == nil {
                pthread_setspecific(threadKey, Unmanaged.passRetained(encoder).toOpaque())
            } else {
                encoder.forgetContainers()
            }
        }
        return try body(encoder)
    }

    /// The key under which each thread keeps its encoder, freed when the thread ends.
    private static let threadKey: pthread_key_t = {
        var key = pthread_key_t()
        let code = pthread_key_create(&key) { kept in
            guard let kept else { return }
            let encoder = Unmanaged<QueryRowEncoder>.fromOpaque(kept).takeRetainedValue()
            encoder.forgetContainers()
        }
        precondition(code == 0, "cannot create a thread-specific key: \(code)")
        return key
    }()
}
