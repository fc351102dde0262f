import EventLedger
import LedgerWorkload
import Music

/// When each artist of a generated stream was created, deleted and restored, to pick an
/// artist that is live at a given position.
struct ArtistLifetimes {
    private var ids: [String] = []
    private var created: [UInt64] = []
    /// Each artist's changes after its creation, oldest first: whether it is live from then.
    private var changes: [String: [(position: UInt64, isLive: Bool)]] = [:]

    /// Notes the event appended at `position` if it creates, deletes or restores an artist.
    mutating func record(_ event: PendingEvent, at position: UInt64) {
        guard let artistId = event.payload["artistId"]?.stringValue else { return }
        switch event.type {
        case ArtistCreated.typeName:
            ids.append(artistId)
            created.append(position)
        case ArtistDeleted.typeName:
            changes[artistId, default: []].append((position, false))
        case ArtistRestored.typeName:
            let isLive = event.payload["name"].map { $0 != .null } ?? false
            changes[artistId, default: []].append((position, isLive))
        default:
            break
        }
    }

    /// A random artist created at or before `position` and live then; nil when a few draws
    /// find none.
    func liveArtist(at position: UInt64, using random: inout SplitMix64) -> String? {
        var low = 0, high = created.count
        while low < high {
            let middle = (low + high) / 2
            if created[middle] <= position { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return nil }
        for _ in 0..<16 {
            let artistId = ids[Int.random(in: 0..<low, using: &random)]
            if changes[artistId]?.last(where: { $0.position <= position })?.isLive ?? true { return artistId }
        }
        return nil
    }
}
