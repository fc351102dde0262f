import EventLedger

extension MusicDomain {
    /// Checks the rules for artists and songs: edits need a live entity, and a
    /// song's artist must be live (on strict appends; imports accept unknown artists).
    public func check(_ event: any DomainEvent, against state: any ProjectionReader, mode: RuleMode) throws {
        let music = MusicState(reader: state)
        switch event {
        case let renamed as ArtistRenamed:
            try music.requireLiveArtist(renamed.artistId)
        case let deleted as ArtistDeleted:
            try music.requireLiveArtist(deleted.artistId)
        case let added as SongAdded:
            if mode == .strict, let artistId = added.artistId { try music.requireLiveArtist(artistId) }
        case let retitled as SongRetitled:
            try music.requireLiveSong(retitled.songId)
        case let reassigned as SongReassigned:
            try music.requireLiveSong(reassigned.songId)
            if mode == .strict, let artistId = reassigned.artistId { try music.requireLiveArtist(artistId) }
        case let deleted as SongDeleted:
            try music.requireLiveSong(deleted.songId)
        default:
            break
        }
    }
}

private extension MusicState {
    func requireLiveArtist(_ artistId: String) throws {
        try requireLive(artist(artistId)?.isDeleted, kind: "artist", stream: MusicStreams.artist(artistId))
    }

    func requireLiveSong(_ songId: String) throws {
        try requireLive(song(songId)?.isDeleted, kind: "song", stream: MusicStreams.song(songId))
    }

    /// Throws "⟨kind⟩ must exist" when `isDeleted` is nil, "⟨kind⟩ must not be deleted" when true.
    func requireLive(_ isDeleted: Bool?, kind: String, stream: String) throws {
        guard let isDeleted else { throw LedgerError.rule("\(kind) must exist", entity: stream) }
        guard !isDeleted else { throw LedgerError.rule("\(kind) must not be deleted", entity: stream) }
    }
}
