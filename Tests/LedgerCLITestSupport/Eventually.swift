/// Checks `condition` every 10 ms until it holds or `seconds` pass, on the caller's actor;
/// returns whether it held. For waits on other threads or processes, never for timing.
package func eventually(
    within seconds: Int = 20, isolation: isolated (any Actor)? = #isolation,
    _ condition: () throws -> Bool
) async throws -> Bool {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while ContinuousClock.now < deadline {
        if try condition() { return true }
        try await Task.sleep(for: .milliseconds(10))
    }
    return try condition()
}
