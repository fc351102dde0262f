extension Ledger {
    /// The event `recorded` holds as its domain's event enum (`LedgerDomain.Event`), in its
    /// type's current shape: a payload stored at an earlier schema version is upcast first
    /// (`recorded.data` stays as written). Throws `.invalidInput` for a type no domain of this
    /// ledger knows, or one whose domain's events are not `Event`.
    public func currentEvent<Event>(_ recorded: RecordedEvent, as type: Event.Type) throws(LedgerError) -> Event {
        try LedgerError.typed {
            guard let payload = recorded.data.objectValue else {
                throw LedgerError(.corruption, "event at position \(recorded.position) has a payload that is not an object")
            }
            let value = try core.catalog.decode(core.catalog.entry(recorded.type), payload, storedAt: recorded.schemaVersion).value
            guard let event = value as? Event else {
                throw LedgerError(.invalidInput, "\(recorded.type) is not one of the events of \(Event.self)", subject: recorded.type)
            }
            return event
        }
    }
}
