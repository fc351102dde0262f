import EventLedger
import LedgerTestSupport
import Music
import Testing

/// Importing into a music ledger: songs that arrive before their artist are orphans until it
/// arrives, now, in the past, after a rebuild and in a copy; an import next to events of the
/// ledger's own keeps ids, types, data and metadata; a rule that holds in every mode refuses
/// a whole import.
@Suite struct MusicImportTests {
    let domain = MusicDomain()

    /// Two songs of Pink Floyd imported before it, one given it later, then the artists.
    static let songsBeforeTheirArtist = DomainScenario(MusicDomain(), queries: MusicContractTests.scenario.queries)
        .committing(
            SongAdded(songId: "money", title: "Money", artistId: "pink-floyd"), SongAdded(songId: "time", title: "Time"),
            SongReassigned(songId: "time", artistId: "pink-floyd"), mode: .importing
        )
        .expecting(CheckedQuery("artists"), "[]")
        .expecting(
            CheckedQuery("songs", flags: ["orphans"]),
            #"[{"artistId":"pink-floyd","durationSeconds":null,"songId":"money","title":"Money"},"#
                + #"{"artistId":"pink-floyd","durationSeconds":null,"songId":"time","title":"Time"}]"#
        )
        .expecting(CheckedQuery("artist-songs", "pink-floyd"), #"notFound: artist "pink-floyd" does not exist"#)
        .committing(ArtistCreated(artistId: "pink-floyd", name: "Pink Floyd"), mode: .importing)
        .committing(ArtistCreated(artistId: "queen", name: "Queen"), mode: .importing)
        .expecting(
            CheckedQuery("artists"),
            #"[{"artistId":"pink-floyd","name":"Pink Floyd","songCount":2},{"artistId":"queen","name":"Queen","songCount":0}]"#
        )
        .expecting(
            CheckedQuery("artist-songs", "pink-floyd"),
            #"{"artistId":"pink-floyd","name":"Pink Floyd","songs":"#
                + #"[{"durationSeconds":null,"songId":"money","title":"Money"},{"durationSeconds":null,"songId":"time","title":"Time"}]}"#
        )
        .expecting(CheckedQuery("songs", flags: ["orphans"]), "[]")

    /// Undo is left out: undoing an undo appends strictly, which refuses songs of an artist not known yet.
    @Test(arguments: ContractClause.allCases.filter { $0 != .undo })
    func songsImportedBeforeTheirArtistAreOrphansUntilItArrives(_ clause: ContractClause) throws {
        try Self.songsBeforeTheirArtist.check(clause)
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

    @Test func aRuleThatHoldsInEveryModeRefusesTheWholeImport() throws {
        // The retitle of a song that is not there; an artist created here already.
        try expectImportRefused(of: [SongAdded(songId: "a", title: "A"), SongRetitled(songId: "a", title: "B")], from: 1, entity: "song-a")
        try expectImportRefused(
            of: [SongAdded(songId: "a", title: "A"), ArtistCreated(artistId: "queen", name: "Queen")], from: 0, entity: "artist-queen")
    }

    /// Exports `events`, appended one by one, and expects their import from the one at `first`
    /// into a ledger holding Queen to be refused by a rule on behalf of `entity`, at the last,
    /// appending nothing.
    func expectImportRefused(of events: [any DomainEvent], from first: Int, entity: String) throws {
        try withTemporaryLedger(domain) { source in
            for event in events { try source.append([PendingEvent(event)]) }
            let file = try exportedEvents(source)[first...]
            try withTemporaryLedger(domain) { target in
                try target.append(ArtistCreated(artistId: "queen", name: "Queen, locally"))
                let before = try snapshot(target, domain)
                let error = #expect(throws: LedgerError.self) { try target.importEvents(from: EventCollection(file)) }
                #expect(error?.kind == .ruleViolation)
                #expect(error?.subject == entity)
                #expect(error?.eventIndex == file.count - 1)
                #expect(try snapshot(target, domain) == before)
            }
        }
    }
}
