#if canImport(Glibc)
import Glibc
#endif

/// The executable this process runs, as loaded in memory: its build id and the parts of its
/// image that hold what its file holds, found through the process's auxiliary vector
/// (`/proc/self/auxv`) and the program headers it points at. An address there, such as the
/// metadata of a type the executable declares, lies at the same offset in the image of every
/// process of the same build; what was made at run time (on the heap, or in memory the image
/// reserves but its file does not fill) lies elsewhere.
struct LoadedExecutable: Sendable {
    /// The build id the linker wrote into the executable: the same for the same build only.
    let buildID: [UInt8]
    /// Where the image lies: the address of its offset 0.
    private let base: UInt
    /// Where the program headers lie, and how many there are. They are read where they lie
    /// rather than gathered into an array of a type of their own, whose metadata the runtime
    /// would make in every process.
    private let headers: UInt
    private let headerCount: Int

    /// The executable of this process; nil when it cannot be read, or has no build id.
    static let current: LoadedExecutable? = loaded()

    /// The offset of `address` in the image, when what lies there comes from the executable's file.
    func offset(of address: UInt) -> UInt? {
        #if canImport(Glibc)
        let offset = address &- base
        for index in 0..<headerCount {
            let header = Self.header(index, at: headers)
            if header.p_type == UInt32(PT_LOAD), UInt(header.p_vaddr) <= offset, offset < UInt(header.p_vaddr) + UInt(header.p_filesz) {
                return offset
            }
        }
        #endif
        return nil
    }

    /// The executable as the auxiliary vector and its program headers describe it.
    private static func loaded() -> LoadedExecutable? {
        #if canImport(Glibc)
        let (headers, headerCount) = programHeaders()
        guard headers != 0 else { return nil }
        var base: UInt?
        for index in 0..<Int(headerCount) where header(index, at: headers).p_type == UInt32(PT_PHDR) {
            base = headers &- UInt(header(index, at: headers).p_vaddr)
        }
        guard let base else { return nil }
        for index in 0..<Int(headerCount) {
            let header = header(index, at: headers)
            guard header.p_type == UInt32(PT_NOTE),
                let buildID = buildID(inNotesAt: base + UInt(header.p_vaddr), size: Int(header.p_filesz))
            else { continue }
            return LoadedExecutable(buildID: buildID, base: base, headers: headers, headerCount: Int(headerCount))
        }
        return nil
        #else
        return nil
        #endif
    }

    #if canImport(Glibc)
    /// Where the executable's program headers lie and how many there are, from the process's
    /// auxiliary vector; zeros when it cannot be read.
    private static func programHeaders() -> (address: UInt, count: UInt) {
        let descriptor = open("/proc/self/auxv", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return (0, 0) }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 4096)
        let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        var found: (address: UInt, count: UInt) = (0, 0)
        bytes.withUnsafeBytes { raw in
            // Entries of a type and a value each, up to one of type AT_NULL.
            var offset = 0
            while offset + 2 * MemoryLayout<UInt>.size <= count {
                let type = raw.loadUnaligned(fromByteOffset: offset, as: UInt.self)
                let value = raw.loadUnaligned(fromByteOffset: offset + MemoryLayout<UInt>.size, as: UInt.self)
                if type == UInt(AT_NULL) { break }
                if type == UInt(AT_PHDR) { found.address = value }
                if type == UInt(AT_PHNUM) { found.count = value }
                offset += 2 * MemoryLayout<UInt>.size
            }
        }
        return found
    }

    /// The program header at `index` of those at `headers`.
    private static func header(_ index: Int, at headers: UInt) -> Elf64_Phdr {
        UnsafeRawPointer(bitPattern: headers)!.loadUnaligned(fromByteOffset: index * MemoryLayout<Elf64_Phdr>.stride, as: Elf64_Phdr.self)
    }

    /// The build id among the notes of `size` bytes at `address`, if they hold one.
    private static func buildID(inNotesAt address: UInt, size: Int) -> [UInt8]? {
        guard let start = UnsafeRawPointer(bitPattern: address) else { return nil }
        var offset = 0
        // Each note: name size, description size, type (u32 each), then the name and the
        // description, each padded to 4 bytes.
        while offset + 12 <= size {
            let nameSize = Int(start.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
            let descriptionSize = Int(start.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self))
            let type = start.loadUnaligned(fromByteOffset: offset + 8, as: UInt32.self)
            let description = offset + 12 + (nameSize + 3) & ~3
            guard description + descriptionSize <= size else { return nil }
            if type == UInt32(NT_GNU_BUILD_ID), descriptionSize > 0 {
                return Array(UnsafeRawBufferPointer(start: start + description, count: descriptionSize))
            }
            offset = description + (descriptionSize + 3) & ~3
        }
        return nil
    }
    #endif
}
