/// The shape of the last object a `QueryRowEncoder` encoded with some coding keys: its keys,
/// in the order it set them. The next object of those keys sets its values aside in that
/// order, as long as it sets the same keys in the same order, and is then made from them in
/// one pass over a copy of the shape's own table of keys, so that none of its keys is hashed.
struct QueryObjectShape {
    /// The keys, in the order they were set.
    private(set) var keys: [String] = []
    /// Each key with where it lies in `keys`.
    private var positions: [String: Int] = [:]

    /// Takes the keys of an object, which set `keysInOrder` in that order, each once, as the
    /// shape.
    mutating func take(keysInOrder: [String]) {
        keys = keysInOrder
        positions = Dictionary(uniqueKeysWithValues: zip(keysInOrder, keysInOrder.indices))
    }

    /// The members of the object whose value for the key at each place in `keys` is
    /// `value(place)`, called once for each place.
    func members(_ value: (Int) -> JSONValue) -> [String: JSONValue] {
        // Copies the table of keys as it lies, with the same hash seed: no key is hashed again.
        positions.mapValues(value)
    }
}
