/// A keyed container a `QueryKeyedEntry` keeps, of its own type `Container` (the
/// `KeyedEncodingContainer` of one coding-key type), so that a copy of it is made without
/// looking a type up: code generic over the coding keys that names
/// `KeyedEncodingContainer<Key>` looks that type up at run time on every call.
final class QueryKeptContainer<Container> {
    private let container: Container

    init(_ container: Container) {
        self.container = container
    }

    /// A copy of the container. Not inlined: here the container's type comes with `self`.
    @inline(never)
    func copy() -> Container { container }
}
