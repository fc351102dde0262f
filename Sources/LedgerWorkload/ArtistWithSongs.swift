import EventLedger
import Music

extension WorkloadGenerator {
    /// The events that create the artist `artistId` with `count` songs (ids
    /// `⟨artistId⟩.song-1` …), to append as one batch to a ledger that does not hold the
    /// artist yet: the "artist with many songs" of the current-state query benchmark.
    public static func artistWithSongs(_ artistId: String, count: Int) -> [PendingEvent] {
        let artist = PendingEvent(ArtistCreated(artistId: artistId, name: "Sigur Rós"), expect: .noStream)
        let words = WorkloadNames.words
        let songs = stride(from: 1, through: count, by: 1).map { number in
            let title = "\(words[number % words.count]) \(words[(number / words.count) % words.count]) \(number)"
            return PendingEvent(
                SongAdded(songId: "\(artistId).song-\(number)", title: title, artistId: artistId),
                expect: .noStream)
        }
        return [artist] + songs
    }
}
