#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Path checks: a relative path is split and refused when it could leave the output folder, and its folders are
/// created, checked and opened one component at a time, refusing symbolic links (remembered in `OutputFolders`).
extension OutputWriter {
    /// The absolute path of a relative output path, after the same checks as a write.
    public func absolutePath(of relativePath: String) throws(Failure) -> String {
        root + "/" + (try Self.validatedComponents(relativePath)).joined(separator: "/")
    }

    /// Splits a relative path, refusing anything that could name a file outside the output folder.
    static func validatedComponents(_ relativePath: String) throws(Failure) -> [String] {
        if relativePath.utf8.first == UInt8(ascii: "/") {
            throw Failure(path: relativePath, reason: "refused: an absolute path is outside the output folder")
        }
        let components = relativePath.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        guard !relativePath.isEmpty else { throw Failure(path: relativePath, reason: "refused: empty path") }
        var result: [String] = []
        result.reserveCapacity(components.count)
        for component in components {
            guard isPlainComponent(component) else {
                throw Failure(path: relativePath, reason: "refused: the path could lead outside the output folder")
            }
            result.append(String(decoding: component, as: UTF8.self))
        }
        return result
    }

    /// Whether a path component names a file or folder inside its folder: not empty, `.` or `..`, and without a NUL
    /// or a backslash (what `validatedComponents` refuses).
    static func isPlainComponent(_ component: some Collection<UInt8>) -> Bool {
        !component.isEmpty && !component.elementsEqual(".".utf8) && !component.elementsEqual("..".utf8)
            && !component.contains(0) && !component.contains(UInt8(ascii: "\\"))
    }

    /// Checks a path and creates its folders; returns the absolute folder and the file name.
    ///
    /// A path whose folder was checked before (every report after a folder's first) needs only its file name
    /// checked: the folder's path passed `validatedComponents` when it was remembered.
    func prepare(_ relativePath: String) throws(Failure) -> (folder: OutputFolder, name: String) {
        var path = relativePath
        let known: (folder: OutputFolder, name: String)? = path.withUTF8 { utf8 in
            guard let slash = utf8.lastIndex(of: UInt8(ascii: "/")), slash > 0,
                Self.isPlainComponent(UnsafeBufferPointer(rebasing: utf8[(slash + 1)...]))
            else { return nil }
            let relative = String(decoding: UnsafeBufferPointer(rebasing: utf8[..<slash]), as: UTF8.self)
            guard let folder = folders.checked(BytePath(relative)) else { return nil }
            return (folder, String(decoding: UnsafeBufferPointer(rebasing: utf8[(slash + 1)...]), as: UTF8.self))
        }
        if let known { return known }
        let components = try Self.validatedComponents(relativePath)
        let folder = try ensureDirectory(components.dropLast(), for: relativePath)
        return (folder, components[components.count - 1])
    }

    /// Creates the folders of a path under the root; a symbolic link or a file in the way is an error.
    ///
    /// Folders checked once are remembered for the life of the writer.
    private func ensureDirectory(
        _ components: ArraySlice<String>, for relativePath: String
    ) throws(Failure) -> OutputFolder {
        var folder =
            folders.checked(BytePath(""))
            ?? folders.remember(BytePath(""), path: root, descriptor: open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC))
        var relative = ""
        for component in components {
            relative += relative.isEmpty ? component : "/" + component
            if let checked = folders.checked(BytePath(relative)) {
                folder = checked
                continue
            }
            // Looked at, created and opened by its name in the folder before it, which is held open: a link put on
            // the way meanwhile is never followed.
            let path = folder.path + "/" + component
            var info = stat()
            if Self.at(component, in: folder, { fstatat($0, $1, &info, AT_SYMLINK_NOFOLLOW) }) == 0 {
                if (info.st_mode & S_IFMT) == S_IFLNK {
                    throw Failure(
                        path: relativePath,
                        reason: "refused: \(path) is a symbolic link, which could lead outside the output folder")
                }
                if (info.st_mode & S_IFMT) != S_IFDIR {
                    throw Failure(path: relativePath, reason: "\(path) is a file, not a folder")
                }
            } else if Self.at(component, in: folder, { mkdirat($0, $1, access.folderMode) }) != 0 && errno != EEXIST {
                throw Failure(
                    path: relativePath, reason: "cannot create folder \(path): \(String(cString: strerror(errno)))")
            }
            let descriptor = Self.at(component, in: folder) {
                openat($0, $1, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            }
            // Created now, or left by an earlier build under another umask or access: given the writer's access.
            if descriptor >= 0 { Self.fit(descriptor, to: access, folder: true) }
            folder = folders.remember(BytePath(relative), path: path, descriptor: descriptor)
        }
        return folder
    }

    /// Opens a folder of the output (`""` for the output folder itself) one component at a time, refusing a
    /// symbolic link at every step; nil when it is missing, not a folder, or reached through a link.
    func openFolder(_ folder: String) -> Int32? {
        var directory = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directory >= 0 else { return nil }
        if folder.isEmpty { return directory }
        guard let components = try? Self.validatedComponents(folder) else {
            close(directory)
            return nil
        }
        for component in components {
            let next = openat(directory, component, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            close(directory)
            guard next >= 0 else { return nil }
            directory = next
        }
        return directory
    }
}
