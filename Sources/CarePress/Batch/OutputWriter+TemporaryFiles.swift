#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The names of a writer's temporary files (`.<name>.<pid>.<n>.tmp`, `.<name>.<tag>.<pid>.<n>.tmp` for a tagged
/// writer), and clearing those a killed build left behind.
extension OutputWriter {
    /// A new temporary name beside a target's name: `.<name>.<pid>.<n>.tmp`, with the writer's tag before the
    /// process id if it has one.
    func temporaryName(beside name: String) -> String {
        .concatenating(
            ".", name, ".", temporaryTag.map { $0 + "." } ?? "", Self.processID, ".", String(Self.serial.next()),
            ".tmp")
    }

    /// Whether a file name is one of this writer's temporary files (see `removeLeftoverTemporaryFiles`).
    public func isOwnTemporaryName(_ name: String) -> Bool {
        guard name.hasPrefix("."), name.hasSuffix(".tmp") else { return false }
        var parts = name.dropFirst().dropLast(4).split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 3, let serial = parts.popLast(), let pid = parts.popLast(), Self.isNumber(serial),
            Self.isNumber(pid)
        else { return false }
        if let last = parts.last, parts.count >= 2, Self.isTag(last) {
            return temporaryTag == nil || temporaryTag == String(last)
        }
        return temporaryTag == nil && !parts.joined().isEmpty
    }

    /// Removes the temporary files a killed build of the same scope left in some folders (relative paths, `""` for
    /// the output folder itself); returns how many were removed.
    ///
    /// Only names of exactly this writer's pattern are touched: `.<name>.<pid>.<n>.tmp` and, for a writer without a
    /// tag, also every tagged form; for a tagged writer only its own tag. Folders are opened one component at a time
    /// with `O_NOFOLLOW`, so a symbolic link in the output folder is never followed out of it.
    @discardableResult
    public func removeLeftoverTemporaryFiles(in folders: some Sequence<String>) -> Int {
        var removed = 0
        for folder in folders {
            guard let directory = openFolder(folder) else { continue }
            defer { close(directory) }
            for name in Self.entries(of: directory) where isOwnTemporaryName(name) {
                if Self.removeRegularFile(name, in: directory) { removed += 1 }
            }
        }
        return removed
    }

    /// Removes a file of an open folder if it is a regular file (never a link); whether it did.
    static func removeRegularFile(_ name: String, in directory: Int32) -> Bool {
        var info = stat()
        return fstatat(directory, name, &info, AT_SYMLINK_NOFOLLOW) == 0 && (info.st_mode & S_IFMT) == S_IFREG
            && unlinkat(directory, name, 0) == 0
    }

    private static func isNumber(_ text: Substring) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    /// Whether a name part is a shard tag, `s<K>of<N>`.
    private static func isTag(_ text: Substring) -> Bool {
        guard text.hasPrefix("s"), let of = text.range(of: "of") else { return false }
        return isNumber(text[text.index(after: text.startIndex)..<of.lowerBound]) && isNumber(text[of.upperBound...])
    }

    private static let serial = SerialCounter()
    private static let processID = String(getpid())
}
