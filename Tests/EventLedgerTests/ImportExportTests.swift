import LedgerTestSupport
import Testing

@testable import EventLedger

/// Interchange at the library level: the envelope of a recorded event, reading it
/// back with `ImportedEvent(envelope:)`, and `Ledger.importEvents`: ids kept, deduplicated,
/// commit grouping and times kept, all or nothing.
@Suite struct ImportExportTests {
    static let envelopeKeys = [
        "commit", "data", "hash", "id", "metadata", "position", "recordedAt", "schemaVersion",
        "stream", "type", "version",
    ]

    /// The export of `ledger`: one serialized envelope per event.
    func export(_ ledger: Ledger) throws -> [String] {
        try allEvents(ledger).map { $0.envelope.serializedString() }
    }

    /// A source ledger with three commits, metadata, and a cascade.
    func fillSource(_ ledger: Ledger) throws {
        try ledger.append(NoteCreated(noteId: "a", text: "one", folderId: "f"), metadata: ["user": "ann", "device": "phone"])
        try ledger.append([
            PendingEvent(NoteEdited(noteId: "a", text: "two")),
            PendingEvent(NoteCreated(noteId: "b", text: "three", folderId: "f")),
            PendingEvent(NoteCreated(noteId: "c", text: "four")),
        ])
        try ledger.append(FolderDeleted(folderId: "f"))
    }

    /// The envelope of `event` with `field` replaced by `value` (removed when nil).
    func envelope(_ event: RecordedEvent, _ field: String, _ value: JSONValue?) throws -> JSONValue {
        var object = try #require(event.envelope.objectValue)
        object[field] = value
        return .object(object)
    }

    // MARK: - The envelope

    @Test func anEnvelopeReadsBackIntoWhatAnImportKeeps() throws {
        try withNotesLedger { source, _ in
            try fillSource(source)
            let recorded = try allEvents(source)
            #expect(recorded.count == 5)
            for event in recorded {
                #expect(event.envelope.objectValue?.keys.sorted() == Self.envelopeKeys)
                let imported = try ImportedEvent(envelope: event.envelope)
                #expect(imported.id == event.id)
                #expect(imported.type == event.type)
                #expect(JSONValue.object(imported.payload) == event.data)
                #expect(imported.metadata == event.metadata)
                #expect(imported.stream == event.stream)
                #expect(imported.sourceCommit == event.commit)
                #expect(imported.recordedAt == event.recordedAt)
                #expect(imported.sourcePosition == event.position && imported.sourceVersion == event.version)
                #expect(imported.sourceHash == event.hash)
            }
            #expect(recorded[0].metadata == ["user": "ann", "device": "phone"])
            // The envelope's text form parses back to the same envelope.
            let text = recorded[1].envelope.serializedString()
            #expect(try JSONValue.parse(text) == recorded[1].envelope)
        }
    }

    /// Expects the envelope of a note's creation with `field` replaced by `value` (removed when
    /// nil) refused as `.invalidInput` about `named`; returns the error.
    @discardableResult
    func expectInvalidEnvelope(
        _ field: String, _ value: JSONValue?, naming named: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> LedgerError? {
        var error: LedgerError?
        try withNotesLedger { source, _ in
            try source.append(NoteCreated(noteId: "a", text: "one"))
            let event = try #require(try allEvents(source).first, sourceLocation: sourceLocation)
            error = #expect(throws: LedgerError.self, sourceLocation: sourceLocation) {
                try ImportedEvent(envelope: try envelope(event, field, value))
            }
            #expect(error?.kind == .invalidInput, sourceLocation: sourceLocation)
            #expect(error?.subject == named, sourceLocation: sourceLocation)
        }
        return error
    }

    @Test(arguments: ImportExportTests.envelopeKeys)
    func anEnvelopeMissingAKeyIsInvalidInputNamingIt(key: String) throws {
        let error = try expectInvalidEnvelope(key, nil, naming: key)
        #expect(error?.message.contains(key) == true)
    }

