import EventLedger
import LedgerTestSupport
import LedgerWorkload
import Testing

/// Generated streams are valid: the ledger accepts every event, in commits of any size.
@Suite struct GeneratedStreamTests {
    @Test func everyGeneratedEventIsAcceptedAndEveryTypeOccurs() throws {
        try GeneratedLedger.with(events: 5_000, seed: 1) { generated in
            var counts: [String: Int] = [:]
            try generated.ledger.forEachEvent { event in
                counts[event.type, default: 0] += 1
                return true
            }
            #expect(counts.values.reduce(0, +) == 5_000)
            #expect(counts.keys.sorted() == generated.ledger.eventTypeNames.filter { $0 != EntityRestored.typeName }.sorted())
        }
    }

    /// How many songs the most popular artist gathers depends on the seed (from about 20 to
    /// 90 in 5,000 events); this seed's stream gathers more than 50.
    @Test func songsClusterOnPopularArtists() throws {
        try GeneratedLedger.with(events: 5_000, seed: 6) { generated in
            let songCounts =
                try generated.ledger.query("artists").json.arrayValue?
                .compactMap { $0.objectValue?["songCount"]?.int64Value } ?? []
            #expect(songCounts.max() ?? 0 >= 50)
        }
    }

    @Test func theSameSeedGivesTheSameStream() {
        var first = WorkloadGenerator(seed: 7)
        var second = WorkloadGenerator(seed: 7)
        var other = WorkloadGenerator(seed: 8)
        let events = describe(first.batch(2_000))
        let again = describe(second.batch(2_000))
        let difference = zip(events, again).enumerated().first { $0.element.0 != $0.element.1 }
        #expect(difference == nil, "event \(difference?.offset ?? 0): \(difference?.element.0 ?? "") vs \(difference?.element.1 ?? "")")
        #expect(events != describe(other.batch(2_000)))
    }

    @Test func anArtistWithFiftySongs() throws {
        try GeneratedLedger.with(events: 1_000, seed: 3) { generated in
            try generated.append(WorkloadGenerator.artistWithSongs("bench-artist", count: 50))
            let songs = try generated.ledger.query("artist-songs", .init(argument: "bench-artist")).json.objectValue?["songs"]
            #expect(songs?.arrayValue?.count == 50)
        }
    }

    /// Each event's id, type and payload on one line.
    private func describe(_ events: [PendingEvent]) -> [String] {
        events.map { "\($0.id.map(String.init(describing:)) ?? "-") \($0.type) \(JSONValue.object($0.payload).serializedString())" }
    }
}
