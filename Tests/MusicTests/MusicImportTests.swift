import EventLedger
import LedgerTestSupport
import Music
import Testing

/// Importing another ledger's export into a music ledger: songs that arrive
/// before their artist are orphans until it arrives, in the read models, after a
/// rebuild and in time travel; the rules that hold in every mode still reject.
@Suite struct MusicImportTests {
    let domain = MusicDomain()

    /// Every music query's answer, for comparing two ledgers or two moments.
    func allQueries(_ ledger: Ledger) throws -> [String] {
        var answers = [
            try queryJSON(ledger, "artists"), try queryJSON(ledger, "songs"),
            try queryJSON(ledger, "songs", flags: ["orphans"]),
        ]
        let artists = try #require(ledger.query("artists").json.arrayValue)
        for artist in artists {
            let id = try #require(artist.objectValue?["artistId"]?.stringValue)
            answers.append(try queryJSON(ledger, "artist-songs", id))
        }
        return answers
    }

    /// A source ledger, appended in order: one commit per event.
    /// Positions: 1 ArtistCreated pink-floyd, 2 SongAdded money (pink-floyd), 3 SongAdded time,
    /// 4 SongReassigned time → pink-floyd, 5 ArtistCreated queen.
    func fillSource(_ ledger: Ledger) throws {
        try ledger.append(ArtistCreated(artistId: "pink-floyd", name: "Pink Floyd"))
        try ledger.append(SongAdded(songId: "money", title: "Money", artistId: "pink-floyd"))
        try ledger.append(SongAdded(songId: "time", title: "Time"))
        try ledger.append(SongReassigned(songId: "time", artistId: "pink-floyd"))
        try ledger.append(ArtistCreated(artistId: "queen", name: "Queen"))
    }

    static let orphans =
        #"[{"artistId":"pink-floyd","durationSeconds":null,"songId":"money","title":"Money"},"#
        + #"{"artistId":"pink-floyd","durationSeconds":null,"songId":"time","title":"Time"}]"#
    static let pinkFloydSongs =
        #"{"artistId":"pink-floyd","name":"Pink Floyd","songs":"#
        + #"[{"durationSeconds":null,"songId":"money","title":"Money"},{"durationSeconds":null,"songId":"time","title":"Time"}]}"#

    @Test func songsImportedBeforeTheirArtistAreOrphansUntilItArrives() throws {
        try withTemporaryLedger(domain) { source in
            try fillSource(source)
            let file = try exportedEvents(source)
            try withTemporaryLedger(domain) { target in
                // The songs arrive first, from one device…
                let songs = try target.importEvents(from: EventCollection(file[1...3]))
                #expect(importCounts(songs) == [3, 0, 3])
                #expect(try queryJSON(target, "artists") == "[]")
                #expect(try queryJSON(target, "songs", flags: ["orphans"]) == Self.orphans)
                let missing = #expect(throws: LedgerError.self) { try target.query("artist-songs", .init(argument: "pink-floyd")) }
                #expect(missing?.kind == .notFound)

                // …then the artists, from another.
                let artists = try target.importEvents(from: EventCollection([file[0], file[4]]))
                #expect(importCounts(artists) == [2, 0, 2])
                #expect(
                    try queryJSON(target, "artists")
                        == #"[{"artistId":"pink-floyd","name":"Pink Floyd","songCount":2},{"artistId":"queen","name":"Queen","songCount":0}]"#)
                #expect(try queryJSON(target, "artist-songs", "pink-floyd") == Self.pinkFloydSongs)
                #expect(try queryJSON(target, "songs", flags: ["orphans"]) == "[]")

                // The same state as the source, which had them in order.
                #expect(try allQueries(target) == allQueries(source))
                #expect(try target.verify().isIntact)
                let current = try allQueries(target)
                try target.rebuild()
                #expect(try allQueries(target) == current)
                #expect(try target.verify().isIntact)
            }
        }
    }

