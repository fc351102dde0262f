import Dispatch

/// A thread-safe counter for tests.
public final class Counter: @unchecked Sendable {
    private let queue = DispatchQueue(label: "counter")
    private var count = 0

    /// A counter at zero.
    public init() {}

    /// Adds one.
    public func increment() { queue.sync { count += 1 } }

    /// The count so far.
    public var value: Int { queue.sync { count } }
}
