import LedgerTestSupport
import Testing

@testable import EventLedger

#if canImport(Glibc)
import Glibc
#endif

@Suite struct AppendTests {
    @Test func positionsVersionsAndCommitsAreGapless() throws {
        try withNotesLedger { ledger, _ in
            let first = try ledger.append(NoteCreated(noteId: "a", text: "one"))
            let second = try ledger.append([
                PendingEvent(NoteEdited(noteId: "a", text: "two")),
                PendingEvent(NoteCreated(noteId: "b", text: "three")),
            ])
            #expect(first.commit == 1 && first.positions == [1])
            #expect(second.commit == 2 && second.positions == [2, 3])
            var seen: [(UInt64, UInt64, String)] = []
            try ledger.forEachEvent { event in
                seen.append((event.position, event.version, event.stream))
                return true
            }
            #expect(seen.map(\.0) == [1, 2, 3])
            #expect(seen.map(\.1) == [1, 2, 1])
            #expect(seen.map(\.2) == ["note-a", "note-a", "note-b"])
        }
    }

    @Test func reappendingAnIdAppendsNothingAndReportsTheOriginalPosition() throws {
        try withNotesLedger { ledger, _ in
            let id = EventID.generate()
            let first = try ledger.append(NoteCreated(noteId: "a", text: "one"), id: id)
            let retry = try ledger.append(NoteCreated(noteId: "a", text: "one"), id: id)
            #expect(retry.positions == first.positions)
            #expect(retry.commit == first.commit)
            #expect(!retry.appended)
            #expect(try ledger.head().position == 1)
        }
    }

    @Test func anIdAlreadyNamingAnotherEventIsInvalidInputAndAppendsNothing() throws {
        try withNotesLedger { ledger, _ in
            let id = EventID.generate()
            try ledger.append(NoteCreated(noteId: "a", text: "one"), id: id)
            for other in [
                PendingEvent(NoteCreated(noteId: "a", text: "other text"), id: id),
                PendingEvent(NoteCreated(noteId: "b", text: "one"), id: id),
                PendingEvent(NoteEdited(noteId: "a", text: "one"), id: id),
            ] {
                let error = #expect(throws: LedgerError.self) { try ledger.append([other]) }
                #expect(error?.kind == .invalidInput)
                #expect(error?.subject == id.description)
                #expect(error?.eventIndex == 0)
            }
            #expect(try ledger.head().position == 1)
        }
    }

    @Test func aBatchGivingOneIdToTwoEventsIsInvalidInputAndAppendsNothing() throws {
        try withNotesLedger { ledger, _ in
            let id = EventID.generate()
            let batch = [
                PendingEvent(NoteCreated(noteId: "a", text: "one"), id: id),
                PendingEvent(NoteCreated(noteId: "b", text: "two"), id: id),
            ]
            let error = #expect(throws: LedgerError.self) { try ledger.append(batch) }
            #expect(error?.kind == .invalidInput)
            #expect(error?.eventIndex == 1)
            #expect(error?.message.contains(id.description) == true)
            let head = try ledger.head()
            #expect(head.position == 0)
        }
    }

    @Test func theSameEventUnderOneIdStaysIdempotentWhateverItsMetadataOrAssignedIds() throws {
        try withNotesLedger { ledger, _ in
            let id = EventID.generate()
            let twice = try ledger.append([
                PendingEvent(NoteCreated(noteId: "a", text: "one"), id: id),
                PendingEvent(NoteCreated(noteId: "a", text: "one"), id: id, metadata: ["try": "2"]),
            ])
            #expect(twice.positions == [1, 1])
            // A created note left without an id is given one; a retry means that one.
            let assignedID = EventID.generate()
            let unnamed = PendingEvent(type: "NoteCreated", payload: ["text": .string("unnamed")], id: assignedID)
            let first = try ledger.append([unnamed])
            let retry = try ledger.append([unnamed])
            #expect(retry.positions == first.positions && !retry.appended)
            #expect(try ledger.head().position == 2)
        }
    }

    @Test func expectedVersionMismatchIsAConflictAndAppendsNothing() throws {
        try withNotesLedger { ledger, _ in
            try ledger.append(NoteCreated(noteId: "a", text: "one"), expect: .noStream)
            #expect(throws: LedgerError.self) { try ledger.append(NoteEdited(noteId: "a", text: "x"), expect: .exactly(0)) }
            do {
                try ledger.append(NoteEdited(noteId: "a", text: "x"), expect: .exactly(5))
                Issue.record("expected a conflict")
            } catch let error as LedgerError {
                #expect(error.kind == .conflict)
                #expect(error.message.contains("note-a"))
            }
            try ledger.append(NoteEdited(noteId: "a", text: "x"), expect: .exactly(1))
            #expect(try ledger.head().position == 2)
        }
    }

