import EventLedger
import Testing

extension DomainScenario {
    /// `ContractClause.interchange`.
    func checkInterchange(at location: SourceLocation) throws {
        try withTemporaryLedger(domain) { source in
            let run = try ScenarioRun(self, on: source)
            let file = try exportedEvents(source)
            let events = try allEvents(source)
            try withTemporaryLedger(domain) { copy in
                let report = try copy.importEvents(from: EventCollection(file))
                #expect(
                    importCounts(report) == [file.count, 0, run.records.count], "imported: appended, duplicates, commits", sourceLocation: location)
                #expect(try allEvents(copy).map(\.envelope) == events.map(\.envelope), "the imported log", sourceLocation: location)
                for stream in Set(events.map(\.stream)).sorted() {
                    #expect(
                        try copy.history(of: stream).map(\.envelope) == source.history(of: stream).map(\.envelope),
                        "the imported history of \(stream)", sourceLocation: location)
                }
                let imported = try snapshot(copy, domain)
                #expect(try imported == snapshot(source, domain), "the imported rows", sourceLocation: location)
                expectPast(of: run, on: copy, ", imported", at: location)

                let again = try copy.importEvents(from: EventCollection(file))
                #expect(importCounts(again) == [0, file.count, 0], "imported again: appended, duplicates, commits", sourceLocation: location)
                #expect(try snapshot(copy, domain) == imported, "the rows, imported again", sourceLocation: location)
                #expect(try copy.verify().problems == [], "verify, imported", sourceLocation: location)
            }
        }
    }
}
