import Testing

@testable import EventLedger

@Suite struct AppendResultCollectionsTests {
    @Test func positionsKeepRunsOfConsecutivePositionsAndReadBackInOrder() {
        var positions = EventPositions()
        let given: [UInt64] = [5, 6, 7, 2, 8, 9, 9, 1]
        for position in given { positions.append(position) }
        #expect(Array(positions) == given)
        #expect(positions.count == 8 && positions[3] == 2 && positions[6] == 9)
        #expect(positions == [5, 6, 7, 2, 8, 9, 9, 1])
        #expect(positions != [5, 6, 7, 2, 8, 9, 9])
    }

    @Test func aMillionConsecutivePositionsAreOneRun() {
        var positions = EventPositions()
        for position in UInt64(11)...1_000_010 { positions.append(position) }
        #expect(positions.count == 1_000_000 && positions.first == 11 && positions.last == 1_000_010)
        #expect(positions[499_999] == 500_010)
        #expect(MemoryLayout.size(ofValue: positions) <= 16)
    }

    @Test func assignedIDsAreEmptyForEventsThatHadNone() {
        var assigned = AssignedIDs()
        assigned.append([:])
        assigned.append(["noteId": "a"])
        assigned.append([:])
        assigned.append(["noteId": "b", "ownerId": "c"])
        #expect(assigned.count == 4)
        #expect(Array(assigned) == [[:], ["noteId": "a"], [:], ["noteId": "b", "ownerId": "c"]])
        #expect(assigned == [[:], ["noteId": "a"], [:], ["noteId": "b", "ownerId": "c"]])
        #expect(assigned != [[:], ["noteId": "a"], [:], [:]])
    }
}
