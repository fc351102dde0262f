import EventLedger
import Testing

@testable import Animals

/// The category and animal rows write through their own fields what `Codable` writes.
@Suite struct AnimalsFieldsTests {
    @Test(arguments: [
        CategoryRecord(name: "Mammal", isDeleted: true) as any BinaryFields, CategoryRecord(name: ""),
        AnimalRecord(name: "Ewe", diet: .herbivorous, categoryId: "c1", isDeleted: true),
        AnimalRecord(name: "Öwl", diet: .carnivorous, categoryId: nil),
    ])
    func rowsWriteWhatCodableWrites(_ row: any BinaryFields) throws {
        #expect(try row.fieldsMatchCodable())
    }
}
