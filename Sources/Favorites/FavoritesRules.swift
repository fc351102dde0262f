import EventLedger

extension FavoritesDomain {
    /// Checks the rules for favourites, in every mode: a dish is favourited at most
    /// once at a time, only a current favourite can be removed, and a restored favourite's
    /// position is not after the latest favourite added (a later `FavoriteAdded` would take
    /// it). That a restored favourite's position is not another dish's is the rule of its
    /// index (`FavoritesTables.favoritesByPosition`).
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
            guard let position = restored.position else { return }
            let latest = try readModel.row(FavoritesTables.latestAdded, FavoritesTables.latestAddedKey)
            guard position > latest ?? 0 else { return }
            let detail = latest.map { "position \(position) is after \($0)" } ?? "no favourite was added yet"
            throw LedgerError.rule("favourite position must not be after the latest favourite added", entity: "\(restored.stream) (\(detail))")
        }
    }
}
