#if canImport(Glibc)
import Glibc
#endif

/// Memory for the large structures of a fold, read and written in no order the caches can
/// foresee: a run of 2 MiB or more is mapped on its own, aligned to 2 MiB, and the kernel is
/// asked to back it with huge pages (transparent huge pages, where the system offers them on
/// request), so that a random access into hundreds of megabytes misses the TLB once per 2 MiB
/// rather than once per 4 KiB. Smaller runs are plain allocations: a huge page is resident
/// whole once touched.
///
/// A large run is mapped rather than allocated so that it goes back to the system when given
/// back. The C allocator would serve it from its heap once it has seen a large block freed (it
/// raises its threshold for mapping blocks to the largest freed), and a heap keeps what is
/// freed: a large commit that writes its fold out several times would then hold every fold it
/// made.
enum HugePages {
    /// The size of one huge page.
    static let byteCount = 1 << 21

    /// `count` bytes, uninitialized, aligned to a huge page when there are at least that many;
    /// given back with `deallocate`.
    static func allocate(byteCount count: Int) -> UnsafeMutableRawPointer {
        guard count >= byteCount else { return .allocate(byteCount: count, alignment: 16) }
        let mapped = mmap(nil, count + byteCount, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        guard let mapped, mapped != MAP_FAILED else {
            fatalError("out of memory: \(count) bytes for a read model folded in memory")
        }
        // Keep the aligned run: unmap what lies before and after it.
        let start = (Int(bitPattern: mapped) + byteCount - 1) & ~(byteCount - 1)
        let head = start - Int(bitPattern: mapped)
        if head > 0 { munmap(mapped, head) }
        let tail = byteCount - head
        if tail > 0 { munmap(UnsafeMutableRawPointer(bitPattern: start + count), tail) }
        let memory = UnsafeMutableRawPointer(bitPattern: start)!
        // Advice only: without huge pages the memory is the same, in small pages.
        _ = madvise(memory, count, MADV_HUGEPAGE)
        return memory
    }

    /// Gives back memory from `allocate(byteCount:)`.
    static func deallocate(_ memory: UnsafeMutableRawPointer, byteCount count: Int) {
        if count >= byteCount { munmap(memory, count) } else { memory.deallocate() }
    }
}
