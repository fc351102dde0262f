import EventLedger

/// The tables of the `animal-category` read model.
///
/// Keys sort the way the queries list their rows, so every query is one lookup or one
/// prefix scan over exactly the rows it returns. An animal's `categoryId` field is empty
/// when it has no category.
enum AnimalsTables {
    /// The read model's name, prefix of its tables.
    static let projection = "animal-category"

    /// `categoryId` → `[name, status]`: every category created, deleted ones included.
    static let categories = table("categories")
    /// `(name order key)` → `[categoryId]`: the live category holding each name.
    static let categoryNames = table("category-names")
    /// `(name order key, categoryId)` → `[name, animalCount]`: live categories, in the order of the `categories` query.
    static let categoriesByName = table("categories-by-name")
    /// `animalId` → `[name, diet, categoryId, status]`: every animal added, deleted ones included.
    static let animals = table("animals")
    /// `(name order key, animalId)` → `[name, diet, categoryId]`: live animals.
    static let animalsByName = table("animals-by-name")
    /// `(categoryId, name order key, animalId)` → `[name, diet]`: live animals naming the category, which is live or not yet known.
    static let categoryAnimals = table("category-animals")
    /// `(name order key, animalId)` → `[name, diet, categoryId]`: live animals without a live category.
    static let uncategorizedAnimals = table("uncategorized-animals")

    /// Every table of the read model.
    static let all = [categories, categoryNames, categoriesByName, animals, animalsByName,
                      categoryAnimals, uncategorizedAnimals]

    /// The key of a category name in `categoryNames`: names compare ignoring case.
    static func nameKey(_ name: String) -> StateKey { StateKey(NameOrder.key(name)) }

    /// The key of a live entity in a table ordered by name (`categoriesByName`,
    /// `animalsByName`, `uncategorizedAnimals`): names compare ignoring case, then ids.
    static func nameOrderKey(_ name: String, _ id: String) -> StateKey { StateKey(NameOrder.key(name), id) }

    /// The key of a live animal in `categoryAnimals`: the category's animals by name ignoring case, then id.
    static func categoryAnimalKey(_ categoryId: String, _ name: String, _ animalId: String) -> StateKey {
        StateKey(categoryId, NameOrder.key(name), animalId)
    }

    /// The animal count stored in a `categoriesByName` row.
    static func animalCount(_ row: StateRow?) throws -> Int {
        guard let row, row.count == 2, let count = Int(row[1]) else { throw malformedRow(in: categoriesByName) }
        return count
    }

    /// The diet stored in a row field of `table`.
    static func diet(_ field: String, in table: ProjectionTable) throws -> Diet {
        guard let diet = Diet(rawValue: field) else { throw malformedRow(in: table) }
        return diet
    }

    /// An optional category reference as stored in a row field (empty for none).
    static func categoryField(_ categoryId: String?) -> String { categoryId ?? "" }

    /// The optional category reference of a row field.
    static func categoryReference(_ field: String) -> String? { field.isEmpty ? nil : field }

    /// The error for a row that does not have the shape its table stores.
    static func malformedRow(in table: ProjectionTable) -> LedgerError {
        LedgerError(.corruption, "malformed row in read-model table \(table.name)")
    }

    private static func table(_ name: String) -> ProjectionTable {
        ProjectionTable(projection: projection, table: name)
    }
}
