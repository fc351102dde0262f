/// A version the file records about itself (its format, or the version of the domain that
/// built a read model): a big-endian `u64` from 1. A record of another length, or holding 0,
/// is damage, never read as some version: it may have held a newer one.
enum VersionRecord {
    /// The version `bytes` hold; nil when they are damaged.
    static func version(_ bytes: UnsafeRawBufferPointer) -> Int? {
        guard bytes.count == 8 else { return nil }
        let value = LedgerTables.readBigEndian(bytes)
        return value == 0 ? nil : Int(clamping: value)
    }

    /// What is wrong with `bytes`, which `version(_:)` found damaged, for messages.
    static func damage(_ bytes: UnsafeRawBufferPointer) -> String {
        bytes.count == 8 ? "it holds version 0" : "it holds \(bytes.count) byte\(bytes.count == 1 ? "" : "s"), not the 8 of a version"
    }
}
