#if canImport(CMimalloc)
    import CMimalloc
#endif
#if canImport(Glibc)
    import Glibc
#endif

/// The memory allocator that `malloc` reaches in this process, as `carepress --version` names it.
///
/// On Linux the executable links mimalloc (Debian's `libmimalloc2.0`), which takes over `malloc` and `free` for the
/// whole process: the Swift runtime, Foundation, libcmark and SQLite included. A batch build allocates and frees
/// millions of small blocks on every worker thread, and mimalloc makes the same build faster, with the same output
/// (the figures are in docs/performance.md and the commit that chose it). The library (`CarePress`) and its tests do
/// not link it: only this executable does.
enum Allocator {
    /// `mimalloc 2.0.9` when mimalloc serves `malloc`, otherwise `system`.
    static var name: String {
        #if canImport(CMimalloc)
            // Asked of a block `malloc` gives, not assumed from the link: a `malloc` bound elsewhere shows here.
            let block = malloc(16)
            defer { free(block) }
            if mi_is_in_heap_region(block) {
                let version = Int(mi_version())
                return "mimalloc \(version / 100).\(version % 100 / 10).\(version % 10)"
            }
        #endif
        return "system"
    }
}
