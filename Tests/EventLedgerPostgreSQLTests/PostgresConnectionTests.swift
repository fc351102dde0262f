import EventLedger
import Testing

@testable import EventLedgerPostgreSQL

/// The connection layer's errors: typed, one line, and never showing the password.
@Suite struct PostgresConnectionTests {
    /// A password no message may show.
    static let password = "pa%zz-hunter2"

    @Test(arguments: [
        "postgresql://ledger:\(password)@127.0.0.1:1/postgres?connect_timeout=2",
        "host=127.0.0.1 port=1 user=ledger password='\(password)' connect_timeout=2",
        "host=127.0.0.1 password=\(password) oops",
    ])
    func aFailedConnectionIsUnreachableWithoutItsPassword(connectionString: String) {
        let error = #expect(throws: LedgerError.self) { try PostgresConnection(connectionString) }
        #expect(error?.kind == .storage)
        #expect(error?.message.hasPrefix("primary unreachable: ") == true, "\(String(describing: error))")
        #expect(error?.message.contains("hunter2") == false, "\(String(describing: error))")
        #expect(error?.message.contains("\n") == false, "\(String(describing: error))")
    }

    @Test func aMessageEchoingThePasswordHasItReplaced() throws {
        let redaction = ConnectionStringRedaction(
            try ConnectionSettings(
                "postgresql://ledger:s3cret-word@db.example/ledger",
                try LibPQ.load()))
        #expect(redaction.clean("FATAL: bad s3cret-word\nDETAIL: s3cret-word") == "FATAL: bad ***; DETAIL: ***")
        // libpq indents its hints with a tab on a line of their own.
        #expect(redaction.clean("Connection refused\n\tIs the server running?\n") == "Connection refused; Is the server running?")
    }
}
