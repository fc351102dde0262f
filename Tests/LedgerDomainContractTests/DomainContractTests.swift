import EventLedger
import LedgerDomainContract
import LedgerTestSupport
import Testing

/// The domain contract holds a sound domain to every clause, and reports what a story or a
/// domain gets wrong.
@Suite struct DomainContractTests {
    /// Notes created, one in a folder, edited, and an edit of a missing note refused.
    static let notes = DomainScenario(NotesDomain(), queries: [CheckedQuery("notes")])
        .committing(NoteCreated(noteId: "n1", text: "Buy milk", folderId: "f1"), NoteCreated(noteId: "n2", text: "Call Bob"))
        .refusing(NoteEdited(noteId: "n3", text: "Water plants"), rule: "note must exist", entity: "note-n3")
        .committing(NoteEdited(noteId: "n1", text: "Buy oat milk"))
        .expecting(CheckedQuery("notes"), #"["Buy oat milk","Call Bob"]"#)

    @Test(arguments: ContractClause.allCases)
    func theNotesDomainKeepsTheContract(_ clause: ContractClause) throws {
        try Self.notes.check(clause)
    }

    @Test func anAnswerOtherThanTheExpectedOneIsReported() throws {
        let wrong = Self.notes.expecting(CheckedQuery("notes"), #"["Buy milk","Call Bob"]"#)
        withKnownIssue { try wrong.check(.answers) }
    }

    @Test func aQueryTheStoryNeverAsksIsReported() throws {
        let silent = DomainScenario(NotesDomain(), queries: []).committing(NoteCreated(noteId: "n1", text: "Buy milk"))
        withKnownIssue { try silent.check(.answers) }
    }

    @Test func anAppendTheRulesAcceptIsReportedAsNotRefused() throws {
        let accepted = Self.notes.refusing(NoteEdited(noteId: "n2", text: "Call Ann"), rule: "note must exist", entity: "note-n2")
        withKnownIssue { try accepted.check(.refusals) }
    }

    @Test func aRefusalNamingAnotherRuleOrEntityIsReported() throws {
        let misnamed = Self.notes.refusing(NoteEdited(noteId: "n3", text: "Water plants"), rule: "note must be live", entity: "note-n3")
        withKnownIssue { try misnamed.check(.refusals) }
    }

    @Test func aCommitThatCannotBeUndoneIsReported() throws {
        let folderDeleted = Self.notes.committing(FolderDeleted(folderId: "f1"))
        withKnownIssue { try folderDeleted.check(.undo) }
    }

    @Test(arguments: [ContractClause.inMemory, .rebuild])
    func anApplyThatFoldsTheSameEventsOtherwiseEachTimeIsReported(_ clause: ContractClause) throws {
        let drifting = DomainScenario(DriftingNotesDomain(), queries: [CheckedQuery("notes")])
            .committing(NoteCreated(noteId: "n1", text: "Buy milk"))
        withKnownIssue { try drifting.check(clause) }
    }
}

/// The notes domain, but for a note's text, which `apply` numbers by how many notes it has
/// created in this process: folded again, the same events give other rows.
struct DriftingNotesDomain: NotesVariant {
    private static let created = Counter()

    func apply(_ event: NoteEvent, context: EventContext, to readModel: ReadModelWriter) throws(LedgerError) {
        try NotesDomain().apply(event, context: context, to: readModel)
        guard case .created(let created) = event else { return }
        Self.created.increment()
        try readModel.set(NotesDomain.notes, created.noteId, NoteRow(text: "\(created.text) #\(Self.created.value)"))
    }
}
