import Testing

extension Trait where Self == TimeLimitTrait {
    /// The time limit of a test that drives `ledger` processes and waits for them. Swift
    /// Testing cannot stop a synchronous test at its limit, only report that it ran past it;
    /// on a slow machine such a test's processes share two cores with those of the tests
    /// around it, and took more than two minutes there. So the limit is generous: it flags a
    /// test that ran far too long, and the waits inside each test bound what it waits for.
    package static var processTestLimit: Self { .timeLimit(.minutes(10)) }
}