    @Test(arguments: [
        ("extra", JSONValue.int(1), "extra"),
        ("id", .string("not-a-uuid"), "id"),
        ("id", .int(7), "id"),
        ("schemaVersion", .int(0), "schemaVersion"),
        ("schemaVersion", .string("1"), "schemaVersion"),
        ("recordedAt", .string("yesterday"), "recordedAt"),
        ("data", .array([]), "data"),
        ("metadata", .object(["user": .int(1)]), "metadata"),
        ("position", .int(0), "position"),
        ("commit", .string("1"), "commit"),
        ("version", .double(1.5), "version"),
        ("hash", .null, "hash"),
        ("type", .bool(true), "type"),
        ("stream", .int(3), "stream"),
    ])
    func aMalformedEnvelopeIsInvalidInputNamingTheField(field: String, value: JSONValue, named: String) throws {
        try expectInvalidEnvelope(field, value, naming: named)
    }

    @Test func anEnvelopeMustBeAnObject() {
        for value: JSONValue in [.array([]), .string("{}"), .null, .int(1)] {
            let error = #expect(throws: LedgerError.self) { try ImportedEvent(envelope: value) }
            #expect(error?.kind == .invalidInput)
        }
    }

    // MARK: - Importing

    @Test func importingAnExportIntoAnEmptyLedgerReproducesItExactly() throws {
        try withSourceAndTarget(filling: fillSource) { source, target in
            let report = try target.importEvents(from: EventCollection(exportedEvents(source)))
            #expect(report == ImportReport(appended: 5, duplicates: 0, commits: 3))
            // Same commit grouping and times, hence same positions, versions and hashes.
            #expect(try export(target) == export(source))
            #expect(try queryJSON(target, "notes") == queryJSON(source, "notes"))
            #expect(try target.history(of: "note-b").map(\.type) == ["NoteCreated", "FolderDeleted"])
            #expect(try target.verify().isIntact)
            let stats = try target.stats()
            #expect(stats.events == 5 && stats.commits == 3)
            #expect(stats.eventsByType == ["NoteCreated": 3, "NoteEdited": 1, "FolderDeleted": 1])
            #expect(stats.checkpoints == ["notes": 5])
        }
    }

