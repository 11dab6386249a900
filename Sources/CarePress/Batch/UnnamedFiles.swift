#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Files staged without a name: on Linux, a file opened with `O_TMPFILE` in its target's folder has no name until
/// `linkat(2)` gives it its target's, so staging and committing a new file change the folder once (one entry added)
/// instead of three times (a temporary name created, renamed, dropped), and a build killed before the commit leaves
/// nothing behind, and a full build spends much less system time in the file system.
///
/// An unnamed file lives only as long as its descriptor, so a staged one holds a descriptor until it is committed or
/// discarded. Their number is capped at half the process's limit of open files (the soft limit is first raised
/// towards the hard one, up to 16,384), less a reserve; past the cap, on a file system without `O_TMPFILE`, where
/// `/proc/self/fd` is missing (`linkat` goes through it where the kernel refuses to link a descriptor itself; see
/// `LinkRoute`), and for a target that already exists, files are staged under temporary names, as `OutputWriter`
/// always did.
final class UnnamedFiles: Sendable {
    /// How many unnamed files may be open at once.
    let budget: Int
    /// How many are open, whether the file systems met so far took `O_TMPFILE`, and whether the kernel refused to
    /// link through a descriptor.
    private let state = Mutex((open: 0, refused: false, descriptorRefused: false))

    /// A cap of its own (for tests); nil when the system cannot link a descriptor into place.
    init?(budget: Int) {
        #if os(Linux) && (arch(x86_64) || arch(arm64))
            guard budget > 0, access("/proc/self/fd", X_OK) == 0 else { return nil }
            self.budget = budget
        #else
            return nil
        #endif
    }

    /// The process's: descriptors are a process's, whichever writer opens them.
    static let shared: UnnamedFiles? = UnnamedFiles(budget: processBudget())

    /// Opens a new unnamed file in a folder (its path, or a descriptor open on it, which is used when not -1) for
    /// writing, created with a mode (less the umask); nil (and the caller names one) when the budget is spent or the
    /// folder's file system does not have unnamed files.
    func open(in directory: String, descriptor folder: Int32 = -1, mode: mode_t = 0o600) -> Int32? {
        let reserved = state.withLock { state in
            guard !state.refused, state.open < budget else { return false }
            state.open += 1
            return true
        }
        guard reserved else { return nil }
        #if os(Linux) && (arch(x86_64) || arch(arm64))
            // In the folder's descriptor when the writer holds one open: no path to walk.
            let descriptor =
                folder >= 0
                ? openat(folder, ".", O_WRONLY | Self.temporaryFile | O_CLOEXEC, mode)
                : Glibc.open(directory, O_WRONLY | Self.temporaryFile | O_CLOEXEC, mode)
            if descriptor >= 0 { return descriptor }
            let error = errno
            state.withLock { state in
                state.open -= 1
                // The file system does not do it (other errors, e.g. a full disk, are the named file's to report).
                if error == EOPNOTSUPP || error == EISDIR || error == EINVAL { state.refused = true }
            }
        #endif
        return nil
    }

    /// How `linkat(2)` is given an unnamed file.
    enum LinkRoute: Sendable, CaseIterable {
        /// The descriptor itself (`AT_EMPTY_PATH`): Linux 6.10 and later allow it to the process that opened the
        /// file, earlier ones only with `CAP_DAC_READ_SEARCH`, and refuse it with `ENOENT`.
        case descriptor
        /// Its `/proc/self/fd` path, followed: allowed everywhere, but the kernel walks the path each time.
        case procPath
    }

