/// The keyed containers made for one `BinaryOutput` or `BinaryInput`, one per coding-key type
/// and used again for every value of that type: a binary keyed container holds nothing but its
/// output or input, and making one looks up two generic types at run time and allocates, for
/// every row and key stored or read.
final class KeyedContainerCache {
    /// The containers made, each under its coding-key type (a few per read model); used by
    /// one thread, one call at a time, as its output or input is.
    @exclusivity(unchecked) private var made: [(keyType: ObjectIdentifier, container: AnyObject)] = []

    /// The encoding container for coding keys `Key`, made by `make` the first time.
    func container<Key: CodingKey>(_ keyType: Key.Type, make: () -> KeyedEncodingContainer<Key>) -> KeyedEncodingContainer<Key> {
        if let kept = kept(keyType) { return unsafeDowncast(kept, to: CachedEncodingContainer<Key>.self).container }
        let container = make()
        made.append((ObjectIdentifier(keyType), CachedEncodingContainer(container)))
        return container
    }

    /// The decoding container for coding keys `Key`, made by `make` the first time.
    func container<Key: CodingKey>(_ keyType: Key.Type, make: () -> KeyedDecodingContainer<Key>) -> KeyedDecodingContainer<Key> {
        if let kept = kept(keyType) { return unsafeDowncast(kept, to: CachedDecodingContainer<Key>.self).container }
        let container = make()
        made.append((ObjectIdentifier(keyType), CachedDecodingContainer(container)))
        return container
    }

    /// Forgets every container made.
    func removeAll() {
        made.removeAll()
    }

    /// The container kept for coding keys `keyType`, if one was made.
    private func kept(_ keyType: any CodingKey.Type) -> AnyObject? {
        let wanted = ObjectIdentifier(keyType)
        for entry in made where entry.keyType == wanted { return entry.container }
        return nil
    }
}

/// A keyed encoding container, kept by a `KeyedContainerCache`.
private final class CachedEncodingContainer<Key: CodingKey> {
    let container: KeyedEncodingContainer<Key>

    init(_ container: KeyedEncodingContainer<Key>) {
        self.container = container
    }
}

/// A keyed decoding container, kept by a `KeyedContainerCache`.
private final class CachedDecodingContainer<Key: CodingKey> {
    let container: KeyedDecodingContainer<Key>

    init(_ container: KeyedDecodingContainer<Key>) {
        self.container = container
    }
}
