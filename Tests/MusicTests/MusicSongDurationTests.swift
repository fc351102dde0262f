import EventLedger
import LedgerTestSupport
import Music
import Testing

/// `SongAdded` version 2: an optional `durationSeconds` of 1–86400, shown by the song
/// queries; version 1 events, appended or stored before, read as having none.
@Suite struct MusicSongDurationTests {
    let domain = MusicDomain()

    /// The envelope of a version 1 `SongAdded` of `money` by `pink-floyd`, exported by another ledger.
    static let version1Money: JSONValue = .object([
        "position": .int(2), "commit": .int(2), "recordedAt": .string(Timestamp(microseconds: 1).description),
        "id": .string("0190c1b2-0000-7000-8000-000000000001"), "stream": .string("song-money"), "version": .int(1),
        "type": .string("SongAdded"), "schemaVersion": .int(1),
        "data": .object(["songId": .string("money"), "title": .string("Money"), "artistId": .string("pink-floyd")]),
        "metadata": .object([:]), "hash": .string(String(repeating: "0", count: 64)),
    ])

    @Test(arguments: [JSONValue.int(0), .int(86_401), .int(-5), .string("300"), .double(1.5), .bool(true)])
    func aDurationOutsideOneSecondToADayIsInvalidInput(duration: JSONValue) {
        expectInvalidField("durationSeconds") {
            try SongAdded(payload: ["songId": .string("s"), "title": .string("S"), "durationSeconds": duration])
        }
    }

    @Test func aDurationIsOptionalAndStoredAtSchemaVersion2() throws {
        let withDuration = try SongAdded(payload: ["songId": .string("s"), "title": .string("S"), "durationSeconds": .int(86_400)])
        #expect(withDuration.durationSeconds == 86_400)
        #expect(try SongAdded(payload: ["songId": .string("s"), "title": .string("S"), "durationSeconds": .null]).durationSeconds == nil)
        #expect(SongAdded.schemaVersion == 2)
        try withTemporaryLedger(domain) { ledger in
            try ledger.append(ArtistCreated(artistId: "pink-floyd", name: "Pink Floyd"))
            try ledger.append([
                PendingEvent(
                    type: "SongAdded",
                    payload: [
                        "songId": .string("time"), "title": .string("Time"),
                        "artistId": .string("pink-floyd"), "durationSeconds": .int(413),
                    ]),
                PendingEvent(type: "SongAdded", payload: ["songId": .string("us"), "title": .string("Us and Them")]),
            ])
            #expect(try allEvents(ledger).map(\.schemaVersion) == [1, 2, 2])
            #expect(try ledger.read { try MusicQueries.songs(in: $0) }.map(\.durationSeconds) == [413, nil])
            #expect(
                try queryJSON(ledger, "artist-songs", "pink-floyd")
                    == #"{"artistId":"pink-floyd","name":"Pink Floyd","songs":[{"durationSeconds":413,"songId":"time","title":"Time"}]}"#)
            #expect(
                try queryJSON(ledger, "songs") == #"[{"artistId":"pink-floyd","durationSeconds":413,"songId":"time","title":"Time"},"#
                    + #"{"artistId":null,"durationSeconds":null,"songId":"us","title":"Us and Them"}]"#)
        }
    }

    @Test func aStoredVersion1SongReadsAsHavingNoDurationAndARebuildAgrees() throws {
        try withTemporaryLedger(domain) { ledger in
            try ledger.append(ArtistCreated(artistId: "pink-floyd", name: "Pink Floyd"))
            try ledger.importEvents(from: EventCollection([try ImportedEvent(envelope: Self.version1Money)]), rehash: true)
            let stored = try #require(try allEvents(ledger).last)
            #expect(stored.schemaVersion == 1)
            #expect(stored.data == Self.version1Money.objectValue?["data"])
            let money = try ledger.currentEvent(stored, as: MusicEvent.self)
            #expect(money == .songAdded(SongAdded(songId: "money", title: "Money", artistId: "pink-floyd", durationSeconds: nil)))
            let answers = [try queryJSON(ledger, "songs"), try queryJSON(ledger, "artist-songs", "pink-floyd")]
            #expect(
                answers == [
                    #"[{"artistId":"pink-floyd","durationSeconds":null,"songId":"money","title":"Money"}]"#,
                    #"{"artistId":"pink-floyd","name":"Pink Floyd","songs":[{"durationSeconds":null,"songId":"money","title":"Money"}]}"#,
                ])
            #expect(try ledger.verify().isIntact)
            try ledger.rebuild()
            #expect([try queryJSON(ledger, "songs"), try queryJSON(ledger, "artist-songs", "pink-floyd")] == answers)
        }
    }
}
