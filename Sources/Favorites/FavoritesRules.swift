import EventLedger

extension FavoritesDomain {
    /// Checks the rule for favourites, in every mode: a dish is favourited at most
    /// once at a time, and only a current favourite can be removed.
    public func check(_ event: any DomainEvent, against state: any ProjectionReader, mode: RuleMode) throws {
        switch event {
        case let added as FavoriteAdded:
            guard try favorite(added.dishId, in: state) == nil else {
                throw LedgerError.rule("dish is already a favourite", entity: added.stream)
            }
        case let removed as FavoriteRemoved:
            guard try favorite(removed.dishId, in: state) != nil else {
                throw LedgerError.rule("dish is not a favourite", entity: removed.stream)
            }
        default:
            break
        }
    }
}
