import LedgerTestSupport
import Testing

@testable import EventLedger

/// A typed event is appended as it is when its fields are what decoding its payload would
/// give: checked by their rules while its canonical text is written, and validated.
@Suite struct TypedEventCaseTests {
    typealias Planned = TypedFormTests.Planned
    typealias Tagged = TypedFormTests.Tagged

    /// An event creating an entity whose id may be left for the ledger to assign.
    struct Opened: DomainEvent {
        static let createdEntityField: String? = "accountId"
        @OptionalID var accountId: String?
        var stream: String { "account-\(accountId ?? "")" }
    }

    private let planned = Planned(
        planId: "p1", count: 3, small: -4, ratio: 0.5, urgent: true, priority: .high,
        steps: [.init(title: "a", done: false)], due: Timestamp(microseconds: 7), note: nil)

    @Test func anEventWhoseRulesKeepEveryFieldIsTakenAsItIs() throws {
        let eventCase = EventCase(Planned.self) { $0 }
        let taken = try #require(try eventCase.typed(planned))
        let decoded = try eventCase.decode(try planned.payload, Planned.schemaVersion)
        #expect(taken.value as? Planned == planned && taken.stream == "plan-p1")
        #expect(taken.payloadText == decoded.payloadText && decoded.value == planned)
    }

    @Test func aFieldARuleWouldChangeIsLeftToThePayloadsDecoding() throws {
        #expect(try EventCase(NoteCreated.self) { $0 }.typed(NoteCreated(noteId: "n", text: " hi ")) == nil)
        let restored = EventCase(NoteRestored.self) { $0 }
        #expect(try restored.typed(NoteRestored(noteId: "n", text: "back ")) == nil)
        #expect(try restored.typed(NoteRestored(noteId: "n", text: "back")) != nil)
        #expect(try restored.typed(NoteRestored(noteId: "n", text: nil)) != nil)
    }

    @Test func anEventLeavingOutTheIdOfWhatItCreatesIsLeftToThePayloadsDecoding() throws {
        let opened = EventCase(Opened.self) { $0 }
        #expect(try opened.typed(Opened(accountId: nil)) == nil)
        #expect(try opened.typed(Opened(accountId: "a"))?.stream == "account-a")
    }

    @Test func aFieldARuleRefusesIsRefusedNamingIt() throws {
        let badID = try #require(throws: LedgerError.self) {
            try EventCase(NoteCreated.self) { $0 }.typed(NoteCreated(noteId: "no spaces", text: "x"))
        }
        #expect(badID.kind == .invalidInput && badID.subject == "noteId")
        let ownRule = try #require(throws: LedgerError.self) {
            try EventCase(Tagged.self) { $0 }.typed(Tagged(itemId: "i", tag: "Urgent!"))
        }
        #expect(ownRule.subject == "tag" && ownRule.message.contains("lowercase letters only"))
        var outOfRange = planned
        outOfRange.count = 101
        let invalid = try #require(throws: LedgerError.self) { try EventCase(Planned.self) { $0 }.typed(outOfRange) }
        #expect(invalid.subject == "count")
    }

    @Test func aLedgerStoresTypedEventsAsTheirRulesKeepThem() throws {
        try withTemporaryLedger(NotesDomain()) { ledger in
            var given = PendingEvent(NoteCreated(noteId: "b", text: "typed"))
            given.payload["text"] = .string("given")
            try ledger.append([PendingEvent(NoteCreated(noteId: "a", text: "  spaced ")), given])
            #expect(try ledger.read { try $0.row(NotesDomain.notes, "a")?.text } == "spaced")
            #expect(try ledger.read { try $0.row(NotesDomain.notes, "b")?.text } == "given")
            #expect(try ledger.history(of: "note-a").map(\.data) == [.object(["noteId": .string("a"), "text": .string("spaced")])])

            let before = try snapshot(ledger, NotesDomain())
            let refused = try #require(throws: LedgerError.self) {
                try ledger.append([
                    PendingEvent(NoteEdited(noteId: "a", text: "fine")),
                    PendingEvent(NoteCreated(noteId: "bad id", text: "x")),
                ])
            }
            #expect(refused.kind == .invalidInput && refused.subject == "noteId" && refused.eventIndex == 1)
            #expect(try snapshot(ledger, NotesDomain()) == before)
        }
    }
}
