import Testing
@testable import EventLedger
import LedgerTestSupport

/// The notes domain in a later version whose projector stores each note's text in capitals.
private struct ShoutingNotes: LedgerDomain {
    let notes = NotesDomain()
    var projectionName: String { notes.projectionName }
    var eventTypes: [any DomainEvent.Type] { notes.eventTypes }
    var tables: [ProjectionTable] { notes.tables }
    var queries: [QueryDefinition] { notes.queries }
    var readModelVersion: Int { 2 }

    func check(_ event: any DomainEvent, against state: any ProjectionReader, mode: RuleMode) throws {
        try notes.check(event, against: state, mode: mode)
    }

    func apply(_ event: any DomainEvent, context: ProjectionContext, to state: any ProjectionWriter) throws {
        try notes.apply(event, context: context, to: state)
        if let created = event as? NoteCreated {
            try state.set(NotesDomain.notes, StateKey(created.noteId), [created.text.uppercased(), "live"])
        }
    }
}

/// A domain that raises its read model version gets its read model rebuilt on the next
/// opening for writing, once; reading it before is refused.
@Suite struct ReadModelVersionTests {
    @Test func aRaisedVersionRebuildsTheReadModelOnceWhenOpenedForWriting() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("notes.lmdb")
        try Ledger(path: path, domains: [NotesDomain()]).append(NoteCreated(noteId: "a", text: "quiet"))

        #expect(performing: {
            try Ledger(path: path, domains: [ShoutingNotes()], options: Ledger.Options(readOnly: true))
        }, throws: { error in
            (error as? LedgerError)?.kind == .storage && (error as? LedgerError)?.message.contains("earlier version") == true
        })

        let ledger = try Ledger(path: path, domains: [ShoutingNotes()])
        #expect(try ledger.query("notes").json == .array([.string("QUIET")]))
        #expect(try ledger.verify().problems.isEmpty)
        let stored = try ledger.environment.read { txn in
            try ReadModelVersions.outdated(ledger.catalog, txn, ledger.tables.checkpoints)
        }
        #expect(stored.isEmpty)
        #expect(try Ledger(path: path, domains: [ShoutingNotes()], options: Ledger.Options(readOnly: true))
            .query("notes").json == .array([.string("QUIET")]))
    }

    @Test func aNewLedgerRecordsItsDomainsVersions() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let ledger = try Ledger(path: directory.file("notes.lmdb"), domains: [ShoutingNotes()])
        let outdated = try ledger.environment.read { txn in
            try ReadModelVersions.outdated(ledger.catalog, txn, ledger.tables.checkpoints)
        }
        #expect(outdated.isEmpty)
    }
}
