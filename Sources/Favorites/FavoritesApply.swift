import EventLedger

extension FavoritesDomain {
    /// Folds a favourite event into the `favorites` read model, remembering when and at
    /// which position each favourite was added (a restored one: the time and position it
    /// carries). Total: removing a dish that is not a favourite changes nothing, adding a
    /// current one again moves it to the end.
    public func apply(_ event: FavoritesEvent, context: EventContext, to readModel: ReadModelWriter) throws(LedgerError) {
        switch event {
        case .added(let added):
            try unfavorite(added.dishId, in: readModel)
            try favorite(added.dishId, FavoriteRecord(addedAt: context.recordedAt, position: context.position), in: readModel)
        case .removed(let removed):
            try unfavorite(removed.dishId, in: readModel)
        case .restored(let restored):
            try unfavorite(restored.dishId, in: readModel)
            if let addedAt = restored.addedAt, let position = restored.position {
                try favorite(restored.dishId, FavoriteRecord(addedAt: addedAt, position: position), in: readModel)
            }
        }
    }

    /// Makes the dish a favourite as `record` says, in both tables; it must not be one.
    private func favorite(_ dishId: String, _ record: FavoriteRecord, in readModel: ReadModelWriter) throws(LedgerError) {
        try readModel.set(FavoritesTables.favorites, dishId, record)
        try readModel.set(
            FavoritesTables.favoritesByPosition, record.position,
            FavoritesTables.PositionRow(dishId: dishId, addedAt: record.addedAt))
    }

    private func unfavorite(_ dishId: String, in readModel: ReadModelWriter) throws(LedgerError) {
        guard let record = try readModel.row(FavoritesTables.favorites, dishId) else { return }
        try readModel.remove(FavoritesTables.favorites, dishId)
        try readModel.remove(FavoritesTables.favoritesByPosition, record.position)
    }
}
