import EventLedger

extension FavoritesDomain {
    /// Checks the rule for favourites, in every mode: a dish is favourited at most
    /// once at a time, only a current favourite can be removed, and a restored favourite's
    /// position is not another dish's.
    public func check(_ event: FavoritesEvent, against readModel: ReadModelReader, mode: RuleMode) throws(LedgerError) {
        switch event {
        case .added(let added):
            guard try readModel.row(FavoritesTables.favorites, added.dishId) == nil else {
                throw LedgerError.rule("dish is already a favourite", entity: added.stream)
            }
        case .removed(let removed):
            guard try readModel.row(FavoritesTables.favorites, removed.dishId) != nil else {
                throw LedgerError.rule("dish is not a favourite", entity: removed.stream)
            }
        case .restored(let restored):
            guard let position = restored.position,
                let holder = try readModel.row(FavoritesTables.favoritesByPosition, position)?.dishId,
                holder != restored.dishId
            else { return }
            throw LedgerError.rule(
                "favourite position must not be held by another dish",
                entity: "\(restored.stream) (position \(position) is held by \(FavoritesStreams.favorite(holder)))")
        }
    }
}
