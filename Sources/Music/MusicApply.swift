import EventLedger

extension MusicDomain {
    /// Folds an artist or song event into the `artist-songs` read model. Total: events
    /// about entities that are unknown or deleted change nothing, and songs may name
    /// artists that do not exist yet (imports).
    public func apply(_ event: MusicEvent, context: EventContext, to readModel: ReadModelWriter) throws(LedgerError) {
        let changes = MusicChanges(readModel: readModel)
        switch event {
        case .artistCreated(let created):
            try changes.createArtist(created.artistId, name: created.name)
        case .artistRenamed(let renamed):
            try changes.renameArtist(renamed.artistId, to: renamed.name)
        case .artistDeleted(let deleted):
            try changes.deleteArtist(deleted.artistId, context: context)
        case .songAdded(let added):
            try changes.addSong(
                added.songId, title: added.title, artistId: added.artistId,
                durationSeconds: added.durationSeconds)
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

/// Changes the music tables, keeping every index in step with `artists` and `songs`.
///
/// Invariants: a live song is in `songsByTitle`; in `artistSongs` when it names an artist
/// that is live or not yet known; counted in its artist's `artistsByName` row when that
/// artist is live, and in `orphanSongs` otherwise. No song names a deleted artist.
struct MusicChanges {
    let readModel: ReadModelWriter

    func createArtist(_ artistId: String, name: String) throws(LedgerError) {
        // Songs imported before their artist stop being orphans and count for it.
        let songs = try readModel.rows(MusicTables.artistSongs, prefix: artistId)
        for song in songs {
            try readModel.remove(MusicTables.orphanSongs, NameOrderKey(name: song.row.title, id: song.key.songId))
        }
        try readModel.set(MusicTables.artists, artistId, ArtistRecord(name: name))
        try readModel.set(
            MusicTables.artistsByName, NameOrderKey(name: name, id: artistId),
            ListedArtist(name: name, songCount: songs.count))
    }

    func renameArtist(_ artistId: String, to name: String) throws(LedgerError) {
        guard let artist = try readModel.liveRow(MusicTables.artists, artistId) else { return }
        let oldKey = NameOrderKey(name: artist.name, id: artistId)
        let listed = try listing(oldKey)
        try readModel.remove(MusicTables.artistsByName, oldKey)
        try readModel.set(
            MusicTables.artistsByName, NameOrderKey(name: name, id: artistId),
            ListedArtist(name: name, songCount: listed.songCount))
        try readModel.set(MusicTables.artists, artistId, ArtistRecord(name: name))
    }

    /// Deletes the artist and nullifies its songs' artist; the event is linked to each of
    /// those songs' streams.
    func deleteArtist(_ artistId: String, context: EventContext) throws(LedgerError) {
        guard let artist = try readModel.liveRow(MusicTables.artists, artistId) else { return }
        try readModel.remove(MusicTables.artistsByName, NameOrderKey(name: artist.name, id: artistId))
        try readModel.set(MusicTables.artists, artistId, ArtistRecord(name: artist.name, isDeleted: true))
        for song in try readModel.rows(MusicTables.artistSongs, prefix: artistId) {
            try updateSong(song.key.songId) { $0.artistId = nil }
            try context.link(stream: MusicStreams.song(song.key.songId))
        }
    }

    /// Makes the artist live with `name` (created when unknown, brought back when deleted),
    /// or deletes it when `name` is nil.
    func restoreArtist(_ artistId: String, name: String?, context: EventContext) throws(LedgerError) {
        guard let name else { return try deleteArtist(artistId, context: context) }
        if try readModel.liveRow(MusicTables.artists, artistId) != nil {
            try renameArtist(artistId, to: name)
        } else {
            try createArtist(artistId, name: name)
        }
    }

    /// Makes the song live with `title`, `artistId` and `durationSeconds` (added when unknown,
    /// brought back when deleted), or deletes it when `title` is nil.
    func restoreSong(_ songId: String, title: String?, artistId: String?, durationSeconds: Int?) throws(LedgerError) {
        guard let title else { return try updateSong(songId) { $0.isDeleted = true } }
        guard try readModel.liveRow(MusicTables.songs, songId) != nil else {
            return try addSong(songId, title: title, artistId: artistId, durationSeconds: durationSeconds)
        }
        let artistId = try reference(to: artistId)
        try updateSong(songId) { song in
            song.title = title
            song.artistId = artistId
            song.durationSeconds = durationSeconds
        }
    }

    func addSong(_ songId: String, title: String, artistId: String?, durationSeconds: Int?) throws(LedgerError) {
        let artist = try readModel.reference(to: artistId, in: MusicTables.artists)
        let song = SongRecord(title: title, artistId: artist.id, durationSeconds: durationSeconds)
        try index(songId, song, listedAt: listingKey(of: artist), counting: true)
        try readModel.set(MusicTables.songs, songId, song)
    }

    /// Changes a live song and moves it in the indexes; a deleted song leaves them. Song
    /// counts change only when the song leaves its artist (moved or deleted).
    func updateSong(_ songId: String, _ change: (inout SongRecord) -> Void) throws(LedgerError) {
        guard let old = try readModel.liveRow(MusicTables.songs, songId) else { return }
        var new = old
        change(&new)
        let leavesArtist = new.isDeleted || new.artistId != old.artistId
        let oldListing = listingKey(of: try readModel.reference(to: old.artistId, in: MusicTables.artists))
        try unindex(songId, old, listedAt: oldListing, counting: leavesArtist)
        if !new.isDeleted {
            let newListing =
                new.artistId == old.artistId
                ? oldListing : listingKey(of: try readModel.reference(to: new.artistId, in: MusicTables.artists))
            try index(songId, new, listedAt: newListing, counting: leavesArtist)
        }
        try readModel.set(MusicTables.songs, songId, new)
    }

    /// A song's reference to `artistId`: none when that artist is deleted (an import may
    /// name an artist deleted earlier; deleting an artist nullifies its songs' references).
    func reference(to artistId: String?) throws(LedgerError) -> String? {
        try readModel.reference(to: artistId, in: MusicTables.artists).id
    }

    /// The `artistsByName` key of the artist a song names, when that artist is live.
    private func listingKey(of artist: EntityReference<ArtistRecord>) -> NameOrderKey? {
        guard let id = artist.id, let row = artist.liveRow else { return nil }
        return NameOrderKey(name: row.name, id: id)
    }

    /// Adds the song to the indexes: under its artist when it names one, counted when that
    /// artist is live (`listedAt` its listing) and `counting`, and in `orphanSongs` otherwise.
    private func index(_ songId: String, _ song: SongRecord, listedAt listingKey: NameOrderKey?, counting: Bool) throws(LedgerError) {
        let titleKey = NameOrderKey(name: song.title, id: songId)
        let listed = ListedSong(title: song.title, artistId: song.artistId, durationSeconds: song.durationSeconds)
        try readModel.set(MusicTables.songsByTitle, titleKey, listed)
        if let artistId = song.artistId {
            try readModel.set(
                MusicTables.artistSongs, ArtistSongKey(artistId: artistId, title: song.title, songId: songId),
                ArtistSongRow(title: song.title, durationSeconds: song.durationSeconds))
            if let listingKey {
                if counting { try adjustSongCount(at: listingKey, by: 1) }
                return
            }
        }
        try readModel.set(MusicTables.orphanSongs, titleKey, listed)
    }

    /// Removes the song from the indexes, and with `counting` from the song count of its live
    /// artist (`listedAt` its listing); a song with a live artist is not in `orphanSongs`.
    private func unindex(_ songId: String, _ song: SongRecord, listedAt listingKey: NameOrderKey?, counting: Bool) throws(LedgerError) {
        let titleKey = NameOrderKey(name: song.title, id: songId)
        try readModel.remove(MusicTables.songsByTitle, titleKey)
        if let artistId = song.artistId {
            try readModel.remove(MusicTables.artistSongs, ArtistSongKey(artistId: artistId, title: song.title, songId: songId))
            if let listingKey {
                if counting { try adjustSongCount(at: listingKey, by: -1) }
                return
            }
        }
        try readModel.remove(MusicTables.orphanSongs, titleKey)
    }

    /// Adds `delta` to the song count of the live artist listed at `key`.
    private func adjustSongCount(at key: NameOrderKey, by delta: Int) throws(LedgerError) {
        var listed = try listing(key)
        listed.songCount += delta
        try readModel.set(MusicTables.artistsByName, key, listed)
    }

    /// The `artistsByName` row of a live artist, which every live artist has.
    private func listing(_ key: NameOrderKey) throws(LedgerError) -> ListedArtist {
        guard let listed = try readModel.row(MusicTables.artistsByName, key) else {
            throw LedgerError(.corruption, "read-model table \(MusicTables.artistsByName.qualifiedName) has no row for the live artist \"\(key.id)\"")
        }
        return listed
    }
}
