import EventLedger
import LedgerTestSupport
import Music
import Testing

/// A later commit that changed what the read model shows of an entity without an event of
/// its stream (an artist's song count) still makes an earlier commit of it impossible to undo.
@Suite struct MusicUndoConflictTests {
    @Test func aSongAddedUnderAnArtistLaterBlocksUndoingItsCreationNamingThatCommit() throws {
        try withTemporaryLedger(MusicDomain()) { ledger in
            let created = try ledger.append(ArtistCreated(artistId: "queen", name: "Queen"))
            for index in 1...5 { try ledger.append(ArtistCreated(artistId: "other-\(index)", name: "Other \(index)")) }
            let song = try ledger.append(SongAdded(songId: "radio", title: "Radio Ga Ga", artistId: "queen"))
            for index in 1...5 { try ledger.append(ArtistRenamed(artistId: "other-\(index)", name: "Renamed \(index)")) }
            let error = try #require(throws: LedgerError.self) { try ledger.undo(commit: created.commit) }
            #expect(error.kind == .conflict && error.subject == "artist-queen")
            #expect(error.message == "commit \(created.commit) cannot be undone: commit \(song.commit) changed artist-queen since")
        }
    }

    @Test func undoingASongsAdditionLowersItsArtistsCountAsItWasBefore() throws {
        try withTemporaryLedger(MusicDomain()) { ledger in
            try ledger.append(ArtistCreated(artistId: "queen", name: "Queen"))
            try ledger.append(SongAdded(songId: "radio", title: "Radio Ga Ga", artistId: "queen"))
            let added = try ledger.append(SongAdded(songId: "bicycle", title: "Bicycle Race", artistId: "queen"))
            let before = try ledger.query("artists", asOf: .position(added.positions[0] - 1)).json
            try ledger.undo(commit: added.commit)
            #expect(try ledger.query("artists").json == before)
            #expect(try ledger.verify().isIntact)
        }
    }
}