    /// A batch large enough to be prepared ahead on a helper thread, in steps, fails at the
    /// event that fails, whether its payload is invalid (found while preparing) or it breaks a
    /// rule (found while appending), and appends nothing.
    @Test func aBatchPreparedAheadFailsAtItsFailingEventAndAppendsNothing() throws {
        let count = Appender.preparedAheadFrom * 3
        let created = (0..<count).map { PendingEvent(NoteCreated(noteId: "n\($0)", text: "t")) }
        let failures: [(index: Int, event: PendingEvent, kind: LedgerError.Kind)] = [
            (count - 5, PendingEvent(type: "NoteCreated", payload: ["noteId": .string("x"), "text": .int(1)]), .invalidInput),
            (count - 3, PendingEvent(NoteEdited(noteId: "missing", text: "x")), .ruleViolation),
        ]
        try withNotesLedger { ledger, _ in
            for failure in failures {
                var batch = created
                batch[failure.index] = failure.event
                let error = #expect(throws: LedgerError.self) { try ledger.append(batch) }
                #expect(error?.kind == failure.kind)
                #expect(error?.eventIndex == failure.index)
                let head = try ledger.head()
                #expect(head.position == 0)
            }
            let appended = try ledger.append(created)
            #expect(Array(appended.positions) == Array(1...UInt64(count)))
        }
    }

    @Test func aFailingEventRejectsTheWholeBatchAndNamesItsIndex() throws {
        try withNotesLedger { ledger, _ in
            do {
                try ledger.append([
                    PendingEvent(NoteCreated(noteId: "a", text: "one")),
                    PendingEvent(NoteEdited(noteId: "a", text: "seen by the second event")),
                    PendingEvent(NoteEdited(noteId: "missing", text: "x")),
                ])
                Issue.record("expected a rule violation")
            } catch let error as LedgerError {
                #expect(error.kind == .ruleViolation)
                #expect(error.eventIndex == 2)
                #expect(error.message.contains("note-missing"))
            }
            #expect(try ledger.head().position == 0)
            #expect(try ledger.query("notes").json == .array([]))
        }
    }

    @Test func createdIDsMustBeNewAndAreAssignedWhenLeftOut() throws {
        try withNotesLedger { ledger, _ in
            let result = try ledger.append([PendingEvent(type: "NoteCreated", payload: ["text": .string("untitled")])])
            let assigned = try #require(result.assignedIDs.first?["noteId"])
            #expect(EventID(assigned) != nil)
            let error = #expect(throws: LedgerError.self) { try ledger.append(NoteCreated(noteId: assigned, text: "again")) }
            #expect(error?.rule == "id must be new")
            #expect(error?.subject == "note-\(assigned)")
        }
    }

    @Test func unknownTypesAndBadPayloadsAreInvalidInput() throws {
        try withNotesLedger { ledger, _ in
            #expect(throws: LedgerError.self) { try ledger.append([PendingEvent(type: "Nope", payload: [:])]) }
            do {
                try ledger.append([PendingEvent(type: "NoteCreated", payload: ["noteId": .string("a"), "text": .string("t"), "extra": .int(1)])])
                Issue.record("expected invalid input")
            } catch let error as LedgerError {
                #expect(error.kind == .invalidInput)
                #expect(error.message.contains("extra"))
            }
        }
    }

    @Test func theMapGrowsByItself() throws {
        try withNotesLedger(initialMapSize: 64 << 10) { ledger, _ in
            for chunk in 0..<20 {
                let events = (0..<1000).map { index in
                    PendingEvent(NoteCreated(noteId: "n\(chunk)-\(index)", text: "note number \(index) of chunk \(chunk)"))
                }
                try ledger.append(events)
            }
            #expect(try ledger.head() == (20_000, 20))
        }
    }

    @Test func theLedgerFileIsPrivateToItsOwner() throws {
        try withNotesLedger { ledger, directory in
            try ledger.append(NoteCreated(noteId: "a", text: "one"))
            for file in [ledger.path, ledger.path + "-lock"] {
                var status = stat()
                #expect(stat(file, &status) == 0)
                #expect(status.st_mode & 0o777 == 0o600)
            }
        }
    }
}
