#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Which start of the running system this is: Linux's `/proc/sys/kernel/random/boot_id`, a random UUID the kernel
/// draws at every boot.
///
/// A file a process has written survives the process (a crash, `kill -9`): it is in the kernel's page cache, and the
/// kernel writes it to disk within seconds. Only the system stopping (a power cut, a kernel crash, a reset) can lose
/// it, and the system starts again with another boot identity. So a build that leaves its files to the kernel's
/// writeback records the identity in the manifest, and the next build knows whether those files may have been lost:
/// they may only if the identity differs (see `BuildManifest`).
enum BootIdentity {
    /// The running system's boot identity; nil where there is none to read (no `/proc`, other systems), where every
    /// build flushes its files to disk before it finishes instead.
    static let current: String? = read("/proc/sys/kernel/random/boot_id")

    /// A boot identity from a file holding one (a UUID, then a line feed); nil when it cannot be read or holds
    /// something else.
    static func read(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        // A file of /proc reports no size: read what there is, up to more than a UUID needs.
        var buffer = [UInt8](repeating: 0, count: 64)
        var filled = 0
        while filled < buffer.count {
            let count = buffer.withUnsafeMutableBytes { bytes in
                systemRead(descriptor, bytes.baseAddress.map { $0 + filled }, bytes.count - filled)
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            filled += count
        }
        var text = buffer[..<filled]
        if text.last == UInt8(ascii: "\n") { text.removeLast() }
        let hex = "0123456789abcdef".utf8
        let dashes: Set = [8, 13, 18, 23]
        guard text.count == 36,
            text.enumerated().allSatisfy({ offset, byte in
                dashes.contains(offset) ? byte == UInt8(ascii: "-") : hex.contains(byte)
            })
        else { return nil }
        return String(decoding: text, as: UTF8.self)
    }
}
