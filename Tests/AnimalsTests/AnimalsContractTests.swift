import Animals
import EventLedger
import LedgerDomainContract
import Testing

/// The animals domain keeps the domain contract: categories whose names are unique ignoring
/// case, animals moved between them, renamed, fed otherwise and removed, a category's deletion
/// taking its animals along, animals arriving before their category in an import, and every
/// rule refused on the way.
@Suite struct AnimalsContractTests {
    static let scenario = DomainScenario(
        AnimalsDomain(),
        queries: [CheckedQuery("categories"), CheckedQuery("animals"), CheckedQuery("animals", flags: ["uncategorized"])]
            + ["mammal", "bird", "fish", "reptile", "mammal-2", "bird-2", "nothing"].map { CheckedQuery("category-animals", $0) }
    )
    // A later event of a commit sees the earlier ones: the animals find their category.
    .committing(
        CategoryCreated(categoryId: "mammal", name: "Mammal"), CategoryCreated(categoryId: "bird", name: "Bird"),
        AnimalAdded(animalId: "fox", name: "Fox", diet: .omnivorous, categoryId: "mammal"),
        AnimalAdded(animalId: "cat", name: "Cat", diet: .carnivorous, categoryId: "mammal"),
        AnimalAdded(animalId: "bat", name: "Bat", diet: .herbivorous, categoryId: "mammal"),
        AnimalAdded(animalId: "owl", name: "Owl", diet: .carnivorous, categoryId: "bird"),
        AnimalAdded(animalId: "kiwi", name: "kiwi", diet: .omnivorous, categoryId: "bird"),
        AnimalAdded(animalId: "snake", name: "Snake", diet: .carnivorous)
    )
    .expecting(
        CheckedQuery("category-animals", "bird"),
        #"{"animals":[{"animalId":"kiwi","diet":"omnivorous","name":"kiwi"},{"animalId":"owl","diet":"carnivorous","name":"Owl"}],"#
            + #""categoryId":"bird","name":"Bird"}"#
    )
    .expecting(CheckedQuery("category-animals", "nothing"), #"notFound: category "nothing" does not exist"#)
    .refusingEach(
        CategoryRenamed(categoryId: "nothing", name: "X"), CategoryDeleted(categoryId: "nothing"), rule: "category must exist",
        entity: "category-nothing"
    )
    .refusingEach(
        AnimalRenamed(animalId: "nothing", name: "X"), AnimalDietChanged(animalId: "nothing", diet: .carnivorous),
        AnimalRecategorized(animalId: "nothing"), AnimalRemoved(animalId: "nothing"), rule: "animal must exist", entity: "animal-nothing"
    )
    .refusingEach(
        AnimalAdded(animalId: "gecko", name: "Gecko", diet: .carnivorous, categoryId: "reptile"),
        AnimalRecategorized(animalId: "fox", categoryId: "reptile"), rule: "category must exist", entity: "category-reptile"
    )
    .refusingInEveryMode(AnimalAdded(animalId: "fox", name: "Fox", diet: .omnivorous), rule: "id must be new", entity: "animal-fox")
    // Category names are unique ignoring case, in every mode, and within a commit.
    .refusing(
        CategoryCreated(categoryId: "c2", name: "  mAMMAL "), rule: "category name must be unique",
        entity: #"category-c2 ("Mammal" is taken by category-mammal)"#
    )
    .refusing(
        CategoryCreated(categoryId: "c2", name: "mammal"), mode: .importing, rule: "category name must be unique",
        entity: #"category-c2 ("Mammal" is taken by category-mammal)"#
    )
    .refusing(
        CategoryRenamed(categoryId: "bird", name: "MAMMAL"), rule: "category name must be unique",
        entity: #"category-bird ("Mammal" is taken by category-mammal)"#
    )
    .refusing(
        CategoryCreated(categoryId: "fish", name: "Fish"), CategoryCreated(categoryId: "pisces", name: "FISH"),
        rule: "category name must be unique", entity: #"category-pisces ("Fish" is taken by category-fish)"#
    )
    .committing(AnimalRecategorized(animalId: "bat", categoryId: "bird"))
    // Deleting a category deletes the animals in it at that moment.
    .committing(CategoryDeleted(categoryId: "mammal"))
    .expecting(CheckedQuery("category-animals", "mammal"), #"notFound: category "mammal" does not exist"#)
    .expecting(CheckedQuery("categories"), #"[{"animalCount":3,"categoryId":"bird","name":"Bird"}]"#)
    .expecting(
        CheckedQuery("animals"),
        #"[{"animalId":"bat","categoryId":"bird","diet":"herbivorous","name":"Bat"},"#
            + #"{"animalId":"kiwi","categoryId":"bird","diet":"omnivorous","name":"kiwi"},"#
            + #"{"animalId":"owl","categoryId":"bird","diet":"carnivorous","name":"Owl"},"#
            + #"{"animalId":"snake","categoryId":null,"diet":"carnivorous","name":"Snake"}]"#
    )
    .refusing(AnimalRenamed(animalId: "fox", name: "Red Fox"), rule: "animal must not be deleted", entity: "animal-fox")
    .refusing(AnimalAdded(animalId: "fox", name: "Fox", diet: .omnivorous), rule: "id must be new", entity: "animal-fox")
    .refusingEach(
        CategoryRenamed(categoryId: "mammal", name: "X"), CategoryDeleted(categoryId: "mammal"),
        AnimalAdded(animalId: "cod", name: "Cod", diet: .carnivorous, categoryId: "mammal"),
        AnimalRecategorized(animalId: "snake", categoryId: "mammal"), rule: "category must not be deleted", entity: "category-mammal"
    )
    .refusing(CategoryCreated(categoryId: "mammal", name: "Mammal"), rule: "id must be new", entity: "category-mammal")
    .refusing(
        CategoryCreated(categoryId: "reptile", name: "Reptile"),
        AnimalAdded(animalId: "gecko", name: "Gecko", diet: .carnivorous, categoryId: "reptile"), CategoryDeleted(categoryId: "reptile"),
        AnimalRenamed(animalId: "gecko", name: "Leopard Gecko"), rule: "animal must not be deleted", entity: "animal-gecko"
    )
    // A deleted category's name is free again.
    .committing(CategoryCreated(categoryId: "mammal-2", name: "MAMMAL"))
    .committing(AnimalRenamed(animalId: "owl", name: "Barn Owl"))
    .committing(AnimalDietChanged(animalId: "kiwi", diet: .herbivorous))
    .committing(AnimalRecategorized(animalId: "kiwi"))
    .committing(AnimalRemoved(animalId: "snake"))
    .refusingEach(
        AnimalRenamed(animalId: "snake", name: "X"), AnimalDietChanged(animalId: "snake", diet: .omnivorous),
        AnimalRecategorized(animalId: "snake"), AnimalRemoved(animalId: "snake"), rule: "animal must not be deleted", entity: "animal-snake"
    )
    // A category may change the case of its own name; a name renamed away is free again,
    // to a later event of the same commit too.
    .committing(CategoryRenamed(categoryId: "bird", name: "BIRD"))
    .committing(CategoryRenamed(categoryId: "bird", name: "Aves"), CategoryCreated(categoryId: "bird-2", name: "Bird"))
    .refusing(
        CategoryRenamed(categoryId: "mammal-2", name: "bird"), rule: "category name must be unique",
        entity: #"category-mammal-2 ("Bird" is taken by category-bird-2)"#
    )
    // Imports: animals put in a category before it arrives, later in the same commit, and
    // one naming a deleted category, which leaves it uncategorized.
    .committing(
        AnimalAdded(animalId: "emu", name: "Emu", diet: .omnivorous, categoryId: "fish"), AnimalRecategorized(animalId: "bat", categoryId: "fish"),
        CategoryCreated(categoryId: "fish", name: "Fish"), mode: .importing
    )
    .expecting(
        CheckedQuery("category-animals", "fish"),
        #"{"animals":[{"animalId":"bat","diet":"herbivorous","name":"Bat"},{"animalId":"emu","diet":"omnivorous","name":"Emu"}],"#
            + #""categoryId":"fish","name":"Fish"}"#
    )
    .committing(AnimalAdded(animalId: "cod", name: "Cod", diet: .carnivorous, categoryId: "mammal"), mode: .importing)
    .expecting(
        CheckedQuery("animals", flags: ["uncategorized"]),
        #"[{"animalId":"cod","categoryId":null,"diet":"carnivorous","name":"Cod"},"#
            + #"{"animalId":"kiwi","categoryId":null,"diet":"herbivorous","name":"kiwi"}]"#
    )
    // An edit form's commit of several events, the last deleting a category with three animals;
    // equal names ignoring case list by id.
    .committing(
        CategoryCreated(categoryId: "reptile", name: "Reptile"),
        AnimalAdded(animalId: "gecko", name: "Gecko", diet: .carnivorous, categoryId: "reptile"),
        AnimalAdded(animalId: "gecko-2", name: "gecko", diet: .herbivorous, categoryId: "reptile"),
        AnimalRecategorized(animalId: "kiwi", categoryId: "fish"), CategoryRenamed(categoryId: "mammal-2", name: "mammals"),
        CategoryDeleted(categoryId: "fish")
    )
    .expecting(
        CheckedQuery("categories"),
        #"[{"animalCount":1,"categoryId":"bird","name":"Aves"},{"animalCount":0,"categoryId":"bird-2","name":"Bird"},"#
            + #"{"animalCount":0,"categoryId":"mammal-2","name":"mammals"},{"animalCount":2,"categoryId":"reptile","name":"Reptile"}]"#
    )
    .expecting(
        CheckedQuery("animals"),
        #"[{"animalId":"owl","categoryId":"bird","diet":"carnivorous","name":"Barn Owl"},"#
            + #"{"animalId":"cod","categoryId":null,"diet":"carnivorous","name":"Cod"},"#
            + #"{"animalId":"gecko","categoryId":"reptile","diet":"carnivorous","name":"Gecko"},"#
            + #"{"animalId":"gecko-2","categoryId":"reptile","diet":"herbivorous","name":"gecko"}]"#
    )
    .expectingTable(
        CheckedQuery("categories"), columns: ["CATEGORY ID", "NAME", "ANIMALS"],
        rows: [["bird", "Aves", "1"], ["bird-2", "Bird", "0"], ["mammal-2", "mammals", "0"], ["reptile", "Reptile", "2"]]
    )
    .expectingTable(
        CheckedQuery("category-animals", "reptile"), title: "Reptile (reptile)", columns: ["ANIMAL ID", "NAME", "DIET"],
        rows: [["gecko", "Gecko", "carnivorous"], ["gecko-2", "gecko", "herbivorous"]]
    )
    .expectingTable(
        CheckedQuery("animals", flags: ["uncategorized"]), columns: ["ANIMAL ID", "NAME", "DIET", "CATEGORY ID"],
        rows: [["cod", "Cod", "carnivorous", "-"]]
    )

    @Test(arguments: ContractClause.allCases)
    func animalsKeepTheDomainContract(_ clause: ContractClause) throws {
        try Self.scenario.check(clause)
    }

    @Test func theStoriesTellEveryEventTypeAndTheQueriesAreDeclaredAsTold() {
        #expect(
            Self.scenario.committedEventTypes.union(AnimalsRestoreTests.restoring.committedEventTypes) == Set(AnimalsDomain().events.map(\.typeName)))
        let declared = AnimalsDomain().queries.map { [$0.name, $0.argumentName ?? "-"] + $0.flags }
        #expect(declared == [["categories", "-"], ["category-animals", "CATEGORY"], ["animals", "-", "uncategorized"]])
    }
}
