import EventLedger

/// A category as stored in `categories`.
struct CategoryRecord: EntityRow {
    /// The category's name.
    var name: String
    /// Whether the category is deleted.
    var isDeleted = false
}

/// An animal as stored in `animals`.
struct AnimalRecord: EntityRow, Equatable {
    /// The animal's name.
    var name: String
    /// What the animal eats.
    var diet: Diet
    /// The animal's category, or nil when it has none or named one deleted before.
    var categoryId: String?
    /// Whether the animal is removed, by itself or with its category.
    var isDeleted = false
}

/// A live category in `categoriesByName`.
struct CategoryListing: Codable, Sendable {
    /// The category's name.
    var name: String
    /// The number of live animals in the category.
    var animalCount: Int
}

/// The live category holding a name in `categoryNames`.
struct NameHolder: Codable, Sendable {
    /// The category's id.
    var categoryId: String
}

/// A live animal in `animalsByName` and `uncategorizedAnimals`.
struct AnimalListing: Codable, Sendable {
    /// The animal's name.
    var name: String
    /// What the animal eats.
    var diet: Diet
    /// The animal's category, or nil when it has none.
    var categoryId: String?
}

/// A live animal in `categoryAnimals`.
struct CategoryAnimalListing: Codable, Sendable {
    /// The animal's name.
    var name: String
    /// What the animal eats.
    var diet: Diet
}

// The rows read and written most, stored through their own fields rather than `Codable`'s
// containers; the bytes are the same.

extension CategoryRecord: BinaryFields {
    init(fields: FieldReader) throws(LedgerError) {
        self.init(name: try fields.read(), isDeleted: try fields.read())
    }

    func write(to fields: FieldWriter) {
        fields.write(name)
        fields.write(isDeleted)
    }
}

extension AnimalRecord: BinaryFields {
    init(fields: FieldReader) throws(LedgerError) {
        self.init(name: try fields.read(), diet: try fields.read(), categoryId: try fields.read(), isDeleted: try fields.read())
    }

    func write(to fields: FieldWriter) {
        fields.write(name)
        fields.write(diet)
        fields.write(categoryId)
        fields.write(isDeleted)
    }
}

extension CategoryListing: BinaryFields {
    init(fields: FieldReader) throws(LedgerError) {
        self.init(name: try fields.read(), animalCount: try fields.read())
    }

    func write(to fields: FieldWriter) {
        fields.write(name)
        fields.write(animalCount)
    }
}

extension NameHolder: BinaryFields {
    init(fields: FieldReader) throws(LedgerError) {
        self.init(categoryId: try fields.read())
    }

    func write(to fields: FieldWriter) {
        fields.write(categoryId)
    }
}

extension AnimalListing: BinaryFields {
    init(fields: FieldReader) throws(LedgerError) {
        self.init(name: try fields.read(), diet: try fields.read(), categoryId: try fields.read())
    }

    func write(to fields: FieldWriter) {
        fields.write(name)
        fields.write(diet)
        fields.write(categoryId)
    }
}

extension CategoryAnimalListing: BinaryFields {
    init(fields: FieldReader) throws(LedgerError) {
        self.init(name: try fields.read(), diet: try fields.read())
    }

    func write(to fields: FieldWriter) {
        fields.write(name)
        fields.write(diet)
    }
}
