/// The ids of one kind of entity the generator made: the live ones, which edits pick, and the
/// deleted ones (for favourites, the dishes that were favourites), which a restore may bring back.
struct EntityPools {
    /// The live entities.
    private(set) var live = LivePool()
    /// The deleted entities.
    private(set) var deleted = LivePool()

    /// Makes the entity live: created, or brought back.
    mutating func makeLive(_ id: String) {
        deleted.remove(id)
        live.insert(id)
    }

    /// Deletes the live entity.
    mutating func delete(_ id: String) {
        live.remove(id)
        deleted.insert(id)
    }
}
