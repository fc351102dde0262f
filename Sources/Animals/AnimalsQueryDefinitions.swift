import EventLedger

/// The `ledger query` forms of `AnimalsQueries`: JSON (`--json`) and readable tables.
enum AnimalsQueryDefinitions {
    static let categories = QueryDefinition(
        name: "categories", summary: "live categories with their animal counts, by name"
    ) { _, state in
        try QueryResult(rows: AnimalsQueries.categories(in: state), columns: [QueryColumn("animalCount", heading: "ANIMALS")])
    }

    static let categoryAnimals = QueryDefinition(
        name: "category-animals", argumentName: "CATEGORY", summary: "a category and its animals, by name"
    ) { categoryId, _, state in
        let category = try AnimalsQueries.categoryAnimals(categoryId, in: state)
        return try QueryResult(category, rows: \.animals, title: "\(category.name) (\(category.categoryId))")
    }

    static let animals = QueryDefinition(
        name: "animals", flags: ["uncategorized"],
        summary: "animals by name; --uncategorized: those without a live category"
    ) { input, state in
        try QueryResult(
            rows: AnimalsQueries.animals(uncategorizedOnly: input.flags.contains("uncategorized"), in: state),
            columns: [QueryColumn("categoryId", format: .text(ifNil: "-"))])
    }
}
