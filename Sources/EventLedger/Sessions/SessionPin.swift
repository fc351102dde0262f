/// A stream a form session touches: the version it had when the session first touched it
/// (a commit finding it moved since is a conflict) and the index of the staged event that
/// did, which an undo of that event forgets it with. Stored as the big-endian version, the
/// big-endian index and the stream's UTF-8 bytes.
struct SessionPin {
    let stream: String
    let version: UInt64
    let firstIndex: Int

    init(stream: String, version: UInt64, firstIndex: Int) {
        self.stream = stream
        self.version = version
        self.firstIndex = firstIndex
    }

    /// The pin stored as `bytes` in session `id`.
    init(id: String, bytes: UnsafeRawBufferPointer) throws {
        guard bytes.count >= 16 else { throw SessionHeader.unreadable(id) }
        version = LedgerTables.readBigEndian(bytes)
        firstIndex = Int(clamping: LedgerTables.readBigEndian(bytes, at: 8))
        stream = String(decoding: bytes.dropFirst(16), as: UTF8.self)
    }

    /// The stored form.
    var encoded: [UInt8] {
        LedgerTables.bigEndian(version) + LedgerTables.bigEndian(UInt64(firstIndex)) + Array(stream.utf8)
    }
}
