import Testing

@testable import EventLedger

/// The binary search the import's runs are found by: the last element whose key is at most a value.
@Suite struct SortedSearchTests {
    @Test func findsTheLastKeyAtMostTheValue() {
        let keys: [UInt64] = [3, 5, 5, 9]
        #expect(keys.lastIndex(whereKeyIsAtMost: 2) { $0 } == nil)
        #expect(keys.lastIndex(whereKeyIsAtMost: 3) { $0 } == 0)
        #expect(keys.lastIndex(whereKeyIsAtMost: 5) { $0 } == 2)
        #expect(keys.lastIndex(whereKeyIsAtMost: 8) { $0 } == 2)
        #expect(keys.lastIndex(whereKeyIsAtMost: 100) { $0 } == 3)
        #expect([UInt64]().lastIndex(whereKeyIsAtMost: 1) { $0 } == nil)
    }
}
