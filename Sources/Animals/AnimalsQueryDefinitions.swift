import EventLedger

/// The `ledger query` forms of `AnimalsQueries`: JSON (`--json`) and readable tables.
enum AnimalsQueryDefinitions {
    static let all = [categories, categoryAnimals, animals]

    static let categories = QueryDefinition(
        name: "categories", summary: "live categories with their animal counts, by name"
    ) { _, state in
        let categories = try AnimalsQueries.categories(in: state)
        return QueryResult(
            json: .array(
                categories.map { category in
                    .object([
                        "categoryId": .string(category.categoryId), "name": .string(category.name),
                        "animalCount": .int(Int64(category.animalCount)),
                    ])
                }),
            columns: ["CATEGORY ID", "NAME", "ANIMALS"],
            rows: categories.map { [$0.categoryId, $0.name, String($0.animalCount)] })
    }

    static let categoryAnimals = QueryDefinition(
        name: "category-animals", argumentName: "CATEGORY", summary: "a category and its animals, by name"
    ) { input, state in
        guard let categoryId = input.argument else {
            throw LedgerError(.invalidInput, "category-animals needs a CATEGORY id")
        }
        let category = try AnimalsQueries.categoryAnimals(categoryId, in: state)
        let animals = JSONValue.array(
            category.animals.map { animal in
                .object([
                    "animalId": .string(animal.animalId), "name": .string(animal.name),
                    "diet": .string(animal.diet.rawValue),
                ])
            })
        return QueryResult(
            json: .object([
                "categoryId": .string(category.categoryId), "name": .string(category.name),
                "animals": animals,
            ]),
            title: "\(category.name) (\(category.categoryId))",
            columns: ["ANIMAL ID", "NAME", "DIET"],
            rows: category.animals.map { [$0.animalId, $0.name, $0.diet.rawValue] })
    }

    static let animals = QueryDefinition(
        name: "animals", flags: ["uncategorized"],
        summary: "animals by name; --uncategorized: those without a live category"
    ) { input, state in
        let animals = try AnimalsQueries.animals(uncategorizedOnly: input.flags.contains("uncategorized"), in: state)
        return QueryResult(
            json: .array(
                animals.map { animal in
                    .object([
                        "animalId": .string(animal.animalId), "name": .string(animal.name),
                        "diet": .string(animal.diet.rawValue),
                        "categoryId": animal.categoryId.map(JSONValue.string) ?? .null,
                    ])
                }),
            columns: ["ANIMAL ID", "NAME", "DIET", "CATEGORY ID"],
            rows: animals.map { [$0.animalId, $0.name, $0.diet.rawValue, $0.categoryId ?? "-"] })
    }
}
