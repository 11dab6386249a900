#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Who may read what a build writes into its output folder, from `outputAccess:` in `site.yml`. Reports hold health
/// data: by default only their owner may read them, whatever the umask; a web server that serves the output folder
/// as another user can be let in through the folder's group. Other users never can.
public enum OutputAccess: String, Sendable, Hashable, CaseIterable {
    /// Only the owner: files 0600, folders 0700 (the default).
    case `private`
    /// The owner, and the group reading only: files 0640, folders 0750.
    case group

    /// The mode of a file the build creates.
    public var fileMode: mode_t { self == .private ? 0o600 : 0o640 }

    /// The mode of a folder the build creates.
    public var folderMode: mode_t { self == .private ? 0o700 : 0o750 }

    /// The permission bits an entry of the output folder is given: its group's and others' bits replaced by this
    /// access's, everything else (the owner's bits, a folder's setgid bit, which gives new files its group) kept.
    public func adjusted(_ mode: mode_t, folder: Bool) -> mode_t {
        let group: mode_t = self == .private ? 0 : (folder ? 0o050 : 0o040)
        return (mode & 0o7777 & ~0o077) | group
    }
}
