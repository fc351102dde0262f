import Animals
import EventLedger
import LedgerTestSupport
import Testing

/// Importing into an animals ledger: animals that arrive before their category are
/// uncategorized until it arrives, now, in the past, after a rebuild and in a copy, and its
/// deletion takes them along; the category-name rule holds on import too.
@Suite struct AnimalsImportTests {
    let domain = AnimalsDomain()

    /// Birds imported before their category, one put in it later, then the category, then its deletion.
    static let animalsBeforeTheirCategory = DomainScenario(AnimalsDomain(), queries: AnimalsContractTests.scenario.queries)
        .committing(
            AnimalAdded(animalId: "owl", name: "Owl", diet: .carnivorous, categoryId: "bird"),
            AnimalAdded(animalId: "emu", name: "Emu", diet: .omnivorous), AnimalRecategorized(animalId: "emu", categoryId: "bird"),
            mode: .importing
        )
        .expecting(CheckedQuery("categories"), "[]")
        .expecting(
            CheckedQuery("animals", flags: ["uncategorized"]),
            #"[{"animalId":"emu","categoryId":"bird","diet":"omnivorous","name":"Emu"},"#
                + #"{"animalId":"owl","categoryId":"bird","diet":"carnivorous","name":"Owl"}]"#
        )
        .expecting(CheckedQuery("category-animals", "bird"), #"notFound: category "bird" does not exist"#)
        .committing(CategoryCreated(categoryId: "bird", name: "Bird"), mode: .importing)
        .expecting(CheckedQuery("categories"), #"[{"animalCount":2,"categoryId":"bird","name":"Bird"}]"#)
        .expecting(
            CheckedQuery("category-animals", "bird"),
            #"{"animals":[{"animalId":"emu","diet":"omnivorous","name":"Emu"},{"animalId":"owl","diet":"carnivorous","name":"Owl"}],"#
                + #""categoryId":"bird","name":"Bird"}"#
        )
        .expecting(CheckedQuery("animals", flags: ["uncategorized"]), "[]")
        .committing(CategoryDeleted(categoryId: "bird"), mode: .importing)
        .expecting(CheckedQuery("animals"), "[]")

    /// Undo is left out: undoing an undo appends strictly, which refuses animals of a category not known yet.
    @Test(arguments: ContractClause.allCases.filter { $0 != .undo })
    func animalsImportedBeforeTheirCategoryAreUncategorizedUntilItArrives(_ clause: ContractClause) throws {
        try Self.animalsBeforeTheirCategory.check(clause)
    }

    @Test func aCategoryNameTakenHereRejectsTheWholeImport() throws {
        try withTemporaryLedger(domain) { source in
            try source.append(AnimalAdded(animalId: "kiwi", name: "Kiwi", diet: .omnivorous))
            try source.append(CategoryCreated(categoryId: "aves", name: "  BIRD "))
            let file = try exportedEvents(source)
            try withTemporaryLedger(domain) { target in
                try target.append(CategoryCreated(categoryId: "bird", name: "Bird"))
                let before = try snapshot(target, domain)
                let error = #expect(throws: LedgerError.self) { try target.importEvents(from: EventCollection(file)) }
                #expect(error?.kind == .ruleViolation)
                #expect(error?.rule == "category name must be unique")
                #expect(error?.eventIndex == 1)
                #expect(error?.message.contains("category-aves") == true)
                #expect(try snapshot(target, domain) == before)
                #expect(try allEvents(target).count == 1)
            }
        }
    }
}
