import CarePress
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Watches folders recursively and reports changed files in batches, once the changes have settled.
///
/// On Linux it uses inotify, adding a watch for every folder, including folders that appear later, and watching each
/// root's parent folder for the root's name, so that a root deleted and made again, moved away, or replaced by a rename
/// (as editors, `git checkout` and deploy scripts do) is watched again as it is now (see `FileWatcher+Inotify.swift`).
/// When inotify is not available, or its limit of watches is reached, or polling is asked for, it compares the files'
/// sizes and modification times every `pollInterval` instead. Either way:
/// - editors' temporary and backup files (`.swp`, `~`, vim's `4913`, emacs' `.#name` and `#name#`, hidden files) are
///   not changes; a save that writes a temporary file and renames it over the original is a change of the original;
/// - changes are gathered until `quiet` seconds pass without one (at most `longestWait` seconds after the first),
///   then handed to the callback as one batch of absolute paths, on the watcher's own thread;
/// - the callback runs to its end before the next batch is gathered (changes made meanwhile make the next batch).
///
/// This is a small watcher of our own: no maintained recursive watcher for Swift on Linux was available.
public final class FileWatcher: Sendable {
    /// How changes are noticed.
    public enum Mode: Sendable, Equatable {
        /// inotify events.
        case inotify
        /// Comparing the files' metadata every so often; `reason` says why, when it was not asked for.
        case polling(reason: String?)
    }

    /// The folders watched, absolute. Each is watched for from its parent folder (or the nearest folder on its way
    /// that exists): one that does not exist yet is watched as soon as it appears (a project's `Templates/` made while
    /// serve runs), and one that is deleted, moved away or renamed over is watched again once it is back. A root that
    /// is a symbolic link to a folder is followed; links inside a root are not.
    public let roots: [String]
    /// How changes are noticed.
    public let mode: Mode
    /// Seconds without a change before a batch is handed on.
    public let quiet: Double
    /// The most seconds a batch waits after its first change, however busy the folders are.
    public let longestWait: Double
    /// Seconds between two polls, when polling.
    public let pollInterval: Double
    let state: Mutex<State>

    struct State {
        enum Run {
            case idle
            case running
            case stopping
            case stopped
        }

        var run = Run.idle
        /// The inotify descriptor, or -1 when polling.
        var descriptor: Int32
        /// Watched folders by watch descriptor.
        var folders: [Int32: String] = [:]
        /// The folders watched for roots (each root's parent, or the nearest folder on its way that exists), by watch
        /// descriptor.
        var ancestors: [Int32: Awaiting] = [:]
        /// What polling saw last: each file's size, modification time and inode.
        var snapshot: [String: [Int]] = [:]
    }

    /// A folder watched for roots, and the roots: each is made, deleted or renamed under it, or a folder on its way.
    struct Awaiting {
        var folder: String
        var roots: [String]
    }

    /// Starts watching `roots` (and waiting for those that do not exist yet); events are gathered from now on, and
    /// handed on once `start` is called.
    public init(
        roots: [String], poll: Bool = false, quiet: Double = 0.1, longestWait: Double = 1.0, pollInterval: Double = 0.3
    ) {
        let roots = Array(Set(roots.map { URL(fileURLWithPath: $0).standardizedFileURL.path })).sorted()
        self.roots = roots
        self.quiet = quiet
        self.longestWait = longestWait
        self.pollInterval = pollInterval
        var state = State(descriptor: -1)
        var mode = Mode.polling(reason: nil)
        if !poll {
            #if os(Linux)
                let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
                if descriptor < 0 {
                    mode = .polling(reason: "inotify is not available (\(String(cString: strerror(errno))))")
                } else {
                    state.descriptor = descriptor
                    mode = .inotify
                    var changes = Set<String>()
                    for root in roots {
                        if let failure = Self.watchRoot(root, in: &state, changes: &changes) {
                            close(descriptor)
                            state = State(descriptor: -1)
                            mode = .polling(reason: failure)
                            break
                        }
                    }
                }
            #else
                mode = .polling(reason: "inotify is Linux only")
            #endif
        }
        if case .polling = mode {
            state.snapshot = Self.snapshot(of: roots)
        }
        self.mode = mode
        self.state = Mutex(state)
    }

    deinit {
        state.withLock { state in
            if state.descriptor >= 0 { close(state.descriptor) }
        }
    }

