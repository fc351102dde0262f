#if canImport(Glibc)
import Glibc
#endif

/// The keys a scan of a read-model table visits (a `KeyRange` encoded), as bytes of their binary form: those
/// starting with `prefix`, from `lower` (included) up to `upper` (excluded) when given.
///
/// A bound is compared with whole keys byte by byte, so a bound holding a key's first
/// values bounds by those values: `upper` being the value `d` leaves out every key whose
/// first value is `d` or after it.
@usableFromInline
struct StoredKeyRange: Sendable {
    /// What every key in the range starts with: whole values, possibly none.
    let prefix: [UInt8]
    /// The least key in the range, when it has one.
    let lower: [UInt8]?
    /// The first key after the range, when it has one.
    let upper: [UInt8]?

    /// The keys starting with `prefix`.
    @usableFromInline
    init(prefix: [UInt8]) {
        self.prefix = prefix
        lower = nil
        upper = nil
    }

    /// The keys starting with `prefix` from `lower` up to `upper` (either may be nil: no bound).
    @usableFromInline
    init(prefix: [UInt8], from lower: [UInt8]?, to upper: [UInt8]?) {
        self.prefix = prefix
        self.lower = lower.map { prefix + $0 }
        self.upper = upper.map { prefix + $0 }
    }

    /// Every key.
    @usableFromInline static let all = StoredKeyRange(prefix: [])

    /// Whether the range has a bound besides its prefix.
    var isBounded: Bool { lower != nil || upper != nil }

    /// Whether `key`, a whole key, lies in the range.
    func contains(_ key: UnsafeRawBufferPointer) -> Bool {
        guard hasPrefix(key) else { return false }
        if let lower, lower.withUnsafeBytes({ KeyOrder.precedes(key, $0) }) { return false }
        if let upper, !upper.withUnsafeBytes({ KeyOrder.precedes(key, $0) }) { return false }
        return true
    }

    /// Whether no key sorting at or after `storedKey` lies in the range, `storedKey` being
    /// a key as stored (cut to `keptLength` bytes and a digest when longer than `maximumLength`):
    /// only the bytes it keeps of the whole key are compared.
    func endsBefore(storedKey: UnsafeRawBufferPointer, keptLength: Int, maximumLength: Int) -> Bool {
        guard hasPrefix(storedKey) else { return true }
        guard let upper else { return false }
        guard storedKey.count >= maximumLength else { return !upper.withUnsafeBytes { KeyOrder.precedes(storedKey, $0) } }
        // A shortened key: its whole key starts with the kept bytes and goes on.
        let kept = UnsafeRawBufferPointer(rebasing: storedKey.prefix(keptLength))
        let comparedUpper = upper.prefix(keptLength)
        if kept.elementsEqual(comparedUpper) { return upper.count <= keptLength }
        return !Array(comparedUpper).withUnsafeBytes { KeyOrder.precedes(kept, $0) }
    }

    /// Whether `key` starts with the prefix, compared a word at a time: a scan asks for each
    /// row it visits.
    private func hasPrefix(_ key: UnsafeRawBufferPointer) -> Bool {
        guard key.count >= prefix.count else { return false }
        return prefix.withUnsafeBytes { prefix in prefix.isEmpty || memcmp(key.baseAddress!, prefix.baseAddress!, prefix.count) == 0 }
    }

    /// Where a scan of stored keys starts: the prefix, or the lower bound cut to the bytes a
    /// stored key keeps.
    func start(keptLength: Int) -> [UInt8] {
        guard let lower else { return prefix }
        return Array(lower.prefix(keptLength))
    }
}
