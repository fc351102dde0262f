/// How much memory folds of read models may take before they write what they folded, so that
/// a rebuild or a large commit stays bounded in memory however long the log or the commit.
struct FoldMemoryLimits: Sendable {
    /// The folds a rebuild makes side by side in read transactions, together: a fold that
    /// would take more stops, and goes on in the write transaction that stores it. A ledger
    /// of a million events fits.
    var sideBySide = 256 << 20
    /// A rebuild's fold going on in its write transaction: its versions are written, in key
    /// order, whenever they take this much, and it goes on from empty over them.
    var inWrite = 64 << 20
    /// A large commit's fold, written out in the same way. A commit keeps the pages it writes
    /// in memory until LMDB spills them to the file (up to 512 MiB of them; none in a file
    /// written in place), and what it holds besides stays within 128 MiB: this fold, the index
    /// entries below, the events being prepared. A bulk load of a million events into an open
    /// ledger then peaks at about 570 MiB of anonymous memory, one into a new ledger (written in
    /// place) at about 60 MiB. Smaller folds cost some speed: after each store, the fold reads
    /// the rows it stored from their tables.
    var commit = 32 << 20
    /// How many events' stream and id entries a large commit gathers before it writes them
    /// (with the versions and positions it finds by stream and id, about 8 MiB): later events
    /// find them in their tables.
    var indexEntries = 1 << 15
    /// How often, in events, a fold counts its memory.
    var eventsPerCheck = 4_096

    /// The limits a ledger uses.
    static let standard = FoldMemoryLimits()
}
