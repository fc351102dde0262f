import EventLedger

extension MusicDomain {
    /// Checks the rules for artists and songs: edits need a live entity, and a
    /// song's artist must be live (on strict appends; imports accept unknown artists).
    /// A new artist obeys only the ledger's rule that its stream is new.
    public func check(_ event: MusicEvent, against readModel: ReadModelReader, mode: RuleMode) throws(LedgerError) {
        switch event {
        case .artistCreated:
            break
        case .artistRenamed(let renamed):
            try requireLiveArtist(renamed.artistId, in: readModel)
        case .artistDeleted(let deleted):
            try requireLiveArtist(deleted.artistId, in: readModel)
        case .songAdded(let added):
            if mode == .strict, let artistId = added.artistId { try requireLiveArtist(artistId, in: readModel) }
        case .songRetitled(let retitled):
            try requireLiveSong(retitled.songId, in: readModel)
        case .songReassigned(let reassigned):
            try requireLiveSong(reassigned.songId, in: readModel)
            if mode == .strict, let artistId = reassigned.artistId { try requireLiveArtist(artistId, in: readModel) }
        case .songDeleted(let deleted):
            try requireLiveSong(deleted.songId, in: readModel)
        case .artistRestored(let restored):
            try readModel.requireKnown(MusicTables.artists, restored.artistId, kind: "artist", stream: restored.stream)
        case .songRestored(let restored):
            try readModel.requireKnown(MusicTables.songs, restored.songId, kind: "song", stream: restored.stream)
            if mode == .strict, restored.title != nil, let artistId = restored.artistId { try requireLiveArtist(artistId, in: readModel) }
        }
    }

    private func requireLiveArtist(_ artistId: String, in readModel: ReadModelReader) throws(LedgerError) {
        try readModel.requireLive(MusicTables.artists, artistId, kind: "artist")
    }

    private func requireLiveSong(_ songId: String, in readModel: ReadModelReader) throws(LedgerError) {
        try readModel.requireLive(MusicTables.songs, songId, kind: "song")
    }
}
