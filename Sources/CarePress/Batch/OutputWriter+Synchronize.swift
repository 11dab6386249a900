#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Flushing the output folder's file system to disk once, at the end of a build.
extension OutputWriter {
    /// Flushes what was written to the output folder's file system to disk: `syncfs(2)` on Linux (one call for
    /// everything, instead of an `fsync` per file), `sync(2)` elsewhere.
    func synchronize() {
        #if os(Linux)
            let descriptor = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard descriptor >= 0 else { return }
            defer { close(descriptor) }
            if let syncFileSystem = systemSyncFileSystem {
                _ = syncFileSystem(descriptor)
            } else {
                sync()
            }
        #else
            sync()
        #endif
    }
}