    /// Gives an unnamed file a name (an absolute path, or a name in the folder open as `folder`); 0, or the `errno` of
    /// the failure: `EEXIST` when something is
    /// already there, which is never replaced or followed, even a symbolic link. Links through the descriptor until
    /// the kernel refuses that once, then through `/proc/self/fd`.
    func link(_ descriptor: Int32, to path: String, in folder: Int32 = AT_FDCWD) -> Int32 {
        if state.withLock({ !$0.descriptorRefused }) {
            let error = Self.link(descriptor, to: path, in: folder, through: .descriptor)
            guard error == ENOENT || error == EPERM else { return error }
            // Refused, or the target's folder is gone: the path tells which.
            let retried = Self.link(descriptor, to: path, in: folder, through: .procPath)
            if retried == 0 { state.withLock { $0.descriptorRefused = true } }
            return retried
        }
        return Self.link(descriptor, to: path, in: folder, through: .procPath)
    }

    /// How `link(_:to:)` links now.
    var linkRoute: LinkRoute { state.withLock { $0.descriptorRefused ? .procPath : .descriptor } }

    /// Gives an unnamed file a name one way; 0 or the `errno` of the failure.
    static func link(
        _ descriptor: Int32, to path: String, in folder: Int32 = AT_FDCWD, through route: LinkRoute
    ) -> Int32 {
        let linked: Int32
        switch route {
        case .descriptor: linked = linkat(descriptor, "", folder, path, Self.emptyPath)
        case .procPath: linked = linkat(AT_FDCWD, "/proc/self/fd/\(descriptor)", folder, path, AT_SYMLINK_FOLLOW)
        }
        return linked == 0 ? 0 : errno
    }

    /// Closes an unnamed file's descriptor: a file not linked by then is gone.
    func close(_ descriptor: Int32) {
        _ = systemClose(descriptor)
        state.withLock { $0.open -= 1 }
    }

    /// How many are open now.
    var openCount: Int { state.withLock { $0.open } }

    #if os(Linux) && (arch(x86_64) || arch(arm64))
        /// `O_TMPFILE` (`__O_TMPFILE | O_DIRECTORY`), which Glibc's Swift module leaves out; this value is the one of
        /// x86-64 and ARM64.
        private static let temporaryFile: Int32 = 0o20_000_000 | O_DIRECTORY
    #endif
    /// `AT_EMPTY_PATH`, which Glibc's Swift module leaves out too (the same on every Linux architecture).
    private static let emptyPath: Int32 = 0x1000

    /// Half the limit of open files, less 256 for everything else, after raising the soft limit towards the hard
    /// one (up to 16,384; a chunk of 2,048 reports stages 4,096 files while the one before is being committed).
    private static func processBudget() -> Int {
        var limit = rlimit()
        #if os(Linux)
            let resource = Int32(RLIMIT_NOFILE.rawValue)
        #else
            let resource = RLIMIT_NOFILE
        #endif
        guard getrlimit(resource, &limit) == 0 else { return 0 }
        let wanted: rlim_t = 16_384
        if limit.rlim_cur < wanted, limit.rlim_max > limit.rlim_cur {
            var raised = limit
            raised.rlim_cur = min(limit.rlim_max, wanted)
            if setrlimit(resource, &raised) == 0 { limit = raised }
        }
        let descriptors = Int(min(limit.rlim_cur, 1 << 20))
        let budget = max(0, descriptors / 2 - 256)
        if budget > 0 { growDescriptorTable(toHold: min(descriptors - 1, budget + 512)) }
        return budget
    }

    /// Makes the process's table of descriptors hold `highest` at once. The kernel grows it by doubling as
    /// descriptors are opened, and in a process with threads each growth waits for an RCU grace period, during which
    /// no thread can open a file: staging thousands of files grew it several times, stalling every worker.
    private static func growDescriptorTable(toHold highest: Int) {
        #if os(Linux)
            let probe = Glibc.open("/", O_RDONLY | O_CLOEXEC)
            guard probe >= 0 else { return }
            // The lowest free descriptor from `highest` up: nothing open is touched.
            let high = fcntl(probe, F_DUPFD_CLOEXEC, Int32(highest))
            if high >= 0 { _ = systemClose(high) }
            _ = systemClose(probe)
        #endif
    }
}
