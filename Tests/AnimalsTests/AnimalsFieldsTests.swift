import EventLedger
import Testing

@testable import Animals

/// The rows and keys Animals stores through their own fields write what `Codable` writes.
@Suite struct AnimalsFieldsTests {
    @Test func everyFieldsConformanceWritesWhatCodableWrites() throws {
        let values: [any BinaryFields] = [
            CategoryRecord(name: "Birds", isDeleted: true), CategoryRecord(name: ""),
            AnimalRecord(name: "Owl", diet: .carnivorous, categoryId: "c1", isDeleted: true),
            AnimalRecord(name: "Owl", diet: .herbivorous, categoryId: nil),
            CategoryListing(name: "Birds", animalCount: 3), NameHolder(categoryId: "c1"),
            AnimalListing(name: "Owl", diet: .omnivorous, categoryId: "c1"), AnimalListing(name: "Owl", diet: .omnivorous, categoryId: nil),
            CategoryAnimalListing(name: "Owl", diet: .carnivorous), CategoryAnimalKey("c1", "Owl", "a1"),
        ]
        for value in values {
            #expect(try value.fieldsMatchCodable(), "\(value)")
        }
    }
}
