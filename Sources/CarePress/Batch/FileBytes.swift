import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading whole files and listing folders with plain system calls, for the build's hot paths.
enum FileBytes {
    /// A file's bytes, or nil when it cannot be read.
    static func read(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        // Read the size fstat gave; a file that grows meanwhile is read only that far (the next build sees the rest).
        // The array is not zeroed first: a build reads every record file, tens of megabytes.
        let size = max(Int(info.st_size), 0)
        var failed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            var filled = 0
            while filled < size {
                let count = systemRead(descriptor, buffer.baseAddress.map { $0 + filled }, size - filled)
                if count < 0 {
                    if errno == EINTR { continue }
                    failed = true
                    break
                }
                if count == 0 { break }
                filled += count
            }
            initialized = filled
        }
        return failed ? nil : bytes
    }

    /// The digest of a file's bytes, read a megabyte at a time (the same digest as `ContentDigest(read(path))`,
    /// without holding the file: the running executable is tens of megabytes); nil when it cannot be read.
    static func digest(of path: String) -> ContentDigest? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var hasher = ContentHasher()
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if count == 0 { break }
            buffer.withUnsafeBytes { hasher.combine(buffer: UnsafeRawBufferPointer(rebasing: $0[..<count])) }
        }
        return hasher.finalize()
    }

    /// Every visible file under a folder, as sorted relative paths, leaving out some top-level entries.
    static func files(under folder: String, skippingTopLevel skipped: Set<String> = []) -> [String] {
        var result: [String] = []
        func walk(_ relative: String) {
            let path = relative.isEmpty ? folder : folder.appendingPathComponent(relative)
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return }
            for name in names where !name.hasPrefix(".") {
                if relative.isEmpty && skipped.contains(name) { continue }
                let child = relative.isEmpty ? name : relative + "/" + name
                var info = stat()
                guard stat(folder.appendingPathComponent(child), &info) == 0 else { continue }
                if (info.st_mode & S_IFMT) == S_IFDIR {
                    walk(child)
                } else {
                    result.append(child)
                }
            }
        }
        walk("")
        return result.sorted()
    }
}

/// `read(2)`, named apart from `FileBytes.read`.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.read(descriptor, buffer, count)
    #else
        Darwin.read(descriptor, buffer, count)
    #endif
}
