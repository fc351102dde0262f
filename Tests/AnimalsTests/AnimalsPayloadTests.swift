import Animals
import EventLedger
import LedgerTestSupport
import Testing

@Suite struct AnimalsPayloadTests {
    @Test func decodesTrimsAndOmitsAbsentCategory() throws {
        let added = try AnimalAdded(payload: payload(#"{"animalId":"fox","name":" Red Fox ","diet":"omnivorous"}"#))
        #expect(added == AnimalAdded(animalId: "fox", name: "Red Fox", diet: .omnivorous))
        #expect(added.stream == "animal-fox")
        #expect(try added.payload == payload(#"{"animalId":"fox","name":"Red Fox","diet":"omnivorous"}"#))
        let categorized = try AnimalAdded(payload: payload(#"{"animalId":"fox","name":"Fox","diet":"carnivorous","categoryId":"mammal"}"#))
        #expect(categorized.categoryId == "mammal")
        #expect(try categorized.payload["categoryId"] == .string("mammal"))
        let uncategorized = try AnimalRecategorized(payload: payload(#"{"animalId":"fox","categoryId":null}"#))
        #expect(uncategorized == AnimalRecategorized(animalId: "fox"))
        #expect(try uncategorized.payload == payload(#"{"animalId":"fox"}"#))
        let created = try CategoryCreated(payload: payload(#"{"categoryId":"mammal","name":"\tMammal"}"#))
        #expect(created == CategoryCreated(categoryId: "mammal", name: "Mammal"))
        #expect(created.stream == "category-mammal")
        #expect(try AnimalDietChanged(payload: payload(#"{"animalId":"fox","diet":"herbivorous"}"#)).diet == .herbivorous)
    }

    /// Payloads are stored byte for byte as earlier releases stored them (the first seven as
    /// in the export of a ledger one wrote), so the hash chains of their ledgers still verify.
    @Test func payloadsAreStoredAsEarlierReleasesStoredThem() throws {
        try expectStoredPayloads([
            (
                AnimalAdded(animalId: "axolotl", name: "Axolotl", diet: .carnivorous, categoryId: "amphibian"),
                #"{"animalId":"axolotl","categoryId":"amphibian","diet":"carnivorous","name":"Axolotl"}"#
            ),
            (
                AnimalAdded(animalId: "platypus", name: "Platypus", diet: .carnivorous),
                #"{"animalId":"platypus","diet":"carnivorous","name":"Platypus"}"#
            ),
            (AnimalDietChanged(animalId: "red-fox", diet: .omnivorous), #"{"animalId":"red-fox","diet":"omnivorous"}"#),
            (AnimalRecategorized(animalId: "octopus", categoryId: "invertebrate"), #"{"animalId":"octopus","categoryId":"invertebrate"}"#),
            (AnimalRenamed(animalId: "octopus", name: "Common Octopus"), #"{"animalId":"octopus","name":"Common Octopus"}"#),
            (CategoryCreated(categoryId: "amphibian", name: "Amphibian"), #"{"categoryId":"amphibian","name":"Amphibian"}"#),
            (CategoryDeleted(categoryId: "reptile"), #"{"categoryId":"reptile"}"#),
            (AnimalRecategorized(animalId: "octopus"), #"{"animalId":"octopus"}"#),
            (CategoryRenamed(categoryId: "reptile", name: "Reptiles"), #"{"categoryId":"reptile","name":"Reptiles"}"#),
            (AnimalRemoved(animalId: "dodo"), #"{"animalId":"dodo"}"#),
        ])
    }

    @Test func rejectsBadDiets() {
        expectInvalidField("diet") { try AnimalAdded(payload: payload(#"{"animalId":"a","name":"A","diet":"vegan"}"#)) }
        expectInvalidField("diet") { try AnimalDietChanged(payload: payload(#"{"animalId":"a","diet":"Omnivorous"}"#)) }
        expectInvalidField("diet") { try AnimalDietChanged(payload: payload(#"{"animalId":"a","diet":1}"#)) }
        expectInvalidField("diet") { try AnimalAdded(payload: payload(#"{"animalId":"a","name":"A"}"#)) }
    }

    @Test func rejectsUnknownAndMissingFields() {
        expectInvalidField("category") { try AnimalAdded(payload: payload(#"{"animalId":"a","name":"A","diet":"omnivorous","category":"x"}"#)) }
        expectInvalidField("name") { try CategoryDeleted(payload: payload(#"{"categoryId":"c","name":"C"}"#)) }
        expectInvalidField("name") { try CategoryRenamed(payload: payload(#"{"categoryId":"c"}"#)) }
        expectInvalidField("animalId") { try AnimalRemoved(payload: [:]) }
    }

    @Test func rejectsBadIdsNamesAndTypes() {
        let tooLong = String(repeating: "x", count: 201)
        expectInvalidField("categoryId") { try CategoryCreated(payload: payload(#"{"categoryId":"big cats","name":"C"}"#)) }
        expectInvalidField("categoryId") { try AnimalRecategorized(payload: payload(#"{"animalId":"a","categoryId":"c@t"}"#)) }
        expectInvalidField("name") { try CategoryCreated(payload: payload(#"{"categoryId":"c","name":"\#(tooLong)"}"#)) }
        expectInvalidField("name") { try AnimalRenamed(payload: payload(#"{"animalId":"a","name":"Line\nBreak"}"#)) }
        expectInvalidField("name") { try AnimalRenamed(payload: payload(#"{"animalId":"a","name":null}"#)) }
        expectInvalidField("animalId") { try AnimalRemoved(payload: payload(#"{"animalId":{"id":"a"}}"#)) }
    }
}
