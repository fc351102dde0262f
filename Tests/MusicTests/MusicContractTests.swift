import EventLedger
import LedgerDomainContract
import Music
import Testing

/// The music domain keeps the domain contract: artists with songs that come and go, are
/// retitled and reassigned, lose their artist when it is deleted, arrive before their artist
/// in an import, and every rule refused on the way.
@Suite struct MusicContractTests {
    static let scenario = DomainScenario(
        MusicDomain(),
        queries: [CheckedQuery("artists"), CheckedQuery("songs"), CheckedQuery("songs", flags: ["orphans"])]
            + ["pink-floyd", "queen", "queen-2", "abba", "the-who", "nobody"].map { CheckedQuery("artist-songs", $0) }
    )
    // A later event of a commit sees the earlier ones: the songs find their artist.
    .committing(
        ArtistCreated(artistId: "pink-floyd", name: "Pink Floyd"), ArtistCreated(artistId: "queen", name: "Queen"),
        SongAdded(songId: "money", title: "Money", artistId: "pink-floyd", durationSeconds: 382),
        SongAdded(songId: "echoes", title: "echoes", artistId: "pink-floyd"), SongAdded(songId: "time", title: "Time")
    )
    .expecting(
        CheckedQuery("artist-songs", "pink-floyd"),
        #"{"artistId":"pink-floyd","name":"Pink Floyd","songs":[{"durationSeconds":null,"songId":"echoes","title":"echoes"},"#
            + #"{"durationSeconds":382,"songId":"money","title":"Money"}]}"#
    )
    .expecting(CheckedQuery("artist-songs", "nobody"), #"notFound: artist "nobody" does not exist"#)
    .refusingEach(
        ArtistRenamed(artistId: "nobody", name: "X"), ArtistDeleted(artistId: "nobody"),
        SongAdded(songId: "s", title: "S", artistId: "nobody"), SongReassigned(songId: "time", artistId: "nobody"),
        rule: "artist must exist", entity: "artist-nobody"
    )
    .refusingEach(
        SongRetitled(songId: "nothing", title: "X"), SongReassigned(songId: "nothing", artistId: "queen"), SongDeleted(songId: "nothing"),
        rule: "song must exist", entity: "song-nothing"
    )
    .refusing(SongRetitled(songId: "nothing", title: "X"), mode: .importing, rule: "song must exist", entity: "song-nothing")
    .refusingInEveryMode(ArtistCreated(artistId: "queen", name: "Q"), rule: "id must be new", entity: "artist-queen")
    // A failing event refuses its whole commit; a later event sees an earlier deletion.
    .refusing(
        ArtistCreated(artistId: "abba", name: "ABBA"), SongAdded(songId: "waterloo", title: "Waterloo", artistId: "abba"),
        SongRetitled(songId: "nothing", title: "X"), rule: "song must exist", entity: "song-nothing"
    )
    .refusing(
        ArtistCreated(artistId: "the-who", name: "The Who"), ArtistDeleted(artistId: "the-who"),
        SongAdded(songId: "my-generation", title: "My Generation", artistId: "the-who"),
        rule: "artist must not be deleted", entity: "artist-the-who"
    )
    .committing(ArtistCreated(artistId: "abba", name: "ABBA"))
    .committing(ArtistRenamed(artistId: "pink-floyd", name: "The Pink Floyd"))
    .committing(SongAdded(songId: "bohemian", title: "Bohemian Rhapsody", artistId: "queen", durationSeconds: 354))
    .committing(SongRetitled(songId: "money", title: "Money (remastered)"))
    .committing(SongReassigned(songId: "time", artistId: "queen"))
    .committing(SongReassigned(songId: "echoes"))
    .expecting(
        CheckedQuery("songs", flags: ["orphans"]), #"[{"artistId":null,"durationSeconds":null,"songId":"echoes","title":"echoes"}]"#
    )
    .committing(
        SongAdded(songId: "waterloo", title: "Waterloo", artistId: "abba"), SongAdded(songId: "sos", title: "SOS", artistId: "abba")
    )
    .expecting(
        CheckedQuery("artists"),
        #"[{"artistId":"abba","name":"ABBA","songCount":2},{"artistId":"queen","name":"Queen","songCount":2},"#
            + #"{"artistId":"pink-floyd","name":"The Pink Floyd","songCount":1}]"#
    )
    // Deleting an artist keeps its songs, without an artist.
    .committing(ArtistDeleted(artistId: "abba"))
    .expecting(CheckedQuery("artist-songs", "abba"), #"notFound: artist "abba" does not exist"#)
    .refusingEach(
        ArtistRenamed(artistId: "abba", name: "X"), ArtistDeleted(artistId: "abba"), SongAdded(songId: "s", title: "S", artistId: "abba"),
        SongReassigned(songId: "waterloo", artistId: "abba"), rule: "artist must not be deleted", entity: "artist-abba"
    )
    .refusingInEveryMode(ArtistCreated(artistId: "abba", name: "ABBA"), rule: "id must be new", entity: "artist-abba")
    // An imported song naming a deleted artist has none.
    .committing(SongAdded(songId: "dancing-queen", title: "Dancing Queen", artistId: "abba"), mode: .importing)
    .expecting(
        CheckedQuery("songs", flags: ["orphans"]),
        #"[{"artistId":null,"durationSeconds":null,"songId":"dancing-queen","title":"Dancing Queen"},"#
            + #"{"artistId":null,"durationSeconds":null,"songId":"echoes","title":"echoes"},"#
            + #"{"artistId":null,"durationSeconds":null,"songId":"sos","title":"SOS"},"#
            + #"{"artistId":null,"durationSeconds":null,"songId":"waterloo","title":"Waterloo"}]"#
    )
    .committing(SongDeleted(songId: "money"))
    .refusingEach(
        SongRetitled(songId: "money", title: "Money"), SongReassigned(songId: "money", artistId: "queen"), SongDeleted(songId: "money"),
        rule: "song must not be deleted", entity: "song-money"
    )
    .refusingInEveryMode(SongAdded(songId: "money", title: "Money"), rule: "id must be new", entity: "song-money")
    // An import: songs given an artist before it arrives, later in the same commit.
    .committing(
        SongAdded(songId: "us-and-them", title: "Us and Them", artistId: "the-who"), SongReassigned(songId: "sos", artistId: "the-who"),
        ArtistCreated(artistId: "the-who", name: "The Who"), mode: .importing
    )
    .expecting(
        CheckedQuery("artist-songs", "the-who"),
        #"{"artistId":"the-who","name":"The Who","songs":[{"durationSeconds":null,"songId":"sos","title":"SOS"},"#
            + #"{"durationSeconds":null,"songId":"us-and-them","title":"Us and Them"}]}"#
    )
    // An edit form's commit of several events.
    .committing(
        SongReassigned(songId: "echoes", artistId: "pink-floyd"), ArtistRenamed(artistId: "queen", name: "Queen + Adam Lambert"),
        SongAdded(songId: "radio", title: "Radio Ga Ga", artistId: "queen"), SongAdded(songId: "time-2", title: "Time", artistId: "queen"),
        ArtistDeleted(artistId: "pink-floyd")
    )
    // Artist names need not be unique; equal names and titles list by id.
    .committing(ArtistCreated(artistId: "queen-2", name: "QUEEN + ADAM LAMBERT"))
    .expecting(
        CheckedQuery("artists"),
        #"[{"artistId":"queen","name":"Queen + Adam Lambert","songCount":4},"#
            + #"{"artistId":"queen-2","name":"QUEEN + ADAM LAMBERT","songCount":0},{"artistId":"the-who","name":"The Who","songCount":2}]"#
    )
    .expecting(
        CheckedQuery("songs"),
        #"[{"artistId":"queen","durationSeconds":354,"songId":"bohemian","title":"Bohemian Rhapsody"},"#
            + #"{"artistId":null,"durationSeconds":null,"songId":"dancing-queen","title":"Dancing Queen"},"#
            + #"{"artistId":null,"durationSeconds":null,"songId":"echoes","title":"echoes"},"#
            + #"{"artistId":"queen","durationSeconds":null,"songId":"radio","title":"Radio Ga Ga"},"#
            + #"{"artistId":"the-who","durationSeconds":null,"songId":"sos","title":"SOS"},"#
            + #"{"artistId":"queen","durationSeconds":null,"songId":"time","title":"Time"},"#
            + #"{"artistId":"queen","durationSeconds":null,"songId":"time-2","title":"Time"},"#
            + #"{"artistId":"the-who","durationSeconds":null,"songId":"us-and-them","title":"Us and Them"},"#
            + #"{"artistId":null,"durationSeconds":null,"songId":"waterloo","title":"Waterloo"}]"#
    )
    .expecting(CheckedQuery("artist-songs", "pink-floyd"), #"notFound: artist "pink-floyd" does not exist"#)
    .expectingTable(
        CheckedQuery("artists"), columns: ["ARTIST ID", "NAME", "SONGS"],
        rows: [["queen", "Queen + Adam Lambert", "4"], ["queen-2", "QUEEN + ADAM LAMBERT", "0"], ["the-who", "The Who", "2"]]
    )
    .expectingTable(
        CheckedQuery("artist-songs", "queen"), title: "Queen + Adam Lambert (queen)", columns: ["SONG ID", "TITLE", "SECONDS"],
        rows: [["bohemian", "Bohemian Rhapsody", "354"], ["radio", "Radio Ga Ga", "-"], ["time", "Time", "-"], ["time-2", "Time", "-"]]
    )
    .expectingTable(
        CheckedQuery("songs", flags: ["orphans"]), columns: ["SONG ID", "TITLE", "ARTIST ID", "SECONDS"],
        rows: [["dancing-queen", "Dancing Queen", "-", "-"], ["echoes", "echoes", "-", "-"], ["waterloo", "Waterloo", "-", "-"]]
    )

    @Test(arguments: ContractClause.allCases)
    func musicKeepsTheDomainContract(_ clause: ContractClause) throws {
        try Self.scenario.check(clause)
    }

    @Test func theStoriesTellEveryEventTypeAndTheQueriesAreDeclaredAsTold() {
        #expect(Self.scenario.committedEventTypes.union(MusicRestoreTests.restoring.committedEventTypes) == Set(MusicDomain().events.map(\.typeName)))
        let declared = MusicDomain().queries.map { [$0.name, $0.argumentName ?? "-"] + $0.flags }
        #expect(declared == [["artists", "-"], ["artist-songs", "ARTIST"], ["songs", "-", "orphans"]])
    }
}
