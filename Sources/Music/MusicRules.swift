import EventLedger

extension MusicDomain {
    /// Checks that a song's artist is live, on strict appends (imports accept unknown
    /// artists). That an edited artist or song is live, and a restored one exists, is
    /// required by the events themselves (`EventEntity`); a new artist or song obeys only
    /// the ledger's rule that its stream is new.
    public func check(_ event: MusicEvent, against readModel: ReadModelReader, mode: RuleMode) throws(LedgerError) {
        guard mode == .strict else { return }
        let artistId: String? =
            switch event {
            case .songAdded(let added): added.artistId
            case .songReassigned(let reassigned): reassigned.artistId
            case .songRestored(let restored): restored.title == nil ? nil : restored.artistId
            default: nil
            }
        guard let artistId else { return }
        try readModel.requireLive(MusicTables.artists, artistId, kind: "artist")
    }
}
