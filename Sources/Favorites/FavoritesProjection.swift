import EventLedger

extension FavoritesDomain {
    /// Folds a favourite event into the `favorites` read model, remembering when and at
    /// which position each favourite was added. Total: removing a dish that is not a
    /// favourite changes nothing, adding a current one again moves it to the end.
    public func apply(_ event: any DomainEvent, context: ProjectionContext, to state: any ProjectionWriter) throws {
        switch event {
        case let added as FavoriteAdded:
            try unfavorite(added.dishId, in: state)
            let record = FavoriteRecord(addedAt: context.recordedAt, position: context.position)
            try state.set(FavoritesTables.favorites, StateKey(added.dishId), record.row)
            try state.set(FavoritesTables.favoritesByPosition, FavoritesTables.positionKey(record.position),
                          [added.dishId, String(record.addedAt.microseconds)])
        case let removed as FavoriteRemoved:
            try unfavorite(removed.dishId, in: state)
        default:
            break
        }
    }

    private func unfavorite(_ dishId: String, in state: any ProjectionWriter) throws {
        guard let record = try favorite(dishId, in: state) else { return }
        try state.remove(FavoritesTables.favorites, StateKey(dishId))
        try state.remove(FavoritesTables.favoritesByPosition, FavoritesTables.positionKey(record.position))
    }
}
