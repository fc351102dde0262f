import EventLedger

/// Every event of `ledger`, oldest first.
public func allEvents(_ ledger: Ledger) throws -> [RecordedEvent] {
    var events: [RecordedEvent] = []
    try ledger.forEachEvent {
        events.append($0); return true
    }
    return events
}

/// The export of `ledger`, read back as an import reads it.
public func exportedEvents(_ ledger: Ledger) throws -> [ImportedEvent] {
    try allEvents(ledger).map { try ImportedEvent(envelope: $0.envelope) }
}

/// What an import reports: appended, duplicates, commits.
public func importCounts(_ report: ImportReport) -> [Int] { [report.appended, report.duplicates, report.commits] }
