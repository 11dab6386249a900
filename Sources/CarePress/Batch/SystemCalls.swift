#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
