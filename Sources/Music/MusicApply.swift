import EventLedger

extension MusicDomain {
    /// Folds an artist or song event into the `artist-songs` read model. Total: events
    /// about entities that are unknown or deleted change nothing, and songs may name
    /// artists that do not exist yet (imports).
    public func apply(_ event: MusicEvent, context: EventContext, to readModel: ReadModelWriter) throws(LedgerError) {
        let changes = MusicChanges(readModel: readModel, context: context)
        switch event {
        case .artistCreated(let created):
            try readModel.set(MusicTables.artists, created.artistId, ArtistRecord(name: created.name))
        case .artistRenamed(let renamed):
            try readModel.updateLive(MusicTables.artists, renamed.artistId) { $0.name = renamed.name }
        case .artistDeleted(let deleted):
            try changes.deleteArtist(deleted.artistId)
        case .songAdded(let added):
            try changes.addSong(added.songId, title: added.title, artistId: added.artistId, durationSeconds: added.durationSeconds)
        case .songRetitled(let retitled):
            try readModel.updateLive(MusicTables.songs, retitled.songId) { $0.title = retitled.title }
        case .songReassigned(let reassigned):
            let artistId = try changes.reference(to: reassigned.artistId)
            try readModel.updateLive(MusicTables.songs, reassigned.songId) { $0.artistId = artistId }
        case .songDeleted(let deleted):
            try readModel.updateLive(MusicTables.songs, deleted.songId) { $0.isDeleted = true }
        case .artistRestored(let restored):
            guard let name = restored.name else { return try changes.deleteArtist(restored.artistId) }
            try readModel.set(MusicTables.artists, restored.artistId, ArtistRecord(name: name))
        case .songRestored(let restored):
            guard let title = restored.title else {
                try readModel.updateLive(MusicTables.songs, restored.songId) { $0.isDeleted = true }
                return
            }
            try changes.addSong(restored.songId, title: title, artistId: restored.artistId, durationSeconds: restored.durationSeconds)
        }
    }
}

/// The changes to artists and songs that take more than one row; the ledger keeps the
/// indexes in step. No song names a deleted artist.
struct MusicChanges {
    /// The read model being changed.
    let readModel: ReadModelWriter
    /// The event being folded.
    let context: EventContext

    /// Deletes the live artist and nullifies its songs' artist; the event is linked to each
    /// of those songs' streams.
    func deleteArtist(_ artistId: String) throws(LedgerError) {
        guard try readModel.updateLive(MusicTables.artists, artistId, { $0.isDeleted = true }) else { return }
        try readModel.updateMembers(of: artistId, in: MusicTables.songs, listedBy: MusicTables.songsByArtist, linking: context) {
            $0.artistId = nil
        }
    }

    /// Makes the song live with `title`, `artistId` (unless that artist is deleted) and
    /// `durationSeconds`: added when unknown, brought back when deleted.
    func addSong(_ songId: String, title: String, artistId: String?, durationSeconds: Int?) throws(LedgerError) {
        let song = SongRecord(title: title, artistId: try reference(to: artistId), durationSeconds: durationSeconds)
        try readModel.set(MusicTables.songs, songId, song)
    }

    /// A song's reference to `artistId`: none when that artist is deleted (an import may
    /// name an artist deleted earlier; deleting an artist nullifies its songs' references).
    func reference(to artistId: String?) throws(LedgerError) -> String? {
        try readModel.reference(to: artistId, in: MusicTables.artists).id
    }
}
