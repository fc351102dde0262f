import Testing

@testable import EventLedger

/// The arena that holds a fold's rows: runs keep their bytes however many chunks it takes,
/// from the small first chunks to the huge-page ones, and a run larger than a chunk.
@Suite struct ByteArenaTests {
    @Test func everyRunKeepsItsBytesAcrossSmallLargeAndOversizedChunks() {
        let arena = ByteArena()
        // Runs of 1 to 4,000 bytes up to 12 MiB in all (the chunks double from 64 KiB to 2 MiB),
        // with one run of 3 MiB in the middle, each filled with a byte of its own.
        var runs: [(address: ArenaAddress, count: Int, fill: UInt8)] = []
        var total = 0
        var index = 0
        while total < 12 << 20 {
            let count = index == 2_000 ? 3 << 20 : 1 + (index * 7_919) % 4_000
            let fill = UInt8(truncatingIfNeeded: index)
            runs.append((arena.append(count: count) { $0.initializeMemory(as: UInt8.self, repeating: fill) }, count, fill))
            total += count
            index += 1
        }
        #expect(arena.capacity >= total)
        #expect(zip(runs, runs.dropFirst()).allSatisfy { $0.address < $1.address }, "addresses grow in the order runs are added")
        let damaged = runs.filter { run in
            UnsafeRawBufferPointer(start: arena.pointer(run.address), count: run.count).contains { $0 != run.fill }
        }
        #expect(damaged.isEmpty, "\(damaged.count) of \(runs.count) runs lost their bytes")
        #expect(runs.allSatisfy { $0.address != .none })
    }

    @Test func chunksDoubleFrom64KiBTo2MiBAndStayThereForEveryChunkAnAddressReaches() {
        #expect(ByteArena.chunkSize(at: 0, forRunOf: 16) == 64 << 10)
        #expect(ByteArena.chunkSize(at: 1, forRunOf: 16) == 128 << 10)
        #expect(ByteArena.chunkSize(at: 5, forRunOf: 16) == 2 << 20)
        // Far past the doublings (a shift by 64 bits or more would give 0: chunks of one run each).
        #expect((6..<2_048).allSatisfy { ByteArena.chunkSize(at: $0, forRunOf: 16) == 2 << 20 })
        #expect(ByteArena.chunkSize(at: 100, forRunOf: 3 << 20) == 3 << 20)
    }
}
