import EventLedger

/// A category as stored in `categories`.
struct CategoryRecord: EntityRow, Equatable {
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

// Rows read and written on most events, stored through their own fields rather than
// `Codable`'s containers; the bytes are the same.

extension CategoryRecord: BinaryFields {
    init(fields: FieldReader) throws(LedgerError) { (name, isDeleted) = (try fields.read(), try fields.read()) }
    func write(to fields: FieldWriter) { fields.write(name); fields.write(isDeleted) }
}

extension AnimalRecord: BinaryFields {
    init(fields: FieldReader) throws(LedgerError) {
        (name, diet, categoryId, isDeleted) = (try fields.read(), try fields.read(), try fields.read(), try fields.read())
    }
    func write(to fields: FieldWriter) { fields.write(name); fields.write(diet); fields.write(categoryId); fields.write(isDeleted) }
}
