extension Ledger {
    /// The typed event `recorded` holds, in its type's current shape: a payload stored at an
    /// earlier schema version is upcast first (`recorded.data` stays as written). Throws
    /// `.invalidInput` for a type no domain of this ledger knows.
    public func currentEvent(_ recorded: RecordedEvent) throws -> any DomainEvent {
        guard let payload = recorded.data.objectValue else {
            throw LedgerError(.corruption, "event at position \(recorded.position) has a payload that is not an object")
        }
        return try catalog.entry(recorded.type).type.decode(payload, storedAt: recorded.schemaVersion)
    }
}
