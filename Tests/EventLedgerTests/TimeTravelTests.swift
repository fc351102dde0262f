import LedgerTestSupport
import Testing

@testable import EventLedger

#if canImport(Glibc)
import Glibc
#endif

/// Time travel in the engine: `LogPoint`, `position(of:)`, `read(asOf:)` and `query(_:_:asOf:)`.
@Suite struct TimeTravelTests {
    /// The `notes` query as JSON text, now or as of `point`.
    func notes(_ ledger: Ledger, asOf point: LogPoint? = nil) throws -> String {
        let result = try point.map { try ledger.query("notes", asOf: $0) } ?? ledger.query("notes")
        return result.json.serializedString()
    }

    /// The JSON text the `notes` query gives for these live texts.
    func listing(_ texts: [String]) -> String {
        JSONValue.array(texts.map { .string($0) }).serializedString()
    }

    /// The commits of the log in order: their recordedAt and last position.
    func commits(_ ledger: Ledger) throws -> [(time: Timestamp, last: UInt64)] {
        var commits: [(commit: UInt64, time: Timestamp, last: UInt64)] = []
        try ledger.forEachEvent { event in
            if commits.last?.commit == event.commit {
                commits[commits.count - 1].last = event.position
            } else {
                commits.append((event.commit, event.recordedAt, event.position))
            }
            return true
        }
        return commits.map { ($0.time, $0.last) }
    }

    /// Five commits: a note edited inside a batch, a folder whose deletion archives its notes.
    func withFixture(_ body: (Ledger) throws -> Void) throws {
        try withNotesLedger { ledger, _ throws in
            try ledger.append(NoteCreated(noteId: "a", text: "alpha", folderId: "f"))  // 1
            usleep(200)
            try ledger.append([
                PendingEvent(NoteCreated(noteId: "b", text: "bravo")),  // 2
                PendingEvent(NoteEdited(noteId: "a", text: "alpha 2")),
            ])  // 3
            usleep(200)
            try ledger.append(NoteCreated(noteId: "c", text: "charlie", folderId: "f"))  // 4
            usleep(200)
            try ledger.append(FolderDeleted(folderId: "f"))  // 5
            usleep(200)
            try ledger.append(NoteEdited(noteId: "b", text: "bravo 2"))  // 6
            try body(ledger)
        }
    }

    /// What `notes` lists after each position of the fixture.
    static let fixtureListings: [[String]] = [
        [], ["alpha"], ["alpha", "bravo"], ["alpha 2", "bravo"], ["alpha 2", "bravo", "charlie"], ["bravo"], ["bravo 2"],
    ]

    @Test func logPointParsesPositionsAndTimes() throws {
        #expect(LogPoint("0") == .position(0))
        #expect(LogPoint("42") == .position(42))
        #expect(LogPoint("9223372036854775807") == .position(9_223_372_036_854_775_807))
        let utc = Timestamp(microseconds: 1_795_993_800 * 1_000_000)  // 2026-11-29T23:10:00Z
        #expect(LogPoint("2026-11-29T23:10:00Z") == .time(utc))
        #expect(LogPoint("2026-11-30T01:10:00+02:00") == .time(utc))
        #expect(LogPoint("2026-11-29T18:40:00-04:30") == .time(utc))
        #expect(LogPoint("2026-11-29T23:10:00.000001Z") == .time(Timestamp(microseconds: utc.microseconds + 1)))
        #expect(LogPoint("2026-11-29T23:10:00.5Z") == .time(Timestamp(microseconds: utc.microseconds + 500_000)))
        #expect(LogPoint("2026-11-30T01:09:59.999999+02:00") == .time(Timestamp(microseconds: utc.microseconds - 1)))
        for bad in [
            "", "-1", "+3", "12a", " 12", "0x10", "9223372036854775808", "yesterday", "2026-11-29",
            "2026-11-29T23:10:00Q", "2026-13-01T00:00:00Z",
        ] {
            #expect(LogPoint(bad) == nil, "\"\(bad)\" is neither a position nor a time")
        }
    }

    @Test func everyPositionShowsTheStateAfterExactlyTheEventsUpToIt() throws {
        try withFixture { ledger throws in
            for (position, texts) in Self.fixtureListings.enumerated() {
                #expect(try notes(ledger, asOf: .position(UInt64(position))) == listing(texts), "as of \(position)")
            }
            #expect(try notes(ledger, asOf: .position(6)) == notes(ledger), "as of the head is the current state")
            #expect(try notes(ledger, asOf: .position(1000)) == notes(ledger), "as of a position past the head")
        }
    }

    @Test func rowsAndPrefixScansTravelAcrossACascade() throws {
        try withFixture { ledger throws in
            func note(_ id: String, at position: UInt64) throws -> [String]? {
                try ledger.read(asOf: .position(position)) { try $0.row(NotesDomain.notes, id)?.fields }
            }
            func folder(at position: UInt64) throws -> [[String]] {
                try ledger.read(asOf: .position(position)) { state in
                    try state.rows(NotesDomain.folderNotes, prefix: "f").map(\.key.components)
                }
            }
            #expect(try note("a", at: 0) == nil)
            #expect(try note("a", at: 1) == ["alpha", "live"])
            #expect(try note("a", at: 2) == ["alpha", "live"])
            #expect(try note("a", at: 3) == ["alpha 2", "live"])
            #expect(try note("a", at: 4) == ["alpha 2", "live"])
            #expect(try note("a", at: 5) == ["alpha 2", "archived"], "archived by the folder's deletion")
            #expect(try note("c", at: 3) == nil)
            #expect(try note("c", at: 4) == ["charlie", "live"])
            #expect(try note("c", at: 5) == ["charlie", "archived"])
            #expect(try folder(at: 0) == [])
            #expect(try folder(at: 1) == [["f", "a"]])
            #expect(try folder(at: 4) == [["f", "a"], ["f", "c"]])
            #expect(try folder(at: 5) == [])
            #expect(try ledger.history(of: "note-c").map(\.type) == ["NoteCreated", "FolderDeleted"])
        }
    }

