import EventLedger

extension MusicDomain {
    /// Folds an artist or song event into the `artist-songs` read model. Total: events
    /// about entities that are unknown or deleted change nothing, and songs may name
    /// artists that do not exist yet (imports).
    public func apply(_ event: MusicEvent, context: EventContext, to readModel: ReadModelWriter) throws(LedgerError) {
        let changes = MusicChanges(readModel: readModel)
        switch event {
        case .artistCreated(let created):
            try readModel.set(MusicTables.artists, created.artistId, ArtistRecord(name: created.name))
        case .artistRenamed(let renamed):
            try changes.renameArtist(renamed.artistId, to: renamed.name)
        case .artistDeleted(let deleted):
            try changes.deleteArtist(deleted.artistId, context: context)
        case .songAdded(let added):
            try changes.addSong(
                added.songId, title: added.title, artistId: added.artistId, durationSeconds: added.durationSeconds)
        case .songRetitled(let retitled):
            try changes.updateSong(retitled.songId) { $0.title = retitled.title }
        case .songReassigned(let reassigned):
            let artistId = try changes.reference(to: reassigned.artistId)
            try changes.updateSong(reassigned.songId) { $0.artistId = artistId }
        case .songDeleted(let deleted):
            try changes.updateSong(deleted.songId) { $0.isDeleted = true }
        case .artistRestored(let restored):
            try changes.restoreArtist(restored.artistId, name: restored.name, context: context)
        case .songRestored(let restored):
            try changes.restoreSong(
                restored.songId, title: restored.title, artistId: restored.artistId,
                durationSeconds: restored.durationSeconds)
        }
    }
}

/// Changes the rows of artists and songs; the ledger keeps their indexes in step.
/// No song names a deleted artist.
struct MusicChanges {
    let readModel: ReadModelWriter

    func renameArtist(_ artistId: String, to name: String) throws(LedgerError) {
        guard try readModel.liveRow(MusicTables.artists, artistId) != nil else { return }
        try readModel.set(MusicTables.artists, artistId, ArtistRecord(name: name))
    }

    /// Deletes the artist and nullifies its songs' artist; the event is linked to each of
    /// those songs' streams.
    func deleteArtist(_ artistId: String, context: EventContext) throws(LedgerError) {
        guard let artist = try readModel.liveRow(MusicTables.artists, artistId) else { return }
        try readModel.set(MusicTables.artists, artistId, ArtistRecord(name: artist.name, isDeleted: true))
        for song in try readModel.rows(MusicTables.songs, index: MusicTables.songsByArtist, prefix: artistId) {
            try updateSong(song.key) { $0.artistId = nil }
            try context.link(stream: MusicStreams.song(song.key))
        }
    }

    /// Makes the artist live with `name` (created when unknown, brought back when deleted),
    /// or deletes it when `name` is nil.
    func restoreArtist(_ artistId: String, name: String?, context: EventContext) throws(LedgerError) {
        guard let name else { return try deleteArtist(artistId, context: context) }
        try readModel.set(MusicTables.artists, artistId, ArtistRecord(name: name))
    }

    /// Makes the song live with `title`, `artistId` and `durationSeconds` (added when unknown,
    /// brought back when deleted), or deletes it when `title` is nil.
    func restoreSong(_ songId: String, title: String?, artistId: String?, durationSeconds: Int?) throws(LedgerError) {
        guard let title else { return try updateSong(songId) { $0.isDeleted = true } }
        try addSong(songId, title: title, artistId: artistId, durationSeconds: durationSeconds)
    }

    func addSong(_ songId: String, title: String, artistId: String?, durationSeconds: Int?) throws(LedgerError) {
        let song = SongRecord(title: title, artistId: try reference(to: artistId), durationSeconds: durationSeconds)
        try readModel.set(MusicTables.songs, songId, song)
    }

    /// Changes a live song; a deleted or unknown one stays as it is.
    func updateSong(_ songId: String, _ change: (inout SongRecord) -> Void) throws(LedgerError) {
        guard var song = try readModel.liveRow(MusicTables.songs, songId) else { return }
        change(&song)
        try readModel.set(MusicTables.songs, songId, song)
    }

    /// A song's reference to `artistId`: none when that artist is deleted (an import may
    /// name an artist deleted earlier; deleting an artist nullifies its songs' references).
    func reference(to artistId: String?) throws(LedgerError) -> String? {
        try readModel.reference(to: artistId, in: MusicTables.artists).id
    }
}
