#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The folders of a build's record files, held open, so that the scan looks at each file by its name in its folder
/// (`fstatat`, `openat`) rather than by its whole path: the kernel then looks up one name instead of walking every
/// folder of the path again. A no-op build does nothing else to the record files.
///
/// A file is looked at by its whole path, as before, when its folder could not be opened or is not its kind's folder
/// (record files come from listing each kind's folder, so this does not happen in a build).
final class RecordFolders: Sendable {
    /// Each kind's folder (the folder of its first file, with the trailing `/`) and its descriptor (-1: not open).
    private let folders: [(prefix: [UInt8], descriptor: Int32)]

    /// Opens the folder of each kind's first file.
    init(of files: [RecordFile]) {
        folders = Self.kinds.map { kind in
            guard let first = files.first(where: { $0.kind == kind }) else { return ([], -1) }
            let path = Array(first.path.utf8)
            guard let slash = path.lastIndex(of: UInt8(ascii: "/")) else { return ([], -1) }
            let prefix = Array(path[...slash])
            let descriptor = String(decoding: prefix, as: UTF8.self).withCString {
                open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            }
            return (prefix, descriptor)
        }
    }

    deinit {
        for folder in folders where folder.descriptor >= 0 { close(folder.descriptor) }
    }

    /// Calls `body` with a folder descriptor and a path relative to it that name the file: its open folder and its
    /// name, or `AT_FDCWD` and its whole path.
    func withLocation<T>(of file: RecordFile, _ body: (Int32, UnsafePointer<CChar>) -> T) -> T {
        let folder = folders[Self.kinds.firstIndex(of: file.kind) ?? 0]
        return file.path.withCString { path in
            let count = folder.prefix.count
            if folder.descriptor >= 0, strlen(path) > count,
                memcmp(path, folder.prefix, count) == 0,
                strchr(path + count, Int32(UInt8(ascii: "/"))) == nil
            {
                return body(folder.descriptor, path + count)
            }
            return body(AT_FDCWD, path)
        }
    }

    /// The kinds, in the order of `folders`.
    private static let kinds = RecordKind.allCases
}
