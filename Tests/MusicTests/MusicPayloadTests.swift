import EventLedger
import LedgerTestSupport
import Music
import Testing

@Suite struct MusicPayloadTests {
    @Test func decodesAndTrimsNamesAndTitles() throws {
        let created = try ArtistCreated(payload: payload(#"{"artistId":"pink-floyd","name":"  Pink Floyd\n"}"#))
        #expect(created == ArtistCreated(artistId: "pink-floyd", name: "Pink Floyd"))
        #expect(created.stream == "artist-pink-floyd")
        #expect(try created.payload == payload(#"{"artistId":"pink-floyd","name":"Pink Floyd"}"#))
        let retitled = try SongRetitled(payload: payload(#"{"songId":"s.1:a_b-C","title":"\tMoney "}"#))
        #expect(retitled == SongRetitled(songId: "s.1:a_b-C", title: "Money"))
        #expect(retitled.stream == "song-s.1:a_b-C")
    }

    @Test func optionalArtistIsOmittedFromThePayloadWhenAbsentOrNull() throws {
        let withArtist = try SongAdded(payload: payload(#"{"songId":"money","title":"Money","artistId":"pink-floyd"}"#))
        #expect(withArtist == SongAdded(songId: "money", title: "Money", artistId: "pink-floyd"))
        #expect(try withArtist.payload["artistId"] == .string("pink-floyd"))
        let withNull = try SongAdded(payload: payload(#"{"songId":"money","title":"Money","artistId":null}"#))
        #expect(withNull == SongAdded(songId: "money", title: "Money"))
        #expect(try withNull.payload == payload(#"{"songId":"money","title":"Money"}"#))
        let unassigned = try SongReassigned(payload: payload(#"{"songId":"money","artistId":null}"#))
        #expect(unassigned == SongReassigned(songId: "money"))
        #expect(try unassigned.payload == payload(#"{"songId":"money"}"#))
        #expect(try SongReassigned(payload: payload(#"{"songId":"money"}"#)).artistId == nil)
    }

    /// The bytes the log stores (and hashes) for each event: the same as before events
    /// were Codable, nil fields left out.
    @Test func payloadsKeepTheBytesTheLogStores() throws {
        try expectStoredPayloads([
            (ArtistCreated(artistId: "pink-floyd", name: "Pink Floyd"), #"{"artistId":"pink-floyd","name":"Pink Floyd"}"#),
            (ArtistRenamed(artistId: "pink-floyd", name: "Floyd"), #"{"artistId":"pink-floyd","name":"Floyd"}"#),
            (ArtistDeleted(artistId: "pink-floyd"), #"{"artistId":"pink-floyd"}"#),
            (
                SongAdded(songId: "time", title: "Time", artistId: "pink-floyd", durationSeconds: 413),
                #"{"artistId":"pink-floyd","durationSeconds":413,"songId":"time","title":"Time"}"#
            ),
            (SongAdded(songId: "time", title: "Time"), #"{"songId":"time","title":"Time"}"#),
            (SongRetitled(songId: "time", title: "Breathe"), #"{"songId":"time","title":"Breathe"}"#),
            (SongReassigned(songId: "time", artistId: "pink-floyd"), #"{"artistId":"pink-floyd","songId":"time"}"#),
            (SongReassigned(songId: "time"), #"{"songId":"time"}"#),
            (SongDeleted(songId: "time"), #"{"songId":"time"}"#),
        ])
    }

    @Test func rejectsUnknownFields() {
        expectInvalidField("artist") { try SongAdded(payload: payload(#"{"songId":"a","title":"A","artist":"x"}"#)) }
        expectInvalidField("name") { try ArtistDeleted(payload: payload(#"{"artistId":"a","name":"A"}"#)) }
        expectInvalidField("title") { try SongReassigned(payload: payload(#"{"songId":"a","title":"A"}"#)) }
    }

    @Test func rejectsMissingFields() {
        expectInvalidField("name") { try ArtistCreated(payload: payload(#"{"artistId":"a"}"#)) }
        expectInvalidField("artistId") { try ArtistRenamed(payload: payload(#"{"name":"A"}"#)) }
        expectInvalidField("title") { try SongRetitled(payload: payload(#"{"songId":"a"}"#)) }
        expectInvalidField("songId") { try SongDeleted(payload: [:]) }
    }

    @Test func rejectsBadIds() {
        let tooLong = String(repeating: "a", count: 129)
        expectInvalidField("artistId") { try ArtistDeleted(payload: payload(#"{"artistId":"pink floyd"}"#)) }
        expectInvalidField("songId") { try SongDeleted(payload: payload(#"{"songId":"café"}"#)) }
        expectInvalidField("songId") { try SongDeleted(payload: payload(#"{"songId":""}"#)) }
        expectInvalidField("songId") { try SongDeleted(payload: payload(#"{"songId":"\#(tooLong)"}"#)) }
        expectInvalidField("artistId") { try SongAdded(payload: payload(#"{"songId":"a","title":"A","artistId":"a/b"}"#)) }
    }

    @Test func rejectsBadNames() throws {
        let longest = String(repeating: "é", count: 200)
        #expect(try ArtistCreated(payload: payload(#"{"artistId":"a","name":"\#(longest)"}"#)).name == longest)
        expectInvalidField("name") { try ArtistCreated(payload: payload(#"{"artistId":"a","name":"\#(longest)e"}"#)) }
        expectInvalidField("title") { try SongAdded(payload: payload(#"{"songId":"a","title":"Mo\u0007ney"}"#)) }
        expectInvalidField("title") { try SongAdded(payload: payload(#"{"songId":"a","title":"Mo\u0085ney"}"#)) }
        expectInvalidField("name") { try ArtistRenamed(payload: payload(#"{"artistId":"a","name":"   "}"#)) }
    }

    @Test func rejectsWrongJSONTypes() {
        expectInvalidField("name") { try ArtistCreated(payload: payload(#"{"artistId":"a","name":42}"#)) }
        expectInvalidField("artistId") { try ArtistCreated(payload: payload(#"{"artistId":7,"name":"A"}"#)) }
        expectInvalidField("artistId") { try SongReassigned(payload: payload(#"{"songId":"a","artistId":false}"#)) }
        expectInvalidField("title") { try SongRetitled(payload: payload(#"{"songId":"a","title":["Money"]}"#)) }
    }

    @Test func theLedgerValidatesPayloadsAndAssignsMissingIds() throws {
        try withTemporaryLedger(MusicDomain()) { ledger in
            let error = #expect(throws: LedgerError.self) {
                try ledger.append([PendingEvent(type: "SongAdded", payload: payload(#"{"title":"Money","bpm":120}"#))])
            }
            #expect(error?.kind == .invalidInput)
            #expect(error?.subject == "bpm")
            #expect(try ledger.head().position == 0)

            let result = try ledger.append([PendingEvent(type: "SongAdded", payload: payload(#"{"title":" Money "}"#))])
            let songId = try #require(result.assignedIDs.first?["songId"])
            #expect(try queryJSON(ledger, "songs") == #"[{"artistId":null,"durationSeconds":null,"songId":"\#(songId)","title":"Money"}]"#)
        }
    }
}
