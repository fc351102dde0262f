internal import CMalloc

/// How the tool sets up the C library's allocator.
enum AllocatorSettings {
    /// Blocks of 128 KiB and more are mapped on their own and given back to the system when
    /// freed. By default the allocator raises that threshold to the largest block freed so far
    /// (up to 32 MiB) and serves such blocks from its heap, which keeps what is freed between
    /// the blocks still in use: during a commit of millions of events, whose pages LMDB keeps
    /// in the same heap, the process then grew by some 400 MiB every 9M events.
    static func giveLargeBlocksBackWhenFreed() {
        mallopt(M_MMAP_THRESHOLD, 128 << 10)
    }
}
