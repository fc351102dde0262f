import EventLedger

/// The key of a live animal in `AnimalsTables.animalsByCategory`: its category, then its
/// name ignoring case.
struct CategoryAnimalKey: Encodable, Sendable {
    /// The category the animal names.
    var categoryId: String
    /// The animal's name.
    var name: CaseFolded
}
