/// Integers in LMDB pages read from the file, in native byte order (LMDB writes its pages in
/// the order of the machine, little-endian on the platforms the ledger runs on).
extension [UInt8] {
    /// The 16-bit integer at `offset`.
    func word16(_ offset: Int) -> UInt16 { withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: UInt16.self) } }
    /// The 32-bit integer at `offset`.
    func word32(_ offset: Int) -> UInt32 { withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: UInt32.self) } }
    /// The 64-bit integer at `offset`.
    func word64(_ offset: Int) -> UInt64 { withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: UInt64.self) } }
}
