// The tests share the domain contract's helpers as well: temporary ledgers, snapshots,
// refused appends, checked queries and the events of a ledger.
@_exported import LedgerDomainContract
