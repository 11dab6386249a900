#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A folder of the output folder that a writer checked or created: its absolute path, and a descriptor open on it
/// (-1 when it could not be opened, and the path is used).
struct OutputFolder: Sendable {
    let path: String
    let descriptor: Int32
}

/// The folders a writer checked or created, by their path relative to its root (`""` for the root), each open until
/// the last copy of the writer goes.
final class OutputFolders: Sendable {
    private let table = Mutex<[BytePath: OutputFolder]>([:])

    /// A folder checked before.
    func checked(_ relative: BytePath) -> OutputFolder? {
        table.withLock { $0[relative] }
    }

    /// Remembers a folder checked or created now, with the descriptor it was opened on (-1: it could not be), and
    /// returns it: the one remembered first when two threads check it at once (the other descriptor is closed).
    func remember(_ relative: BytePath, path: String, descriptor: Int32) -> OutputFolder {
        let opened = OutputFolder(path: path, descriptor: descriptor)
        let (kept, extra) = table.withLock { table -> (OutputFolder, Int32?) in
            // Another thread remembered it meanwhile: its descriptor is kept, this one closed.
            if let earlier = table[relative] { return (earlier, descriptor) }
            table[relative] = opened
            return (opened, nil)
        }
        if let extra, extra >= 0 { close(extra) }
        return kept
    }

    deinit {
        for folder in table.withLock({ Array($0.values) }) where folder.descriptor >= 0 { close(folder.descriptor) }
    }
}