    @Test func timeTravelShowsTheSongAsAnOrphanUntilTheArtistArrived() throws {
        try withTemporaryLedger(domain) { source in
            try fillSource(source)
            let file = try exportedEvents(source)
            try withTemporaryLedger(domain) { target in
                // One file, songs before their artist: positions 1–3 songs, 4 pink-floyd, 5 queen.
                let report = try target.importEvents(from: EventCollection([file[1], file[2], file[3], file[0], file[4]]))
                #expect(importCounts(report) == [5, 0, 5])
                #expect(
                    try allEvents(target).map(\.type)
                        == ["SongAdded", "SongAdded", "SongReassigned", "ArtistCreated", "ArtistCreated"])

                #expect(
                    try pastQueryJSON(target, "songs", flags: ["orphans"], asOf: 1)
                        == #"[{"artistId":"pink-floyd","durationSeconds":null,"songId":"money","title":"Money"}]"#)
                #expect(try pastQueryJSON(target, "songs", flags: ["orphans"], asOf: 3) == Self.orphans)
                #expect(try pastQueryJSON(target, "artists", asOf: 3) == "[]")
                let early = #expect(throws: LedgerError.self) {
                    try target.query("artist-songs", .init(argument: "pink-floyd"), asOf: .position(3))
                }
                #expect(early?.kind == .notFound)

                #expect(try pastQueryJSON(target, "songs", flags: ["orphans"], asOf: 4) == "[]")
                #expect(try pastQueryJSON(target, "artist-songs", "pink-floyd", asOf: 4) == Self.pinkFloydSongs)
                #expect(try pastQueryJSON(target, "artists", asOf: 4) == #"[{"artistId":"pink-floyd","name":"Pink Floyd","songCount":2}]"#)

                // After a rebuild, the past is still the same.
                try target.rebuild()
                #expect(try pastQueryJSON(target, "songs", flags: ["orphans"], asOf: 3) == Self.orphans)
                #expect(try pastQueryJSON(target, "artist-songs", "pink-floyd", asOf: 4) == Self.pinkFloydSongs)
                #expect(try allQueries(target) == allQueries(source))
                #expect(try target.verify().isIntact)
            }
        }
    }

    @Test func aSongArrivingAfterItsArtistWasDeletedIsAnOrphan() throws {
        try withTemporaryLedger(domain) { source in
            try source.append(ArtistCreated(artistId: "abba", name: "ABBA"))
            try source.append(SongAdded(songId: "waterloo", title: "Waterloo", artistId: "abba"))
            try source.append(ArtistDeleted(artistId: "abba"))
            let file = try exportedEvents(source)
            try withTemporaryLedger(domain) { target in
                try target.importEvents(from: EventCollection([file[0], file[2], file[1]]))
                #expect(try queryJSON(target, "artists") == "[]")
                let orphans = try #require(target.query("songs", .init(flags: ["orphans"])).json.arrayValue)
                #expect(orphans.compactMap { $0.objectValue?["songId"]?.stringValue } == ["waterloo"])
                let error = #expect(throws: LedgerError.self) { try target.query("artist-songs", .init(argument: "abba")) }
                #expect(error?.kind == .notFound)
                #expect(try target.verify().isIntact)
            }
        }
    }

    @Test func anImportKeepsIdsTypesDataAndMetadata() throws {
        try withTemporaryLedger(domain) { source in
            try source.append(ArtistCreated(artistId: "queen", name: "Queen"), metadata: ["device": "phone"])
            try source.append([
                PendingEvent(SongAdded(songId: "s", title: "  Somebody to Love ", artistId: "queen")),
                PendingEvent(SongRetitled(songId: "s", title: "Somebody To Love")),
            ])
            let original = try allEvents(source)
            try withTemporaryLedger(domain) { target in
                try target.append(ArtistCreated(artistId: "abba", name: "ABBA"))
                try target.importEvents(from: EventCollection(exportedEvents(source)))
                let arrived = Array(try allEvents(target).dropFirst())
                #expect(arrived.map(\.id) == original.map(\.id))
                #expect(arrived.map(\.type) == original.map(\.type))
                #expect(arrived.map(\.data) == original.map(\.data))
                #expect(arrived.map(\.metadata) == original.map(\.metadata))
                #expect(arrived.map(\.stream) == original.map(\.stream))
                #expect(arrived.map(\.position) == [2, 3, 4])
                #expect(arrived.map(\.commit) == [2, 3, 3])
                #expect(
                    try queryJSON(target, "artists")
                        == #"[{"artistId":"abba","name":"ABBA","songCount":0},{"artistId":"queen","name":"Queen","songCount":1}]"#)
            }
        }
    }

    @Test func editingASongThatIsNotThereIsStillRejectedAndAppendsNothing() throws {
        try withTemporaryLedger(domain) { source in
            try source.append(SongAdded(songId: "a", title: "A"))
            try source.append(SongRetitled(songId: "a", title: "B"))
            let file = try exportedEvents(source)
            try withTemporaryLedger(domain) { target in
                try target.append(ArtistCreated(artistId: "abba", name: "ABBA"))
                let before = try snapshot(target, domain)
                // The retitle arrives without the song.
                let error = #expect(throws: LedgerError.self) { try target.importEvents(from: EventCollection([file[1]])) }
                #expect(error?.kind == .ruleViolation)
                #expect(error?.subject == "song-a")
                #expect(error?.eventIndex == 0)
                #expect(try snapshot(target, domain) == before)
            }
        }
    }

    @Test func anArtistCreatedHereAlreadyRejectsTheWholeImport() throws {
        try withTemporaryLedger(domain) { source in
            try source.append(SongAdded(songId: "a", title: "A"))
            try source.append(ArtistCreated(artistId: "queen", name: "Queen"))
            let file = try exportedEvents(source)
            try withTemporaryLedger(domain) { target in
                try target.append(ArtistCreated(artistId: "queen", name: "Queen, locally"))
                let before = try snapshot(target, domain)
                let error = #expect(throws: LedgerError.self) { try target.importEvents(from: EventCollection(file)) }
                #expect(error?.kind == .ruleViolation)
                #expect(error?.subject == "artist-queen")
                #expect(error?.eventIndex == 1)
                #expect(try snapshot(target, domain) == before)
            }
        }
    }
}
