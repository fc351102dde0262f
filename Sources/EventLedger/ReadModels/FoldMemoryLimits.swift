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
    /// A large commit's fold, written out in the same way: a commit of a million events fits,
    /// and is written once, at its end.
    var commit = 256 << 20
    /// How many events' stream and id entries a large commit gathers before it writes them
    /// (with the versions and positions it finds by stream and id, about 30 MiB): later events
    /// find them in their tables.
    var indexEntries = 1 << 17
    /// How often, in events, a fold counts its memory.
    var eventsPerCheck = 4_096

    /// The limits a ledger uses.
    static let standard = FoldMemoryLimits()

    /// The limits of a file written in place (see `Environment.init`), where storing a fold
    /// costs no memory for the pages it changes: a large commit stores its fold every 32 MiB.
    /// A new ledger imported from a million-event commit then peaks at about 210 MiB instead of
    /// 423, in 12–13 s instead of 15 (where pages are copied in memory, smaller folds cost
    /// more of both: a bulk load of a million events took 52k events/s and 784 MiB with 32 MiB
    /// folds, 72k and 671 MiB with the standard ones). A bulk load of a million generated
    /// events into a new ledger peaks at about 175 MiB, at 0.8–0.9× the speed of one into an
    /// open ledger: after each store, the fold reads the rows it stored from their tables.
    static let writingInPlace = FoldMemoryLimits(commit: 32 << 20)
}
