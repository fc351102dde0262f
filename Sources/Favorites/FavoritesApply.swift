import EventLedger

extension FavoritesDomain {
    /// Folds a favourite event into the `favorites` read model, remembering when and at
    /// which position each favourite was added (a restored one: the time and position it
    /// carries), and the position of the latest one added. Total: removing a dish that is not a favourite changes nothing, adding a
    /// current one again moves it to the end.
    public func apply(_ event: FavoritesEvent, context: EventContext, to readModel: ReadModelWriter) throws(LedgerError) {
        switch event {
        case .added(let added):
            try readModel.set(FavoritesTables.favorites, added.dishId, FavoriteRecord(addedAt: context.recordedAt, position: context.position))
            try readModel.set(FavoritesTables.latestAdded, FavoritesTables.latestAddedKey, context.position)
        case .removed(let removed):
            try readModel.remove(FavoritesTables.favorites, removed.dishId)
        case .restored(let restored):
            guard let addedAt = restored.addedAt, let position = restored.position else {
                return try readModel.remove(FavoritesTables.favorites, restored.dishId)
            }
            try readModel.set(FavoritesTables.favorites, restored.dishId, FavoriteRecord(addedAt: addedAt, position: position))
        }
    }
}
