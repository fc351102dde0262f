import EventLedger

/// How long a ledger waits for its primary to answer before a write or sync gives up with
/// `.storage` (`primary unreachable: HOST:PORT did not answer within N s (…)`), changing
/// nothing: a server that stopped, a socket that accepts and stays silent, or a statement
/// stuck behind a lock never holds the replica's write lock for longer.
///
/// The defaults leave room for a slow network and a loaded server while still ending a wait
/// that will not end by itself: connecting, TLS included, takes well under a second on a
/// working network, so 10 s (the host name's lookup, which libpq does before, has no bound
/// here); the server is silent during a statement only while it works on it or waits for
/// another writer's commit, which takes seconds at most, so 30 s.
public struct PrimaryTimeouts: Sendable, Equatable {
    /// How long connecting to the primary may take.
    public var connecting: Duration
    /// How long the primary may stay silent while running one statement (taking it, working
    /// on it, sending its result): a large result still arriving is not cut off, a statement
    /// waiting behind a lock or a server that stopped is.
    public var statement: Duration

    /// 10 s to connect and 30 s per statement, unless given.
    public init(connecting: Duration = .seconds(10), statement: Duration = .seconds(30)) {
        self.connecting = connecting
        self.statement = statement
    }

    /// `duration` in seconds for a message: `1 s`, `0.5 s`.
    static func describe(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let value = Double(seconds) + Double(attoseconds) / 1e18
        return value == value.rounded() ? "\(Int64(value)) s" : "\(value) s"
    }

    /// `duration` in whole milliseconds, rounded up, at least 1 and at most `Int32.max`.
    static func milliseconds(_ duration: Duration) -> Int32 {
        let (seconds, attoseconds) = duration.components
        guard seconds < Int64(Int32.max / 1000) else { return Int32.max }
        return Int32(max(1, seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000))
    }
}
