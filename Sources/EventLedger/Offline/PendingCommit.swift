/// A commit written while the primary was unreachable (with `Ledger.Options.whenUnreachable`
/// `.queue`): kept in the replica's file, shown by its reads after the confirmed commits, and
/// sent to the primary by the next sync, which accepts it as any online write or refuses it.
public struct PendingCommit: Sendable {
    /// Its number on this replica, from 1, in the order commits were queued.
    public let id: UInt64
    /// When it was queued.
    public let queuedAt: Timestamp
    /// Its events, each with the id it keeps when the primary accepts it.
    public let events: [PendingEvent]
    /// The stream of each event, in the order of `events`.
    public let streams: [String]
    /// Whether its events apply to the replica's state now. One that no longer does (the
    /// primary's commits since break a rule it relies on) is left out of the replica's reads
    /// and stays queued: the primary's check decides at the next sync.
    public let appliesLocally: Bool

    /// Each event as `ledger log --json` prints a pending one: `{"pending", "queuedAt", "id",
    /// "stream", "type", "data", "metadata"}`, without the position, commit, version and hash
    /// it has yet to take.
    public var envelopes: [JSONValue] {
        zip(events, streams).map { event, stream in
            .object([
                "pending": .int(Int64(id)),
                "queuedAt": .string(queuedAt.description),
                "id": .string(event.id?.description ?? ""),
                "stream": .string(stream),
                "type": .string(event.type),
                "data": .object(event.payload),
                "metadata": .object(event.metadata.mapValues { .string($0) }),
            ])
        }
    }
}

/// A pending commit the primary refused: its events, kept so that nothing written is lost, and
/// why (`reason.kind`: `.ruleViolation`, `.conflict` or `.invalidInput`, exit 1, 3 or 4).
public struct RefusedCommit: Sendable {
    /// Its number on this replica, as it had while pending.
    public let id: UInt64
    /// When it was queued.
    public let queuedAt: Timestamp
    /// When the primary refused it.
    public let refusedAt: Timestamp
    /// Its events.
    public let events: [PendingEvent]
    /// The stream of each event, in the order of `events`.
    public let streams: [String]
    /// Why the primary refused it: the error an online write of it would have had.
    public let reason: LedgerError
}

/// What a sync did: the other machines' events it appended, and what became of the pending
/// commits it sent, in the order they were queued.
public struct SyncReport: Sendable {
    /// How many events of other machines' commits the replica appended before sending its own.
    public let appended: Int
    /// The pending commits the primary accepted, with where they landed.
    public let accepted: [(pending: UInt64, result: AppendResult)]
    /// The pending commits the primary refused, now in `Ledger.refusedCommits()`.
    public let refused: [RefusedCommit]
}
