import Animals
import EventLedger
import LedgerTestSupport
import Testing

/// Importing another ledger's export into an animals ledger: animals that
/// arrive before their category, the cascade carried over, and the category-name rule
/// that holds on import too.
@Suite struct AnimalsImportTests {
    let domain = AnimalsDomain()

    /// Every animals query's answer, including `category-animals` of each live category.
    func allQueries(_ ledger: Ledger) throws -> [String] {
        var answers = [
            try queryJSON(ledger, "categories"), try queryJSON(ledger, "animals"),
            try queryJSON(ledger, "animals", flags: ["uncategorized"]),
        ]
        let categories = try #require(ledger.query("categories").json.arrayValue)
        for category in categories {
            let id = try #require(category.objectValue?["categoryId"]?.stringValue)
            answers.append(try queryJSON(ledger, "category-animals", id))
        }
        return answers
    }

    static let birds =
        #"{"animals":[{"animalId":"emu","diet":"omnivorous","name":"Emu"},"#
        + #"{"animalId":"owl","diet":"carnivorous","name":"Owl"}],"categoryId":"bird","name":"Bird"}"#

    @Test func animalsImportedBeforeTheirCategoryAreUncategorizedUntilItArrives() throws {
        try withTemporaryLedger(domain) { source in
            // Source positions: 1 CategoryCreated bird, 2 AnimalAdded owl (bird), 3 AnimalAdded emu, 4 emu → bird.
            try source.append(CategoryCreated(categoryId: "bird", name: "Bird"))
            try source.append(AnimalAdded(animalId: "owl", name: "Owl", diet: .carnivorous, categoryId: "bird"))
            try source.append(AnimalAdded(animalId: "emu", name: "Emu", diet: .omnivorous))
            try source.append(AnimalRecategorized(animalId: "emu", categoryId: "bird"))
            let file = try exportedEvents(source)
            try withTemporaryLedger(domain) { target in
                // The animals first: positions 1–3, then the category at 4.
                #expect(try target.importEvents(from: EventCollection(file[1...3])).appended == 3)
                #expect(try queryJSON(target, "categories") == "[]")
                let uncategorized = try #require(target.query("animals", .init(flags: ["uncategorized"])).json.arrayValue)
                #expect(uncategorized.compactMap { $0.objectValue?["animalId"]?.stringValue } == ["emu", "owl"])
                let missing = #expect(throws: LedgerError.self) { try target.query("category-animals", .init(argument: "bird")) }
                #expect(missing?.kind == .notFound)

                #expect(try target.importEvents(from: EventCollection([file[0]])).appended == 1)
                #expect(try queryJSON(target, "categories") == #"[{"animalCount":2,"categoryId":"bird","name":"Bird"}]"#)
                #expect(try queryJSON(target, "category-animals", "bird") == Self.birds)
                #expect(try queryJSON(target, "animals", flags: ["uncategorized"]) == "[]")
                #expect(try allQueries(target) == allQueries(source))

                // Time travel: uncategorized before position 4, under the category from it on.
                #expect(try pastQueryJSON(target, "categories", asOf: 3) == "[]")
                let before = try #require(target.query("animals", .init(flags: ["uncategorized"]), asOf: .position(3)).json.arrayValue)
                #expect(before.count == 2)
                #expect(try pastQueryJSON(target, "category-animals", "bird", asOf: 4) == Self.birds)
                #expect(try pastQueryJSON(target, "animals", flags: ["uncategorized"], asOf: 4) == "[]")

                // A rebuild folds the log to the same state and the same past.
                let current = try allQueries(target)
                try target.rebuild()
                #expect(try allQueries(target) == current)
                #expect(try pastQueryJSON(target, "categories", asOf: 3) == "[]")
                #expect(try pastQueryJSON(target, "category-animals", "bird", asOf: 4) == Self.birds)
                #expect(try target.verify().isIntact)
            }
        }
    }

