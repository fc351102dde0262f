import EventLedger
import Testing

@testable import EventLedgerPostgreSQL

#if canImport(Glibc)
import Glibc
#endif

/// How long a ledger waits for its primary: the defaults, how bounds read in messages, and a
/// connection to a server that never answers giving up at its bound.
@Suite struct PrimaryTimeoutsTests {
    @Test func aPrimaryWaitsTenSecondsToConnectAndThirtyPerStatementByDefault() {
        #expect(PostgreSQLPrimary("").timeouts == PrimaryTimeouts(connecting: .seconds(10), statement: .seconds(30)))
    }

    @Test func boundsReadInSecondsAndPollInWholeMillisecondsRoundedUp() {
        #expect(PrimaryTimeouts.describe(.seconds(30)) == "30 s")
        #expect(PrimaryTimeouts.describe(.milliseconds(500)) == "0.5 s")
        #expect(PrimaryTimeouts.milliseconds(.microseconds(1_500)) == 2)
        #expect(PrimaryTimeouts.milliseconds(.zero) == 1)
        #expect(PrimaryTimeouts.milliseconds(.seconds(1e9)) == Int32.max)
    }

    @Test func connectingToAServerThatNeverAnswersGivesUpAtItsBound() throws {
        let (listener, port) = try Self.listenWithoutAnswering()
        defer { close(listener) }
        let timeouts = PrimaryTimeouts(connecting: .milliseconds(200), statement: .seconds(1))
        let error = #expect(throws: LedgerError.self) {
            try PostgresConnection("postgresql://ledger:hunter2@127.0.0.1:\(port)/ledger", timeouts: timeouts)
        }
        #expect(error?.kind == .storage)
        #expect(error?.message == "primary unreachable: 127.0.0.1:\(port) did not answer within 0.2 s (connecting)")
    }

    @Test func theConnectionStringsOwnShorterConnectTimeoutStillHolds() throws {
        let (listener, port) = try Self.listenWithoutAnswering()
        defer { close(listener) }
        let error = #expect(throws: LedgerError.self) {
            try PostgresConnection(
                "host=127.0.0.1 port=\(port) user=ledger connect_timeout=2",
                timeouts: PrimaryTimeouts(connecting: .seconds(600)))
        }
        #expect(error?.message == "primary unreachable: 127.0.0.1:\(port) did not answer within 2 s (connecting)")
    }

    /// A socket on 127.0.0.1 that listens and never accepts, and its port: the system
    /// completes each connection, nothing ever answers.
    private static func listenWithoutAnswering() throws -> (descriptor: Int32, port: UInt16) {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let listening = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(listener, address, length) == 0 && listen(listener, 4) == 0 && getsockname(listener, address, &length) == 0
            }
        }
        guard listening else {
            close(listener)
            throw LedgerError(.storage, "cannot listen on 127.0.0.1")
        }
        return (listener, UInt16(bigEndian: address.sin_port))
    }
}
