internal import CMalloc

/// The C library's allocator, as a process making very large commits needs it set.
public enum ProcessAllocator {
    /// Has the allocator map every block of 128 KiB and more on its own and give it back to
    /// the system when it is freed. By default it raises that threshold to the largest block
    /// freed so far (up to 32 MiB) and serves such blocks from its heap, which keeps what is
    /// freed between the blocks still in use: during a commit of ten million events, whose
    /// pages LMDB keeps in the same heap, a process grew by some 400 MiB. Call it once, at
    /// the start of a process that makes commits of millions of events; setting
    /// `MALLOC_MMAP_THRESHOLD_=131072` in its environment does the same. The `ledger` tool
    /// calls it.
    public static func giveLargeBlocksBackWhenFreed() {
        mallopt(M_MMAP_THRESHOLD, 128 << 10)
    }
}