    @Test func aCategoryDeletedAfterItsLateAnimalsArrivedTakesThemAlong() throws {
        try withTemporaryLedger(domain) { target in
            try withTemporaryLedger(domain) { source in
                try source.append(CategoryCreated(categoryId: "mammal", name: "Mammal"))
                try source.append(AnimalAdded(animalId: "fox", name: "Fox", diet: .omnivorous, categoryId: "mammal"))
                try source.append(CategoryDeleted(categoryId: "mammal"))
                let file = try exportedEvents(source)
                // The fox arrives first; then the category, then its deletion.
                try target.importEvents(from: EventCollection([file[1], file[0], file[2]]))
            }
            #expect(try queryJSON(target, "animals") == "[]")
            #expect(try queryJSON(target, "categories") == "[]")
            #expect(try target.history(of: "animal-fox").map(\.type) == ["AnimalAdded", "CategoryDeleted"])
            #expect(try pastQueryJSON(target, "animals", asOf: 2) == #"[{"animalId":"fox","categoryId":"mammal","diet":"omnivorous","name":"Fox"}]"#)
            #expect(try target.verify().isIntact)
        }
    }

    @Test func aCascadeRoundTripsThroughAnExport() throws {
        try withTemporaryLedger(domain) { source in
            try source.append([
                PendingEvent(CategoryCreated(categoryId: "mammal", name: "Mammal")),
                PendingEvent(CategoryCreated(categoryId: "bird", name: "Bird")),
                PendingEvent(AnimalAdded(animalId: "fox", name: "Fox", diet: .omnivorous, categoryId: "mammal")),
                PendingEvent(AnimalAdded(animalId: "cat", name: "Cat", diet: .carnivorous, categoryId: "mammal")),
                PendingEvent(AnimalAdded(animalId: "owl", name: "Owl", diet: .carnivorous, categoryId: "bird")),
                PendingEvent(AnimalAdded(animalId: "snake", name: "Snake", diet: .carnivorous)),
            ])
            try source.append(AnimalRecategorized(animalId: "cat", categoryId: "bird"))
            try source.append(CategoryDeleted(categoryId: "mammal"))
            try source.append(CategoryRenamed(categoryId: "bird", name: "Birds and a cat"))
            try withTemporaryLedger(domain) { target in
                let report = try target.importEvents(from: EventCollection(exportedEvents(source)))
                #expect(importCounts(report) == [9, 0, 4])
                #expect(try allQueries(target) == allQueries(source))
                #expect(try target.history(of: "animal-fox").map(\.type) == ["AnimalAdded", "CategoryDeleted"])
                #expect(try target.history(of: "animal-cat").map(\.type) == ["AnimalAdded", "AnimalRecategorized"])
                #expect(try allEvents(target).map { $0.envelope } == allEvents(source).map { $0.envelope })
                for position: UInt64 in 1...9 {
                    #expect(try pastQueryJSON(target, "animals", asOf: position) == pastQueryJSON(source, "animals", asOf: position))
                }
                #expect(try target.verify().isIntact)
            }
        }
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

    @Test func reimportingTheSameExportAppendsNothing() throws {
        try withTemporaryLedger(domain) { source in
            try source.append(CategoryCreated(categoryId: "fish", name: "Fish"))
            try source.append(AnimalAdded(animalId: "cod", name: "Cod", diet: .carnivorous, categoryId: "fish"))
            try withTemporaryLedger(domain) { target in
                #expect(importCounts(try target.importEvents(from: EventCollection(exportedEvents(source)))) == [2, 0, 2])
                let before = try snapshot(target, domain)
                #expect(importCounts(try target.importEvents(from: EventCollection(exportedEvents(source)))) == [0, 2, 0])
                #expect(try snapshot(target, domain) == before)
                #expect(try queryJSON(target, "categories") == #"[{"animalCount":1,"categoryId":"fish","name":"Fish"}]"#)
            }
        }
    }
}
