import Synchronization
import Testing

@testable import EventLedger

@Suite struct TwoStagePipelineTests {
    @Test func everyStepIsConsumedInOrderAsItWasProduced() throws {
        var consumed: [[Int]] = []
        try TwoStagePipeline([Int]()).run(
            steps: 100,
            produce: { step, buffer in
                buffer.removeAll(keepingCapacity: true)
                buffer.append(contentsOf: [step, step * step])
            },
            consume: { step, buffer in
                #expect(buffer == [step, step * step])
                consumed.append(buffer)
            })
        #expect(consumed == (0..<100).map { [$0, $0 * $0] })
    }

    @Test func aFailedStepStopsTheProducerAndItsErrorIsRethrown() throws {
        let producedSteps = Atomic<Int>(0)
        let error = #expect(throws: LedgerError.self) {
            try TwoStagePipeline(0).run(
                steps: 1_000,
                produce: { step, buffer in
                    buffer = step
                    producedSteps.add(1, ordering: .relaxed)
                },
                consume: { step, _ in
                    if step == 3 { throw LedgerError(.storage, "step 3 failed") }
                })
        }
        #expect(error?.message == "step 3 failed")
        // The producer runs at most two steps ahead of the step that failed.
        #expect(producedSteps.load(ordering: .relaxed) <= 6)
    }
}
