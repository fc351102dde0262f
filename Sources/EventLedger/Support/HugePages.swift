#if canImport(Glibc)
import Glibc
#endif

/// Memory for the large structures of a fold, read and written in no order the caches can
/// foresee: a run of 2 MiB or more is aligned to 2 MiB and the kernel is asked to back it with
/// huge pages (transparent huge pages, where the system offers them on request), so that a
/// random access into hundreds of megabytes misses the TLB once per 2 MiB rather than once per
/// 4 KiB. Smaller runs are plain allocations: a huge page is resident whole once touched.
enum HugePages {
    /// The size of one huge page.
    static let byteCount = 1 << 21

    /// `count` bytes, uninitialized, aligned to a huge page when there are at least that many;
    /// given back with `deallocate`.
    static func allocate(byteCount count: Int) -> UnsafeMutableRawPointer {
        guard count >= byteCount else { return .allocate(byteCount: count, alignment: 16) }
        var memory: UnsafeMutableRawPointer?
        guard posix_memalign(&memory, byteCount, count) == 0, let memory else {
            fatalError("out of memory: \(count) bytes for a read model folded in memory")
        }
        // Advice only: without huge pages the memory is the same, in small pages.
        _ = madvise(memory, count, MADV_HUGEPAGE)
        return memory
    }

    /// Gives back memory from `allocate(byteCount:)`.
    static func deallocate(_ memory: UnsafeMutableRawPointer, byteCount count: Int) {
        if count >= byteCount { free(memory) } else { memory.deallocate() }
    }
}
