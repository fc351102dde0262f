import EventLedger

extension MusicDomain {
    /// Folds an artist or song event into the `artist-songs` read model. Total: events
    /// about entities that are unknown or deleted change nothing, and songs may name
    /// artists that do not exist yet (imports).
    public func apply(_ event: any DomainEvent, context: ProjectionContext, to state: any ProjectionWriter) throws {
        let projector = MusicProjector(state: state)
        switch event {
        case let created as ArtistCreated:
            try projector.createArtist(created.artistId, name: created.name)
        case let renamed as ArtistRenamed:
            try projector.renameArtist(renamed.artistId, to: renamed.name)
        case let deleted as ArtistDeleted:
            try projector.deleteArtist(deleted.artistId)
        case let added as SongAdded:
            try projector.addSong(added.songId, title: added.title, artistId: added.artistId,
                                  durationSeconds: added.durationSeconds)
        case let retitled as SongRetitled:
            try projector.updateSong(retitled.songId) { $0.title = retitled.title }
        case let reassigned as SongReassigned:
            let artistId = try projector.reference(to: reassigned.artistId)
            try projector.updateSong(reassigned.songId) { $0.artistId = artistId }
        case let deleted as SongDeleted:
            try projector.updateSong(deleted.songId) { $0.isDeleted = true }
        default:
            break
        }
    }
}

/// Changes the music tables, keeping every index in step with `artists` and `songs`.
///
/// Invariants: a live song is in `songsByTitle`; in `artistSongs` when it names an artist
/// that is live or not yet known; counted in its artist's `artistsByName` row when that
/// artist is live, and in `orphanSongs` otherwise. No song names a deleted artist.
struct MusicProjector {
    let state: any ProjectionWriter

    private var music: MusicState { MusicState(reader: state) }

    func createArtist(_ artistId: String, name: String) throws {
        // Songs imported before their artist stop being orphans and count for it.
        let songs = try state.rows(MusicTables.artistSongs, prefix: StateKey(artistId))
        for song in songs {
            let (titleOrder, songId) = (song.key.component(1), song.key.component(2))
            try state.remove(MusicTables.orphanSongs, StateKey(titleOrder, songId))
        }
        try state.set(MusicTables.artists, StateKey(artistId), ArtistRecord(name: name).row)
        try state.set(MusicTables.artistsByName, MusicTables.nameKey(name, artistId), [name, String(songs.count)])
    }

    func renameArtist(_ artistId: String, to name: String) throws {
        guard let artist = try music.liveArtist(artistId) else { return }
        let oldKey = MusicTables.nameKey(artist.name, artistId)
        let count = try MusicTables.songCount(state.row(MusicTables.artistsByName, oldKey))
        try state.remove(MusicTables.artistsByName, oldKey)
        try state.set(MusicTables.artistsByName, MusicTables.nameKey(name, artistId), [name, String(count)])
        try state.set(MusicTables.artists, StateKey(artistId), ArtistRecord(name: name).row)
    }

    /// Deletes the artist and nullifies its songs' artist.
    func deleteArtist(_ artistId: String) throws {
        guard let artist = try music.liveArtist(artistId) else { return }
        try state.remove(MusicTables.artistsByName, MusicTables.nameKey(artist.name, artistId))
        try state.set(MusicTables.artists, StateKey(artistId), ArtistRecord(name: artist.name, isDeleted: true).row)
        for song in try state.rows(MusicTables.artistSongs, prefix: StateKey(artistId)) {
            try updateSong(song.key.component(2)) { $0.artistId = nil }
        }
    }

    func addSong(_ songId: String, title: String, artistId: String?, durationSeconds: Int?) throws {
        let song = SongRecord(title: title, artistId: try reference(to: artistId), durationSeconds: durationSeconds)
        try index(songId, song)
        try state.set(MusicTables.songs, StateKey(songId), song.row)
    }

    /// Changes a live song and moves it in the indexes; a deleted song leaves them. Song
    /// counts change only when the song leaves its artist (moved or deleted).
    func updateSong(_ songId: String, _ change: (inout SongRecord) -> Void) throws {
        guard let old = try music.liveSong(songId) else { return }
        var new = old
        change(&new)
        let leavesArtist = new.isDeleted || new.artistId != old.artistId
        try unindex(songId, old, counting: leavesArtist)
        if !new.isDeleted { try index(songId, new, counting: leavesArtist) }
        try state.set(MusicTables.songs, StateKey(songId), new.row)
    }

    /// A song's reference to `artistId`: none when that artist is deleted (an import may
    /// name an artist deleted earlier; deleting an artist nullifies its songs' references).
    func reference(to artistId: String?) throws -> String? {
        guard let artistId, try music.artist(artistId)?.isDeleted != true else { return nil }
        return artistId
    }

    /// Adds the song to the indexes; with `counting`, to its live artist's song count.
    private func index(_ songId: String, _ song: SongRecord, counting: Bool = true) throws {
        let duration = MusicTables.durationField(song.durationSeconds)
        let (titleKey, fields) = (MusicTables.titleKey(song.title, songId), [song.title, MusicTables.artistField(song.artistId), duration])
        try state.set(MusicTables.songsByTitle, titleKey, fields)
        if let artistId = song.artistId {
            try state.set(MusicTables.artistSongs, MusicTables.artistSongKey(artistId, song.title, songId), [song.title, duration])
            if try adjustSongCount(of: artistId, by: counting ? 1 : 0) { return }
        }
        try state.set(MusicTables.orphanSongs, titleKey, fields)
    }

    /// Removes the song from the indexes; with `counting`, from its live artist's song count.
    private func unindex(_ songId: String, _ song: SongRecord, counting: Bool) throws {
        let titleKey = MusicTables.titleKey(song.title, songId)
        try state.remove(MusicTables.songsByTitle, titleKey)
        try state.remove(MusicTables.orphanSongs, titleKey)
        if let artistId = song.artistId {
            try state.remove(MusicTables.artistSongs, MusicTables.artistSongKey(artistId, song.title, songId))
            if counting { try adjustSongCount(of: artistId, by: -1) }
        }
    }

    /// Adds `delta` (when not 0) to the song count of `artistId` when that artist is live;
    /// returns whether it is.
    @discardableResult
    private func adjustSongCount(of artistId: String, by delta: Int) throws -> Bool {
        guard let artist = try music.liveArtist(artistId) else { return false }
        guard delta != 0 else { return true }
        let key = MusicTables.nameKey(artist.name, artistId)
        let count = try MusicTables.songCount(state.row(MusicTables.artistsByName, key))
        try state.set(MusicTables.artistsByName, key, [artist.name, String(count + delta)])
        return true
    }
}
