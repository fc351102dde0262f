import EventLedger

/// The events of the music domain.
public enum MusicEvent: Sendable, Equatable {
    /// An artist's life.
    case artistCreated(ArtistCreated), artistRenamed(ArtistRenamed), artistDeleted(ArtistDeleted)
    /// A song's life; a song's artist is another, or none, when it is reassigned.
    case songAdded(SongAdded), songRetitled(SongRetitled), songReassigned(SongReassigned), songDeleted(SongDeleted)
    /// An artist or a song returns to an earlier state: what undo appended in earlier versions.
    case artistRestored(ArtistRestored), songRestored(SongRestored)
}
