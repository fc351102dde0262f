import EventLedger

/// What an animal eats.
public enum Diet: String, Sendable, CaseIterable {
    /// Eats plants.
    case herbivorous
    /// Eats animals.
    case carnivorous
    /// Eats both.
    case omnivorous
}

extension PayloadReader {
    /// A required diet: one of `herbivorous`, `carnivorous`, `omnivorous`.
    func diet(_ field: String) throws -> Diet {
        let text = try choice(field, from: Diet.allCases.map(\.rawValue))
        // `choice` returns one of the raw values it was given.
        return Diet(rawValue: text)!
    }
}
