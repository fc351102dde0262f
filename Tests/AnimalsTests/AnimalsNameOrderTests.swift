import Animals
import EventLedger
import LedgerTestSupport
import Testing

/// Categories and animals list by name ignoring case (Unicode case folding), then id,
/// and category names are unique under the same comparison.
@Suite struct AnimalsNameOrderTests {
    let domain = AnimalsDomain()

    /// Animal names that differ only in case, Greek final sigma included, in the order of
    /// their ids; all in category `zoo` ("Zoo"), next to category `apes` ("apes").
    static let animals = [("g1", "οδος"), ("z1", "Zebra"), ("g2", "ΟΔΟΣ"), ("a1", "apple"), ("g3", "Οδοσ")]
    /// The animal ids as the `animals` query lists them.
    static let expectedOrder = ["a1", "z1", "g1", "g2", "g3"]

    /// A ledger with the categories and the animals, each appended on its own (positions 1–7).
    func withLedger(_ body: (Ledger) throws -> Void) throws {
        try withTemporaryLedger(domain) { ledger in
            try ledger.append(CategoryCreated(categoryId: "zoo", name: "Zoo"))
            try ledger.append(CategoryCreated(categoryId: "apes", name: "apes"))
            for (animalId, name) in Self.animals {
                try ledger.append(AnimalAdded(animalId: animalId, name: name, diet: .omnivorous, categoryId: "zoo"))
            }
            try body(ledger)
        }
    }

    /// The ids of the animals, the uncategorized animals, the animals of `zoo` and the categories.
    func listedIds(_ state: ReadModelReader) throws -> [[String]] {
        [
            try AnimalsQueries.animals(in: state).map(\.animalId),
            try AnimalsQueries.animals(uncategorizedOnly: true, in: state).map(\.animalId),
            try AnimalsQueries.categoryAnimals("zoo", in: state).animals.map(\.animalId),
            try AnimalsQueries.categories(in: state).map(\.categoryId),
        ]
    }

    @Test func categoriesAndAnimalsListIgnoringCaseThenId() throws {
        try withLedger { ledger in
            #expect(try ledger.read(listedIds) == [Self.expectedOrder, [], Self.expectedOrder, ["apes", "zoo"]])
            #expect(
                try ledger.read { try AnimalsQueries.animals(in: $0).map(\.name) }
                    == ["apple", "Zebra", "οδος", "ΟΔΟΣ", "Οδοσ"])
            try ledger.append(AnimalRecategorized(animalId: "a1", categoryId: nil))
            try ledger.append(AnimalRecategorized(animalId: "g3", categoryId: nil))
            #expect(try ledger.read(listedIds)[1] == ["a1", "g3"])
        }
    }

    @Test func orderHoldsInThePastAndAfterARebuild() throws {
        try withLedger { ledger in
            try ledger.append(AnimalRenamed(animalId: "z1", name: "ωmega"))
            let past = [["z1", "g1", "g2"], [], ["z1", "g1", "g2"], ["apes", "zoo"]]
            let now = [["a1", "g1", "g2", "g3", "z1"], [], ["a1", "g1", "g2", "g3", "z1"], ["apes", "zoo"]]
            #expect(try ledger.read(asOf: .position(5), listedIds) == past)
            #expect(try ledger.read(listedIds) == now)
            _ = try ledger.rebuild()
            #expect(try ledger.verify().isIntact)
            #expect(try ledger.read(asOf: .position(5), listedIds) == past)
            #expect(try ledger.read(listedIds) == now)
        }
    }

    @Test func categoryNamesEqualUnderCaseFoldingAreTaken() throws {
        try withTemporaryLedger(domain) { ledger in
            try ledger.append(CategoryCreated(categoryId: "street", name: "Straße"))
            try ledger.append(CategoryCreated(categoryId: "sigma", name: "ΟΔΟΣ"))
            try expectRuleViolation(
                "category name must be unique", entity: #"category-road ("Straße" is taken by category-street)"#,
                appending: [PendingEvent(CategoryCreated(categoryId: "road", name: "STRASSE"))], to: ledger, domain)
            try expectRuleViolation(
                "category name must be unique", entity: #"category-greek ("ΟΔΟΣ" is taken by category-sigma)"#,
                appending: [PendingEvent(CategoryCreated(categoryId: "greek", name: "οδος"))], to: ledger, domain)
            try expectRuleViolation(
                "category name must be unique", entity: #"category-sigma ("Straße" is taken by category-street)"#,
                appending: [PendingEvent(CategoryRenamed(categoryId: "sigma", name: "strasse"))], to: ledger, domain)
            try ledger.append(CategoryRenamed(categoryId: "street", name: "STRASSE"))
            try ledger.append(CategoryCreated(categoryId: "road", name: "Strase"))
            #expect(try ledger.read { try AnimalsQueries.categories(in: $0).map(\.name) } == ["Strase", "STRASSE", "ΟΔΟΣ"])
        }
    }
}
