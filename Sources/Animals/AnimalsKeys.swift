import EventLedger

/// The key of a live animal in `categoryAnimals`: a category's animals by name ignoring
/// case, then id.
struct CategoryAnimalKey: Codable, Sendable {
    /// The category the animal names.
    var categoryId: String
    /// The animal name's ordering key, `NameOrder.key(name)`.
    var nameOrder: String
    /// The animal's id.
    var animalId: String

    /// The key of the animal `animalId` called `name` in the category `categoryId`.
    init(_ categoryId: String, _ name: String, _ animalId: String) {
        self.categoryId = categoryId
        nameOrder = NameOrder.key(name)
        self.animalId = animalId
    }
}

extension CategoryAnimalKey: BinaryFields {
    init(fields: FieldReader) throws(LedgerError) {
        (categoryId, nameOrder, animalId) = (try fields.read(), try fields.read(), try fields.read())
    }

    func write(to fields: FieldWriter) {
        fields.write(categoryId)
        fields.write(nameOrder)
        fields.write(animalId)
    }
}
