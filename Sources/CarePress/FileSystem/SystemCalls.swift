#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// The library's system-call shims: calls named apart from the methods of the types that make them, and calls that
// Swift's Glibc module does not declare. Logic stays with its callers.

/// `read(2)`, named apart from the `read` methods of the types that call it.
func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.read(descriptor, buffer, count)
    #else
        Darwin.read(descriptor, buffer, count)
    #endif
}

/// `write(2)`, named apart from the `write` methods of the types that call it.
func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.write(descriptor, buffer, count)
    #else
        Darwin.write(descriptor, buffer, count)
    #endif
}

/// `close(2)`, named apart from the `close` methods of the types that call it.
func systemClose(_ descriptor: Int32) -> Int32 {
    #if canImport(Glibc)
        Glibc.close(descriptor)
    #else
        Darwin.close(descriptor)
    #endif
}

#if os(Linux)
    /// `syncfs(2)`, which Glibc's Swift module does not declare, looked up in the C library; nil where it is missing.
    let systemSyncFileSystem: (@convention(c) (Int32) -> Int32)? = {
        guard let symbol = dlsym(nil, "syncfs") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int32) -> Int32).self)
    }()
#endif
