#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The GNU build id of an ELF executable: the `NT_GNU_BUILD_ID` note the linker writes, a digest of the linked file
/// (gold's default is SHA-1 of the whole output, lld's a 64-bit xxHash of it), so that two different links of the
/// program have different ids.
///
/// The build manifest fingerprints the running tool with it (see `CarePressVersion.fingerprint`) instead of digesting
/// the tens of megabytes of the executable on every build. Only 64-bit little-endian ELF is read; anything else (or an
/// id shorter than 8 bytes) gives nil, and the caller digests the whole file.
enum ELFBuildID {
    /// The build id of the ELF file at `path`, or nil when it has none that can be read.
    static func read(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        return read { offset, count in
            var bytes = [UInt8](repeating: 0, count: count)
            let filled = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, off_t(offset)) }
            return filled == count ? bytes : nil
        }
    }

    /// The build id found through `bytes(offset, count)`, which gives exactly `count` bytes of the file at `offset`,
    /// or nil past its end.
    static func read(bytes: (_ offset: Int, _ count: Int) -> [UInt8]?) -> [UInt8]? {
        let programHeaderSize = 56
        guard let header = bytes(0, 64), header.starts(with: [0x7F, 0x45, 0x4C, 0x46]), header[4] == 2,
            header[5] == 1,
            let tableOffset = Int(exactly: integer(header, at: 0x20, size: 8)),
            integer(header, at: 0x36, size: 2) == UInt64(programHeaderSize)
        else { return nil }
        let count = Int(integer(header, at: 0x38, size: 2))
        guard let table = bytes(tableOffset, count * programHeaderSize) else { return nil }
        for index in 0..<count {
            let entry = index * programHeaderSize
            // PT_NOTE segments only, each at most a megabyte (a note segment is a few dozen bytes).
            guard integer(table, at: entry, size: 4) == 4,
                let offset = Int(exactly: integer(table, at: entry + 8, size: 8)),
                let size = Int(exactly: integer(table, at: entry + 32, size: 8)), size <= 1 << 20,
                let notes = bytes(offset, size)
            else { continue }
            if let id = gnuBuildID(in: notes) { return id }
        }
        return nil
    }

    /// The description of the first `NT_GNU_BUILD_ID` note named `GNU` among a segment's notes, if it has 8 bytes or
    /// more.
    private static func gnuBuildID(in notes: [UInt8]) -> [UInt8]? {
        var position = 0
        while position + 12 <= notes.count {
            let nameSize = Int(integer(notes, at: position, size: 4))
            let descriptionSize = Int(integer(notes, at: position + 4, size: 4))
            let type = integer(notes, at: position + 8, size: 4)
            let name = position + 12
            let description = name + aligned(nameSize)
            let next = description + aligned(descriptionSize)
            guard next <= notes.count else { return nil }
            if type == 3, nameSize == 4, notes[name..<name + 4].elementsEqual([0x47, 0x4E, 0x55, 0]),
                descriptionSize >= 8
            {
                return Array(notes[description..<description + descriptionSize])
            }
            position = next
        }
        return nil
    }

    /// A size rounded up to a multiple of four, as notes are padded.
    private static func aligned(_ size: Int) -> Int {
        (size + 3) & ~3
    }

    /// A little-endian unsigned integer of `size` bytes at `offset`.
    private static func integer(_ bytes: [UInt8], at offset: Int, size: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in (0..<size).reversed() {
            value = value << 8 | UInt64(bytes[offset + index])
        }
        return value
    }
}
