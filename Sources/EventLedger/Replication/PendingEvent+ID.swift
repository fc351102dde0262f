extension PendingEvent {
    /// This event with an id: its own, or a new one.
    func withID() -> PendingEvent {
        var event = self
        event.id = id ?? EventID.generate()
        return event
    }
}