    /// Hands each settled batch of changed files (absolute paths, sorted) to `onChange`, on a thread of its own,
    /// until `stop`.
    public func start(onChange: @escaping @Sendable ([String]) -> Void) {
        let starting = state.withLock { state -> Bool in
            guard state.run == .idle else { return false }
            state.run = .running
            return true
        }
        guard starting else { return }
        let thread = Thread { [self] in
            loop(onChange)
            state.withLock { $0.run = .stopped }
        }
        thread.name = "carepress file watcher"
        thread.start()
    }

    /// Stops handing on changes; a batch being handled is finished first. Returns at once.
    public func stop() {
        state.withLock { state in
            if state.run == .running { state.run = .stopping } else if state.run == .idle { state.run = .stopped }
        }
    }

    /// Whether `stop` was called, or the watcher never ran.
    private var isStopping: Bool { state.withLock { $0.run != .running } }

    // MARK: Gathering

    private func loop(_ onChange: @Sendable ([String]) -> Void) {
        var pending = Set<String>()
        var firstChange: Double?
        var lastChange = 0.0
        while !isStopping {
            let now = Self.now()
            if let first = firstChange, now - lastChange >= quiet || now - first >= longestWait {
                let batch = pending.sorted()
                pending = []
                firstChange = nil
                if !batch.isEmpty { onChange(batch) }
                continue
            }
            // Wake up when the batch is due, or every 0.1 s at most, to notice `stop`.
            let due = firstChange.map { min(lastChange + quiet, $0 + longestWait) - now } ?? 0.1
            #if os(Linux)
                let changes = mode == .inotify ? readEvents(waiting: min(max(due, 0.001), 0.1)) : poll(waiting: due)
            #else
                let changes = poll(waiting: due)
            #endif
            if !changes.isEmpty {
                pending.formUnion(changes)
                lastChange = Self.now()
                if firstChange == nil { firstChange = lastChange }
            }
        }
    }

    // MARK: Polling

    /// Sleeps up to `seconds` (at most `pollInterval`), then compares the files with the last snapshot.
    private func poll(waiting seconds: Double) -> Set<String> {
        let pause = min(max(seconds, 0.001), pollInterval)
        usleep(UInt32(pause * 1_000_000))
        let current = Self.snapshot(of: roots)
        return state.withLock { state in
            let previous = state.snapshot
            state.snapshot = current
            return Set(previous.keys).union(current.keys).filter { previous[$0] != current[$0] }
        }
    }

    /// Every file under the roots (editors' temporary files left out) with its size, modification time and inode.
    private static func snapshot(of roots: [String]) -> [String: [Int]] {
        var result: [String: [Int]] = [:]
        for root in roots {
            for relative in files(under: root) {
                let path = root + "/" + relative
                var info = stat()
                guard lstat(path, &info) == 0 else { continue }
                result[path] = [
                    Int(info.st_size), Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec), Int(info.st_ino),
                ]
            }
        }
        return result
    }

    // MARK: Names

    /// Whether a file name is one editors write beside the file they save, and never a change of content: backups
    /// (`name~`), swap files (`.name.swp`), vim's write test (`4913`), emacs' lock and autosave files (`.#name`,
    /// `#name#`), JetBrains' safe-write files, and every hidden name (the project's loaders skip those too).
    public static func isEditorTemporary(_ name: String) -> Bool {
        if name.hasPrefix(".") || name.hasSuffix("~") || name == "4913" { return true }
        if name.hasPrefix("#") && name.hasSuffix("#") { return true }
        let suffixes = [".swp", ".swo", ".swx", ".tmp", "___jb_tmp___", "___jb_old___", ".crswap"]
        return suffixes.contains { name.hasSuffix($0) }
    }

    /// Every file under a folder, as relative paths, leaving out editors' temporary files and their folders; a
    /// symbolic link is not followed (it is listed as a file).
    static func files(under folder: String) -> [String] {
        FolderWalker().entries(under: folder) { !isEditorTemporary($0.name) }.entries
            .filter { $0.kind != .folder }.map(\.path)
    }

    /// Whether a path is a folder (or, `followingLink`, a symbolic link to one).
    static func isFolder(_ path: String, followingLink: Bool) -> Bool {
        var info = stat()
        return (followingLink ? stat(path, &info) : lstat(path, &info)) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
