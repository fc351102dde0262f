/// The values set so far by the objects a `QueryRowEncoder` is building on their shapes,
/// outermost first. A value is moved on when its object sets it and moved off, once, when
/// its object is made, so that none is copied.
struct QueryShapedValues: ~Copyable {
    private var first: UnsafeMutablePointer<JSONValue>
    private var capacity: Int
    /// How many values are on the stack.
    private(set) var count = 0

    /// An empty stack.
    init() {
        capacity = 16
        first = .allocate(capacity: capacity)
    }

    deinit {
        first.deinitialize(count: count)
        first.deallocate()
    }

    /// Moves `value` on top of the stack.
    mutating func push(_ value: consuming JSONValue) {
        if count == capacity { grow() }
        (first + count).initialize(to: value)
        count += 1
    }

    /// Moves the values from `start` up off the stack into what `make` makes of them: `make`
    /// takes each of them exactly once, through the function it is given, by its offset from
    /// `start`.
    mutating func moveOff<Made>(from start: Int, into make: (_ take: (Int) -> JSONValue) -> Made) -> Made {
        let values = first + start
        count = start
        return make { offset in (values + offset).move() }
    }

    /// Drops the values from `start` up.
    mutating func drop(from start: Int) {
        (first + start).deinitialize(count: count - start)
        count = start
    }

    private mutating func grow() {
        let larger = UnsafeMutablePointer<JSONValue>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: first, count: count)
        first.deallocate()
        first = larger
        capacity *= 2
    }
}
