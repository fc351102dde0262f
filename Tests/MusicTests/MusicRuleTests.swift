import EventLedger
import LedgerTestSupport
import Music
import Testing

/// The rules of artists and songs: every rule accepted once and rejected once; a rejection changes nothing.
@Suite struct MusicRuleTests {
    let domain = MusicDomain()

    /// A ledger with the live artist `queen`, the deleted artist `abba`, the live song
    /// `money` (no artist) and the deleted song `gone`.
    func withSeededLedger(_ body: (Ledger) throws -> Void) throws {
        try withTemporaryLedger(domain) { ledger in
            try ledger.append([
                PendingEvent(ArtistCreated(artistId: "queen", name: "Queen")),
                PendingEvent(ArtistCreated(artistId: "abba", name: "ABBA")),
                PendingEvent(ArtistDeleted(artistId: "abba")),
                PendingEvent(SongAdded(songId: "money", title: "Money")),
                PendingEvent(SongAdded(songId: "gone", title: "Gone")),
                PendingEvent(SongDeleted(songId: "gone")),
            ])
            try body(ledger)
        }
    }

    @Test func artistEditsNeedALiveArtist() throws {
        try withSeededLedger { ledger in
            try expectRuleViolation(
                "artist must exist", entity: "artist-nobody",
                appending: [PendingEvent(ArtistRenamed(artistId: "nobody", name: "X"))], to: ledger, domain)
            try expectRuleViolation(
                "artist must not be deleted", entity: "artist-abba",
                appending: [PendingEvent(ArtistRenamed(artistId: "abba", name: "X"))], to: ledger, domain)
            try expectRuleViolation(
                "artist must exist", entity: "artist-nobody",
                appending: [PendingEvent(ArtistDeleted(artistId: "nobody"))], to: ledger, domain)
            try expectRuleViolation(
                "artist must not be deleted", entity: "artist-abba",
                appending: [PendingEvent(ArtistDeleted(artistId: "abba"))], to: ledger, domain)

            try ledger.append(ArtistRenamed(artistId: "queen", name: "Queen II"))
            #expect(try queryJSON(ledger, "artists") == #"[{"artistId":"queen","name":"Queen II","songCount":0}]"#)
            try ledger.append(ArtistDeleted(artistId: "queen"))
            #expect(try queryJSON(ledger, "artists") == "[]")
        }
    }

    @Test func songEditsNeedALiveSong() throws {
        try withSeededLedger { ledger in
            for (songId, rule) in [("nothing", "song must exist"), ("gone", "song must not be deleted")] {
                for event in [
                    PendingEvent(SongRetitled(songId: songId, title: "X")),
                    PendingEvent(SongReassigned(songId: songId, artistId: "queen")),
                    PendingEvent(SongDeleted(songId: songId)),
                ] {
                    try expectRuleViolation(rule, entity: "song-\(songId)", appending: [event], to: ledger, domain)
                }
            }

            try ledger.append(SongRetitled(songId: "money", title: "Money!"))
            try ledger.append(SongReassigned(songId: "money", artistId: "queen"))
            #expect(try queryJSON(ledger, "songs") == #"[{"artistId":"queen","durationSeconds":null,"songId":"money","title":"Money!"}]"#)
            try ledger.append(SongDeleted(songId: "money"))
            #expect(try queryJSON(ledger, "songs") == "[]")
        }
    }

    @Test func aSongsArtistMustBeLiveOnLocalAppends() throws {
        try withSeededLedger { ledger in
            try expectRuleViolation(
                "artist must exist", entity: "artist-nobody",
                appending: [PendingEvent(SongAdded(songId: "s", title: "S", artistId: "nobody"))],
                to: ledger, domain)
            try expectRuleViolation(
                "artist must not be deleted", entity: "artist-abba",
                appending: [PendingEvent(SongAdded(songId: "s", title: "S", artistId: "abba"))],
                to: ledger, domain)
            try expectRuleViolation(
                "artist must exist", entity: "artist-nobody",
                appending: [PendingEvent(SongReassigned(songId: "money", artistId: "nobody"))],
                to: ledger, domain)
            try expectRuleViolation(
                "artist must not be deleted", entity: "artist-abba",
                appending: [PendingEvent(SongReassigned(songId: "money", artistId: "abba"))],
                to: ledger, domain)

            try ledger.append(SongAdded(songId: "s", title: "S", artistId: "queen"))
            try ledger.append(SongAdded(songId: "t", title: "T"))
            try ledger.append(SongReassigned(songId: "money", artistId: "queen"))
            #expect(try queryJSON(ledger, "artists") == #"[{"artistId":"queen","name":"Queen","songCount":2}]"#)
            try ledger.append(SongReassigned(songId: "money"))
            #expect(try queryJSON(ledger, "artists") == #"[{"artistId":"queen","name":"Queen","songCount":1}]"#)
        }
    }

    @Test func importsAcceptArtistsNotYetKnownButStillNeedTheEditedSong() throws {
        try withSeededLedger { ledger in
            try ledger.append(
                [
                    PendingEvent(SongAdded(songId: "s", title: "S", artistId: "later")),
                    PendingEvent(SongReassigned(songId: "money", artistId: "later")),
                ], mode: .importing)
            #expect(
                try queryJSON(ledger, "songs", flags: ["orphans"])
                    == #"[{"artistId":"later","durationSeconds":null,"songId":"money","title":"Money"},{"artistId":"later","durationSeconds":null,"songId":"s","title":"S"}]"#
            )
            try expectRuleViolation(
                "song must exist", entity: "song-nothing",
                appending: [PendingEvent(SongRetitled(songId: "nothing", title: "X"))],
                to: ledger, domain, mode: .importing)
        }
    }

    @Test func anImportedSongNamingADeletedArtistHasNoArtist() throws {
        try withSeededLedger { ledger in
            try ledger.append([PendingEvent(SongAdded(songId: "s", title: "S", artistId: "abba"))], mode: .importing)
            #expect(
                try queryJSON(ledger, "songs", flags: ["orphans"])
                    == #"[{"artistId":null,"durationSeconds":null,"songId":"money","title":"Money"},{"artistId":null,"durationSeconds":null,"songId":"s","title":"S"}]"#
            )
        }
    }

    @Test func createdIdsMustBeNewEvenWhenDeleted() throws {
        try withSeededLedger { ledger in
            for mode in [RuleMode.strict, .importing] {
                try expectRuleViolation(
                    "id must be new", entity: "artist-queen",
                    appending: [PendingEvent(ArtistCreated(artistId: "queen", name: "Q"))],
                    to: ledger, domain, mode: mode)
                try expectRuleViolation(
                    "id must be new", entity: "artist-abba",
                    appending: [PendingEvent(ArtistCreated(artistId: "abba", name: "ABBA"))],
                    to: ledger, domain, mode: mode)
                try expectRuleViolation(
                    "id must be new", entity: "song-gone",
                    appending: [PendingEvent(SongAdded(songId: "gone", title: "Gone"))],
                    to: ledger, domain, mode: mode)
            }
        }
    }

    @Test func artistNamesNeedNotBeUnique() throws {
        try withSeededLedger { ledger in
            try ledger.append(ArtistCreated(artistId: "queen-2", name: "QUEEN"))
            try ledger.append(ArtistCreated(artistId: "queen-3", name: "Queen"))
            #expect(
                try queryJSON(ledger, "artists") == #"[{"artistId":"queen","name":"Queen","songCount":0},"#
                    + #"{"artistId":"queen-2","name":"QUEEN","songCount":0},{"artistId":"queen-3","name":"Queen","songCount":0}]"#)
        }
    }
}
