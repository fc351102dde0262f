import EventLedger

/// A category as stored in `categories`.
struct CategoryRecord {
    var name: String
    var isDeleted: Bool

    init(name: String, isDeleted: Bool = false) {
        self.name = name
        self.isDeleted = isDeleted
    }

    init(_ row: StateRow) throws {
        guard row.count == 2 else { throw AnimalsTables.malformedRow(in: AnimalsTables.categories) }
        self.init(name: row[0], isDeleted: row[1] == "deleted")
    }

    var row: StateRow { [name, isDeleted ? "deleted" : "live"] }
}

/// An animal as stored in `animals`.
struct AnimalRecord {
    var name: String
    var diet: Diet
    var categoryId: String?
    var isDeleted: Bool

    init(name: String, diet: Diet, categoryId: String?, isDeleted: Bool = false) {
        self.name = name
        self.diet = diet
        self.categoryId = categoryId
        self.isDeleted = isDeleted
    }

    init(_ row: StateRow) throws {
        guard row.count == 4 else { throw AnimalsTables.malformedRow(in: AnimalsTables.animals) }
        try self.init(name: row[0], diet: AnimalsTables.diet(row[1], in: AnimalsTables.animals),
                      categoryId: AnimalsTables.categoryReference(row[2]), isDeleted: row[3] == "deleted")
    }

    var row: StateRow { [name, diet.rawValue, AnimalsTables.categoryField(categoryId), isDeleted ? "deleted" : "live"] }
}

/// Typed lookups of single entities in the animal tables.
struct AnimalsState {
    let reader: any ProjectionReader

    /// The category `categoryId`, deleted or not; nil when never created.
    func category(_ categoryId: String) throws -> CategoryRecord? {
        try reader.row(AnimalsTables.categories, StateKey(categoryId)).map(CategoryRecord.init)
    }

    /// The animal `animalId`, deleted or not; nil when never added.
    func animal(_ animalId: String) throws -> AnimalRecord? {
        try reader.row(AnimalsTables.animals, StateKey(animalId)).map(AnimalRecord.init)
    }

    /// The category `categoryId` when it exists and is not deleted.
    func liveCategory(_ categoryId: String) throws -> CategoryRecord? {
        try category(categoryId).flatMap { $0.isDeleted ? nil : $0 }
    }

    /// The animal `animalId` when it exists and is not deleted.
    func liveAnimal(_ animalId: String) throws -> AnimalRecord? {
        try animal(animalId).flatMap { $0.isDeleted ? nil : $0 }
    }

    /// The live category whose name equals `name` ignoring case, if any.
    func categoryHolding(name: String) throws -> String? {
        try reader.row(AnimalsTables.categoryNames, AnimalsTables.nameKey(name))?.first
    }
}
