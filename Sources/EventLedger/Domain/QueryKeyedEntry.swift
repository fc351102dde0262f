/// What a `QueryRowEncoder` keeps for one coding-key type: the keyed container it made for
/// it, used again for every object of those keys, and the shape of the last such object.
final class QueryKeyedEntry {
    /// The coding-key type.
    let keyType: ObjectIdentifier
    /// The `KeyedEncodingContainer` of those keys, in the `QueryKeptContainer` that keeps it.
    let container: AnyObject
    /// The shape of the last object encoded with those keys.
    @exclusivity(unchecked) var shape = QueryObjectShape()

    init(keyType: ObjectIdentifier, container: AnyObject) {
        self.keyType = keyType
        self.container = container
    }
}
