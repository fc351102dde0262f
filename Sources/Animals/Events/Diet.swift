/// What an animal eats; stored in payloads and rows as its raw value.
public enum Diet: String, Codable, Sendable, CaseIterable {
    /// Eats plants.
    case herbivorous
    /// Eats animals.
    case carnivorous
    /// Eats both.
    case omnivorous
}
