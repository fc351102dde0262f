import EventLedger

/// The events of the music domain.
public enum MusicEvent: Sendable, Equatable {
    /// An artist is created.
    case artistCreated(ArtistCreated)
    /// An artist gets a new name.
    case artistRenamed(ArtistRenamed)
    /// An artist is deleted.
    case artistDeleted(ArtistDeleted)
    /// A song is added.
    case songAdded(SongAdded)
    /// A song gets a new title.
    case songRetitled(SongRetitled)
    /// A song gets another artist, or none.
    case songReassigned(SongReassigned)
    /// A song is deleted.
    case songDeleted(SongDeleted)
    /// An artist returns to an earlier state (undo).
    case artistRestored(ArtistRestored)
    /// A song returns to an earlier state (undo).
    case songRestored(SongRestored)

    /// Each event type with its case.
    static let cases: [EventCase<MusicEvent>] = [
        EventCase(ArtistCreated.self, as: MusicEvent.artistCreated),
        EventCase(ArtistRenamed.self, as: MusicEvent.artistRenamed),
        EventCase(ArtistDeleted.self, as: MusicEvent.artistDeleted),
        EventCase(SongAdded.self, as: MusicEvent.songAdded),
        EventCase(SongRetitled.self, as: MusicEvent.songRetitled),
        EventCase(SongReassigned.self, as: MusicEvent.songReassigned),
        EventCase(SongDeleted.self, as: MusicEvent.songDeleted),
        EventCase(ArtistRestored.self, as: MusicEvent.artistRestored),
        EventCase(SongRestored.self, as: MusicEvent.songRestored),
    ]
}