    @Test func aTimeMeansEveryCommitRecordedAtOrBeforeIt() throws {
        try withFixture { ledger throws in
            let commits = try commits(ledger)
            #expect(commits.map(\.last) == [1, 3, 4, 5, 6])
            for (index, commit) in commits.enumerated() {
                let before = index == 0 ? 0 : commits[index - 1].last
                try #require(index == 0 || commits[index - 1].time < commit.time, "commit times must differ")
                let justBefore = Timestamp(microseconds: commit.time.microseconds - 1)
                #expect(try ledger.position(of: .time(commit.time)) == commit.last)
                #expect(try ledger.position(of: .time(justBefore)) == before)
                #expect(try notes(ledger, asOf: .time(commit.time)) == listing(Self.fixtureListings[Int(commit.last)]))
                #expect(try notes(ledger, asOf: .time(justBefore)) == listing(Self.fixtureListings[Int(before)]))
                let parsed = try #require(LogPoint(commit.time.description))
                #expect(try notes(ledger, asOf: parsed) == listing(Self.fixtureListings[Int(commit.last)]))
            }
            #expect(try ledger.position(of: .time(Timestamp(microseconds: 0))) == 0)
            #expect(try notes(ledger, asOf: .time(Timestamp(microseconds: 0))) == "[]")
            let future = Timestamp(microseconds: commits[commits.count - 1].time.microseconds + 86_400_000_000)
            #expect(try ledger.position(of: .time(future)) == 6)
            #expect(try notes(ledger, asOf: .time(future)) == notes(ledger))
            #expect(try ledger.position(of: .position(4)) == 4)
        }
    }

    @Test func anEmptyLogHasNothingAtAnyPoint() throws {
        try withNotesLedger { ledger, _ throws in
            #expect(try ledger.position(of: .time(.now())) == 0)
            #expect(try notes(ledger, asOf: .position(0)) == "[]")
            #expect(try notes(ledger, asOf: .position(5)) == "[]")
            #expect(try notes(ledger, asOf: .time(.now())) == "[]")
        }
    }

    @Test func anUnknownQueryIsInvalidInputAtAnyPoint() throws {
        try withFixture { ledger throws in
            let error = #expect(throws: LedgerError.self) { try ledger.query("nope", asOf: .position(1)) }
            #expect(error?.kind == .invalidInput)
        }
    }

    /// 3,000 events in 100 commits; then the log itself is removed from the file. Reads as of
    /// a position must still give exactly the past state: they use the row versions alone
    /// and never read, let alone replay, the log.
    @Test func asOfReadsUseRowVersionsNotTheLog() throws {
        try withNotesLedger(initialMapSize: 64 << 20) { ledger, _ in
            var events: [(note: String, text: String)] = []
            for commit in 0..<100 {
                let created = format3(commit)
                var batch = [PendingEvent(NoteCreated(noteId: created, text: "\(created) v\(events.count + 1)"))]
                events.append((created, "\(created) v\(events.count + 1)"))
                for edit in 0..<29 {
                    let note = format3((commit * 7 + edit * 13) % (commit + 1))
                    let text = "\(note) v\(events.count + 1)"
                    batch.append(PendingEvent(NoteEdited(noteId: note, text: text)))
                    events.append((note, text))
                }
                try ledger.append(batch)
            }
            #expect(try ledger.head().position == 3000)

            /// The texts of the notes after `position`, by note id.
            func model(at position: Int) -> [String: String] {
                var texts: [String: String] = [:]
                for event in events.prefix(position) { texts[event.note] = event.text }
                return texts
            }
            let positions =
                [0, 1, 2, 29, 30, 31, 59, 60, 61, 1234, 1500, 2047, 2970, 2971, 2999, 3000]
                + Array(stride(from: 97, to: 3000, by: 211))
            let commits = try commits(ledger)
            #expect(commits.count == 100)
            for (index, commit) in commits.enumerated() where index % 9 == 0 || index == 99 {
                #expect(try ledger.position(of: .time(commit.time)) == commit.last)
            }

            try ledger.core.environment.write { txn in try txn.clear(ledger.core.tables.log) }
            #expect(try ledger.head().position == 0, "the log is gone")

            // Every position: the listing steps through rows of one to dozens of versions.
            var expected: [String: String] = [:]
            for position in 0...3000 {
                if position > 0 { expected[events[position - 1].note] = events[position - 1].text }
                let listed = try notes(ledger, asOf: .position(UInt64(position)))
                #expect(listed == listing(expected.keys.sorted().map { expected[$0]! }), "as of \(position)")
            }
            for position in positions {
                let expected = model(at: position)
                for note in ["000", "001", "017", "050", "099"] {
                    let row = try ledger.read(asOf: .position(UInt64(position))) { try $0.row(NotesDomain.notes, note)?.fields }
                    #expect(row == expected[note].map { [$0, "live"] }, "note \(note) as of \(position)")
                }
            }
        }
    }
}

/// `7` → `"007"`.
private func format3(_ number: Int) -> String {
    let digits = String(number)
    return String(repeating: "0", count: max(0, 3 - digits.count)) + digits
}
