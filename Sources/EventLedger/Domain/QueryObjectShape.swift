/// The shape of the last object a `QueryRowEncoder` encoded with some coding keys: its keys,
/// each with a null value, and where each key it set lies among them, in the order it set
/// them. The next object of those keys starts as a copy of the keys and fills in their
/// values in place, as long as it sets the same keys in the same order.
struct QueryObjectShape {
    /// A key of the shape and where it lies among its members.
    typealias Slot = (key: String, index: Dictionary<String, JSONValue>.Index)

    /// The keys, each with a null value.
    private(set) var members: [String: JSONValue] = [:]
    /// The keys in the order they were set, each with where it lies among `members`.
    private(set) var slots: [Slot] = []

    /// Takes the keys of the object of `members`, which set `keysInOrder` in that order, as
    /// the shape.
    mutating func take(_ members: [String: JSONValue], keysInOrder: [String]) {
        let keys = members.mapValues { _ in JSONValue.null }
        self.members = keys
        slots = keysInOrder.map { key in (key, keys.index(forKey: key)!) }
    }
}
