import Dispatch

/// A thread-safe counter for tests.
public final class Counter: @unchecked Sendable {
    private let queue = DispatchQueue(label: "counter")
    private var count = 0

    public init() {}

    public func increment() { queue.sync { count += 1 } }

    public var value: Int { queue.sync { count } }
}
