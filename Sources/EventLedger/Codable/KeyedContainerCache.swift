/// The keyed encoding containers made for one `BinaryOutput`, one per coding-key type and
/// used again for every value of that type: a binary keyed container holds nothing but its
/// output, and making one looks up two generic types at run time and allocates, for every
/// row and key stored.
final class KeyedContainerCache {
    /// The containers made, each under its coding-key type (a few per read model); used by
    /// one thread, one call at a time, as its output is.
    @exclusivity(unchecked) private var made: [(keyType: ObjectIdentifier, container: AnyObject)] = []

    /// The container for coding keys `Key`, made by `make` the first time.
    func container<Key: CodingKey>(_ keyType: Key.Type, make: () -> KeyedEncodingContainer<Key>) -> KeyedEncodingContainer<Key> {
        let wanted = ObjectIdentifier(keyType)
        for entry in made where entry.keyType == wanted {
            return unsafeDowncast(entry.container, to: CachedKeyedContainer<Key>.self).container
        }
        let container = make()
        made.append((wanted, CachedKeyedContainer(container)))
        return container
    }

    /// Forgets every container made.
    func removeAll() {
        made.removeAll()
    }
}

/// A keyed encoding container, kept by a `KeyedContainerCache`.
private final class CachedKeyedContainer<Key: CodingKey> {
    let container: KeyedEncodingContainer<Key>

    init(_ container: KeyedEncodingContainer<Key>) {
        self.container = container
    }
}
