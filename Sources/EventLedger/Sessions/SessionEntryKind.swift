/// The kinds of entry a form session keeps in the `sessions` table, outside the log.
///
/// A session's header (`SessionHeader`) is stored under its id; each of its other entries
/// under its id, a NUL byte, the entry's kind and a key of that kind's own:
///
/// - `event` ‖ big-endian index (from 0) → a staged event (`StagedEventCoding`);
/// - `pin` ‖ stream → the stream's version when the session first touched it (`SessionPin`);
/// - the overlay (`SessionOverlay`), what the staged events changed, applied on top of the log
///   at some head: `overlayBase` → that head (`OverlayBase`); `row` ‖ big-endian table number ‖
///   stored key → a read-model row's stored value (`StoredRow`, a removal when not present);
///   `streamVersion` ‖ stream → a stream's big-endian version; `eventID` ‖ 16-byte id → the
///   big-endian index of the staged event that has it; `undo` ‖ big-endian index → the overlay
///   entries that staged event changed, with what they held before it (`OverlayUndoRecord`).
///
/// A replica's pending commits are kept as a session of their own (`PendingQueue`), with two
/// more kinds: `pendingCommit` ‖ big-endian commit number → the commit (`QueuedCommit`), its
/// events staged under indices of that number (`PendingQueue.eventIndex`); `refusedCommit` ‖
/// big-endian commit number → a commit the primary refused, its events and the reason
/// (`RefusedCommit`).
///
/// A stream is keyed as a read-model key is (`StoredRow.storedKey`): a long one by its first
/// bytes and a digest of it. The overlay's kinds follow one another, so it is one range of keys.
enum SessionEntryKind: UInt8 {
    case event = 1
    case pin
    case overlayBase
    case row
    case streamVersion
    case eventID
    case undo
    case pendingCommit
    case refusedCommit

    /// The kinds of the overlay's entries.
    static let overlay = overlayBase...undo
}

extension SessionEntryKind: Comparable {
    static func < (lhs: SessionEntryKind, rhs: SessionEntryKind) -> Bool { lhs.rawValue < rhs.rawValue }
}
