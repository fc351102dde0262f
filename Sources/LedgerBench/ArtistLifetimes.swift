import EventLedger
import LedgerWorkload
import Music

/// When each artist of a generated stream was created and deleted, to pick an artist
/// that is live at a given position.
struct ArtistLifetimes {
    private var ids: [String] = []
    private var created: [UInt64] = []
    private var deleted: [String: UInt64] = [:]

    /// Notes the event appended at `position` if it creates or deletes an artist.
    mutating func record(_ event: PendingEvent, at position: UInt64) {
        guard let artistId = event.payload["artistId"]?.stringValue else { return }
        switch event.type {
        case ArtistCreated.typeName:
            ids.append(artistId)
            created.append(position)
        case ArtistDeleted.typeName:
            deleted[artistId] = position
        default:
            break
        }
    }

    /// A random artist created at or before `position` and not deleted by then; nil when
    /// a few draws find none.
    func liveArtist(at position: UInt64, using random: inout SplitMix64) -> String? {
        var low = 0, high = created.count
        while low < high {
            let middle = (low + high) / 2
            if created[middle] <= position { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return nil }
        for _ in 0..<16 {
            let artistId = ids[Int.random(in: 0..<low, using: &random)]
            if deleted[artistId].map({ $0 > position }) ?? true { return artistId }
        }
        return nil
    }
}