    @Test func aCommitLargerThanTheAppendReadsAheadIsStreamedIntoItAndARefusedEventFarIntoItAppendsNothing() throws {
        try withNotesLedger { source, _ in
            // One commit of 1,500 events: the append reads 1,000 ahead, then the rest as it goes.
            try source.append((0..<1_500).map { PendingEvent(NoteCreated(noteId: "n\($0)", text: "note \($0)")) })
            let file = try exportedEvents(source)
            try withNotesLedger { target, _ in
                let report = try target.importEvents(from: EventCollection(file))
                #expect(report == ImportReport(appended: 1_500, duplicates: 0, commits: 1))
                #expect(try export(target) == export(source))
                #expect(try target.verify().isIntact)
            }
            let recorded = try allEvents(source)
            let tooLate = Timestamp(microseconds: Timestamp.now().microseconds + 2 * ImportedEvent.maximumClockSkew)
            let edits: [(index: Int, field: String, value: JSONValue, subject: String?)] = [
                (1_200, "recordedAt", .string(tooLate.description), "recordedAt"),
                (1_300, "type", .string("FolderVanished"), nil),
                (1_400, "data", .object(["noteId": .string("n1400"), "text": .string("edited")]), "hash"),
            ]
            for edit in edits {
                var edited = file
                edited[edit.index] = try ImportedEvent(envelope: envelope(recorded[edit.index], edit.field, edit.value))
                try withNotesLedger { target, _ in
                    let error = try expectRefusedImport(edited, into: target, at: edit.index)
                    #expect(error?.kind == .invalidInput, "\(edit.field)")
                    if let subject = edit.subject { #expect(error?.subject == subject) }
                }
            }
        }
    }

    @Test func reimportingAppendsNothing() throws {
        try withSourceAndTarget(filling: fillSource) { source, target in
            try target.importEvents(from: EventCollection(exportedEvents(source)))
            let before = try snapshot(target, NotesDomain())
            let exportBefore = try export(target)
            let again = try target.importEvents(from: EventCollection(exportedEvents(source)))
            #expect(again == ImportReport(appended: 0, duplicates: 5, commits: 0))
            #expect(try snapshot(target, NotesDomain()) == before)
            #expect(try export(target) == exportBefore)
            #expect(try target.stats().commits == 3)
        }
    }

    @Test func anOverlappingImportAppendsOnlyTheNewIds() throws {
        try withSourceAndTarget(filling: fillSource) { source, target in
            let all = try exportedEvents(source)
            // The first commit arrives first, then the whole export.
            #expect(try target.importEvents(from: EventCollection([all[0]])) == ImportReport(appended: 1, duplicates: 0, commits: 1))
            let report = try target.importEvents(from: EventCollection(all))
            #expect(report == ImportReport(appended: 4, duplicates: 1, commits: 2))
            #expect(try allEvents(target).map(\.id) == all.map(\.id))
            #expect(try export(target) == export(source))
        }
    }

    @Test func importingIntoANonEmptyLedgerKeepsIdsAndGivesNewPositions() throws {
        try withSourceAndTarget(filling: fillSource) { source, target in
            let sourceEvents = try allEvents(source)
            try target.append(NoteCreated(noteId: "local", text: "mine"))
            try target.append(NoteEdited(noteId: "local", text: "still mine"))
            let report = try target.importEvents(from: EventCollection(exportedEvents(source)))
            #expect(report == ImportReport(appended: 5, duplicates: 0, commits: 3))
            let all = try allEvents(target)
            #expect(all.count == 7)
            let arrived = Array(all.suffix(5))
            #expect(arrived.map(\.position) == [3, 4, 5, 6, 7])
            #expect(arrived.map(\.commit) == [3, 4, 4, 4, 5])
            #expect(arrived.map(\.id) == sourceEvents.map(\.id))
            #expect(arrived.map(\.type) == sourceEvents.map(\.type))
            #expect(arrived.map(\.stream) == sourceEvents.map(\.stream))
            #expect(arrived.map(\.version) == sourceEvents.map(\.version))
            #expect(arrived.map(\.data) == sourceEvents.map(\.data))
            #expect(arrived.map(\.metadata) == sourceEvents.map(\.metadata))
            // Commit times never go backwards.
            for (earlier, later) in zip(all, all.dropFirst()) { #expect(earlier.recordedAt <= later.recordedAt) }
            #expect(try queryJSON(target, "notes") == #"["four","still mine"]"#)
            #expect(try target.verify().isIntact)
        }
    }

    @Test func consecutiveEventsOfOneSourceCommitStayOneCommitAndKeepItsTime() throws {
        try withNotesLedger { ledger, _ in
            let time = try #require(Timestamp(iso8601: "2026-01-02T03:04:05.123456Z"))
            func envelope(_ commit: Int64, _ type: String, _ data: JSONValue, stream: String) -> JSONValue {
                .object([
                    "position": .int(99), "commit": .int(commit), "recordedAt": .string(time.description),
                    "id": .string(EventID.generate().description), "stream": .string(stream), "version": .int(1),
                    "type": .string(type), "schemaVersion": .int(1), "data": data, "metadata": .object([:]),
                    "hash": .string(String(repeating: "0", count: 64)),
                ])
            }
            let file = try [
                envelope(7, "NoteCreated", .object(["noteId": .string("a"), "text": .string("x")]), stream: "note-a"),
                envelope(7, "NoteCreated", .object(["noteId": .string("b"), "text": .string("y")]), stream: "note-b"),
                envelope(9, "NoteEdited", .object(["noteId": .string("a"), "text": .string("z")]), stream: "note-a"),
                envelope(7, "NoteCreated", .object(["noteId": .string("c"), "text": .string("w")]), stream: "note-c"),
            ].map(ImportedEvent.init(envelope:))
            let report = try ledger.importEvents(from: EventCollection(file), rehash: true)
            #expect(report == ImportReport(appended: 4, duplicates: 0, commits: 3))
            let recorded = try allEvents(ledger)
            #expect(recorded.map(\.commit) == [1, 1, 2, 3])
            #expect(recorded.map(\.position) == [1, 2, 3, 4])
            #expect(recorded.map(\.version) == [1, 1, 2, 1])
            #expect(recorded.allSatisfy { $0.recordedAt == time })
            // The envelope's hash is the chain of this ledger, not the one the file carried.
            #expect(recorded.allSatisfy { $0.hash != String(repeating: "0", count: 64) })
            #expect(try ledger.verify().isIntact)
        }
    }

    @Test func anImportedCommitIsNeverRecordedBeforeTheLastCommit() throws {
        try withNotesLedger { source, _ in
            try source.append(NoteCreated(noteId: "old", text: "from the past"))
            let old = try exportedEvents(source)
            try withNotesLedger { target, _ in
                let local = try target.append(NoteCreated(noteId: "new", text: "now"))
                #expect(local.recordedAt >= old[0].recordedAt)
                try target.importEvents(from: EventCollection(old))
                let recorded = try allEvents(target)
                #expect(recorded.count == 2)
                #expect(recorded[1].recordedAt >= recorded[0].recordedAt)
            }
        }
    }

    @Test func aCommitTimeAheadOfTheClockIsInvalidInputAndAppendsNothing() throws {
        try withNotesLedger { source, _ in
            try fillSource(source)
            let recorded = try allEvents(source)
            let skew = ImportedEvent.maximumClockSkew
            let tooLate = Timestamp(microseconds: Timestamp.now().microseconds + skew + 60_000_000)
            for time in [tooLate, Timestamp(microseconds: Timestamp.representable.upperBound)] {
                var file = try exportedEvents(source)
                file[4] = try ImportedEvent(envelope: envelope(recorded[4], "recordedAt", .string(time.description)))
                try withNotesLedger { target, _ in
                    let error = try expectRefusedImport(file, into: target, at: 4)
                    #expect(error?.kind == .invalidInput)
                    #expect(error?.subject == "recordedAt")
                    // The clock is not poisoned: the next commit is stamped now.
                    let next = try target.append(NoteCreated(noteId: "z", text: "later"))
                    #expect(next.recordedAt < tooLate)
                }
            }
        }
    }

    /// Expects importing `file` into the empty ledger `target` refused at event `index` (as
    /// `LedgerError.eventIndex` counts them) and nothing appended; returns the error.
    @discardableResult
    func expectRefusedImport(
        _ file: [ImportedEvent], into target: Ledger, rehash: Bool = false, at index: Int, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> LedgerError? {
        let error = #expect(throws: LedgerError.self, sourceLocation: sourceLocation) {
            try target.importEvents(from: EventCollection(file), rehash: rehash)
        }
        #expect(error?.eventIndex == index, sourceLocation: sourceLocation)
        #expect(try target.head().position == 0, "nothing appended", sourceLocation: sourceLocation)
        return error
    }

    /// The export of `source` with event `index` changed: `field` set to `value`.
    func exportEditing(_ source: Ledger, _ index: Int, _ field: String, _ value: JSONValue) throws -> [ImportedEvent] {
        var file = try exportedEvents(source)
        file[index] = try ImportedEvent(envelope: envelope(allEvents(source)[index], field, value))
        return file
    }

    @Test(arguments: [
        ("data", JSONValue.object(["noteId": .string("b"), "text": .string("edited"), "folderId": .string("f")])),
        ("metadata", .object(["user": .string("eve")])),
        ("recordedAt", .string("2001-01-01T00:00:00.000000Z")),
        ("commit", .int(7)),
        ("hash", .string(String(repeating: "0", count: 64))),
        ("hash", .string("zz")),
    ])
    func anEnvelopeWhoseHashDoesNotChainIsInvalidInputUnlessRehashed(field: String, value: JSONValue) throws {
        try withSourceAndTarget(filling: fillSource) { source, target in
            let file = try exportEditing(source, 2, field, value)
            let error = try expectRefusedImport(file, into: target, at: 2)
            #expect(error?.kind == .invalidInput)
            #expect(error?.subject == "hash")
            // Rewritten on purpose: the ledger hashes the events afresh.
            #expect(try target.importEvents(from: EventCollection(file), rehash: true).appended == 5)
            #expect(try target.verify().isIntact)
        }
    }

    @Test func aPartialExportChainsFromAHashItCannotShow() throws {
        try withNotesLedger { source, _ in
            try fillSource(source)
            let file = try exportedEvents(source)
            try withNotesLedger { target, _ in
                // Positions 3–5: the first line's predecessor is not in the file.
                let report = try target.importEvents(from: EventCollection(file[2...]))
                #expect(report.appended == 3)
            }
            try withNotesLedger { target, _ in
                // Positions 1, 3 and 5: two lines follow positions missing from the file.
                let gaps = [file[0], file[2], file[4]]
                let error = #expect(throws: LedgerError.self) { try target.importEvents(from: EventCollection(gaps)) }
                #expect(error?.kind == .invalidInput)
                #expect(error?.eventIndex == 2)
                #expect(error?.subject == "position")
                let rehashed = try target.importEvents(from: EventCollection(gaps), rehash: true)
                #expect(rehashed.appended == 3)
            }
        }
    }

    @Test func aStreamThatDoesNotMatchItsDataAppendsNothingAndNamesTheEvent() throws {
        try withSourceAndTarget(filling: fillSource) { source, target in
            let recorded = try allEvents(source)
            var file = try exportedEvents(source)
            file[3] = try ImportedEvent(envelope: envelope(recorded[3], "stream", .string("note-zzz")))
            try target.append(NoteCreated(noteId: "local", text: "mine"))
            let before = try snapshot(target, NotesDomain())
            let error = #expect(throws: LedgerError.self) { try target.importEvents(from: EventCollection(file)) }
            #expect(error?.kind == .invalidInput)
            #expect(error?.eventIndex == 3)
            #expect(error?.subject == "stream")
            #expect(try snapshot(target, NotesDomain()) == before)
        }
    }

    @Test func anEventAlreadyImportedUnderAnotherStreamIsRefused() throws {
        try withSourceAndTarget(filling: fillSource) { source, target in
            let file = try exportedEvents(source)
            try target.importEvents(from: EventCollection(file))
            let edited = try exportEditing(source, 1, "stream", .string("note-zzz"))
            let error = #expect(throws: LedgerError.self) { try target.importEvents(from: EventCollection(edited), rehash: true) }
            #expect(error?.kind == .invalidInput)
            #expect(error?.eventIndex == 1)
            #expect(error?.subject == "stream")
        }
    }

    @Test func aRefusedEventIsNamedBeforeALaterEventOfItsCommitWithATimeAheadOfTheClock() throws {
        try withSourceAndTarget(filling: fillSource) { source, target in
            let recorded = try allEvents(source)
            // Events 1 to 3 are one commit: the second is of an unknown type, the third is stamped too late.
            var file = try exportEditing(source, 2, "type", .string("FolderVanished"))
            let tooLate = Timestamp(microseconds: Timestamp.now().microseconds + 2 * ImportedEvent.maximumClockSkew)
            file[3] = try ImportedEvent(envelope: envelope(recorded[3], "recordedAt", .string(tooLate.description)))
            let error = try expectRefusedImport(file, into: target, rehash: true, at: 2)
            #expect(error?.message.contains("FolderVanished") == true)
        }
    }

    @Test func anUnknownEventTypeAppendsNothingAndNamesTheEvent() throws {
        try withSourceAndTarget(filling: fillSource) { source, target in
            let recorded = try allEvents(source)
            var file = try exportedEvents(source)
            file[4] = try ImportedEvent(envelope: envelope(recorded[4], "type", .string("FolderVanished")))
            let error = try expectRefusedImport(file, into: target, at: 4)
            #expect(error?.kind == .invalidInput)
            #expect(error?.message.contains("FolderVanished") == true)
        }
    }

    @Test func aBadPayloadAppendsNothing() throws {
        try withSourceAndTarget(filling: fillSource) { source, target in
            let recorded = try allEvents(source)
            var file = try exportedEvents(source)
            file[2] = try ImportedEvent(
                envelope: envelope(
                    recorded[2], "data",
                    .object([
                        "noteId": .string("b"), "text": .string("three"), "folderId": .string("f"), "colour": .string("red"),
                    ])))
            let error = try expectRefusedImport(file, into: target, at: 2)
            #expect(error?.kind == .invalidInput)
            #expect(error?.message.contains("colour") == true)
        }
    }

    @Test func aRuleViolationInALaterCommitAppendsNothingAndNamesTheEvent() throws {
        try withSourceAndTarget(filling: fillSource) { source, target in
            // The target already has a note "c": the source's third commit creates it again.
            try target.append(NoteCreated(noteId: "c", text: "taken"))
            let before = try snapshot(target, NotesDomain())
            let error = #expect(throws: LedgerError.self) { try target.importEvents(from: EventCollection(exportedEvents(source))) }
            #expect(error?.kind == .ruleViolation)
            #expect(error?.eventIndex == 3)
            #expect(error?.subject == "note-c")
            #expect(try snapshot(target, NotesDomain()) == before)
            #expect(try allEvents(target).count == 1)
        }
    }

    @Test func importingNothingIsInvalidInput() throws {
        try withNotesLedger { ledger, _ in
            let error = #expect(throws: LedgerError.self) { try ledger.importEvents(from: EventCollection([])) }
            #expect(error?.kind == .invalidInput)
            let head = try ledger.head()
            #expect(head.position == 0, "nothing appended")
        }
    }
}
