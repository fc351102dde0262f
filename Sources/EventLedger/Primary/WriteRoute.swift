/// Where a ledger's writes of events commit first.
///
/// Without a primary, the local write transaction is the commit (and a replica file refuses
/// it). With one, the commit goes through the primary, in one PostgreSQL transaction under
/// its write lock: the replica catches up inside the local write transaction, the write's
/// rules and expected versions are checked against that state, its new events are inserted
/// and committed on the primary, and only then is the local transaction committed. A failure
/// before the primary's commit changes nothing on either side; a process dying after it
/// leaves the replica behind, and its next write or sync catches up.
struct WriteRoute {
    let ledger: Ledger

    /// Runs `body`, which appends to the log in `txn`, committing its events as described above.
    func run<T>(_ txn: Transaction, _ body: () throws -> T) throws -> T {
        guard let primary = ledger.primary else {
            try ReplicaIdentity.requireOwnLedger(txn, ledger.tables, path: ledger.path)
            return try body()
        }
        return try primary.withLog { log in
            try log.locked {
                try ReplicaIdentity.adopt(try log.identity(), txn, ledger.tables, path: ledger.path)
                try ledger.catchUp(try log.events(after: try LogHead(txn, ledger.tables).position), txn)
                let caughtUp = try LogHead(txn, ledger.tables).position
                let value = try body()
                // A full map reruns the whole write once the map has grown: nothing may reach
                // the primary from this attempt (an append of a group may have failed for it).
                guard !txn.hitMapFull else { throw LedgerError(.storage, "\(ledger.path): the map is full") }
                try log.insert(try ledger.recordedEvents(after: caughtUp, txn))
                return value
            }
        }
    }
}
