import EventLedger

extension FavoritesDomain {
    /// Folds a favourite event into the `favorites` read model, remembering when and at
    /// which position each favourite was added. Total: removing a dish that is not a
    /// favourite changes nothing, adding a current one again moves it to the end.
    public func apply(_ event: FavoritesEvent, context: EventContext, to readModel: ReadModelWriter) throws(LedgerError) {
        switch event {
        case .added(let added):
            try unfavorite(added.dishId, in: readModel)
            try readModel.set(FavoritesTables.favorites, added.dishId,
                              FavoriteRecord(addedAt: context.recordedAt, position: context.position))
            try readModel.set(FavoritesTables.favoritesByPosition, context.position,
                              FavoritesTables.PositionRow(dishId: added.dishId, addedAt: context.recordedAt))
        case .removed(let removed):
            try unfavorite(removed.dishId, in: readModel)
        }
    }

    private func unfavorite(_ dishId: String, in readModel: ReadModelWriter) throws(LedgerError) {
        guard let record = try readModel.row(FavoritesTables.favorites, dishId) else { return }
        try readModel.remove(FavoritesTables.favorites, dishId)
        try readModel.remove(FavoritesTables.favoritesByPosition, record.position)
    }
}
