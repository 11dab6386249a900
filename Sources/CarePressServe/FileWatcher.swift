import CarePress
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Watches folders recursively and reports changed files in batches, once the changes have settled.
///
/// On Linux it uses inotify, adding a watch for every folder, including folders that appear later. When inotify is
/// not available, or its limit of watches is reached, or polling is asked for, it compares the files' sizes and
/// modification times every `pollInterval` instead. Either way:
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

    /// The folders watched, absolute; one that does not exist yet is watched for from its parent folder, and
    /// watched as soon as it appears (a project's `Templates/` made while serve runs).
    public let roots: [String]
    /// How changes are noticed.
    public let mode: Mode
    /// Seconds without a change before a batch is handed on.
    public let quiet: Double
    /// The most seconds a batch waits after its first change, however busy the folders are.
    public let longestWait: Double
    /// Seconds between two polls, when polling.
    public let pollInterval: Double
    private let state: Mutex<State>

    private struct State {
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
        /// Roots that do not exist yet, by the watch descriptor of their parent folder.
        var awaited: [Int32: [String]] = [:]
        /// What polling saw last: each file's size, modification time and inode.
        var snapshot: [String: [Int]] = [:]
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
                    for root in roots {
                        var info = stat()
                        let exists = stat(root, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
                        let failure =
                            exists ? Self.addWatches(under: root, to: &state) : Self.awaitFolder(root, in: &state)
                        if let failure {
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
            let changes = mode == .inotify ? readEvents(waiting: min(max(due, 0.001), 0.1)) : poll(waiting: due)
            if !changes.isEmpty {
                pending.formUnion(changes)
                lastChange = Self.now()
                if firstChange == nil { firstChange = lastChange }
            }
        }
    }

    /// Waits up to `seconds` for inotify events; returns the files they name that matter.
    private func readEvents(waiting seconds: Double) -> Set<String> {
        #if os(Linux)
            let descriptor = state.withLock { $0.descriptor }
            var waiter = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard Glibc.poll(&waiter, 1, Int32((seconds * 1000).rounded(.up))) > 0 else { return [] }
            var changes = Set<String>()
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
                if count <= 0 { break }
                var offset = 0
                while offset + 16 <= count {
                    let (watch, mask, length) = buffer.withUnsafeBytes { bytes in
                        (
                            bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self),
                            bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
                            Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                        )
                    }
                    let nameBytes = buffer[(offset + 16)..<min(offset + 16 + length, count)].prefix { $0 != 0 }
                    let name = String(decoding: nameBytes, as: UTF8.self)
                    offset += 16 + length
                    changes.formUnion(handle(watch: watch, mask: mask, name: name))
                }
            }
            return changes
        #else
            return []
        #endif
    }

    #if os(Linux)
        /// What one inotify event means: the changed files (a new folder's files count as changed), and new watches.
        private func handle(watch: Int32, mask: UInt32, name: String) -> Set<String> {
            if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                // Events were lost: say that everything may have changed (the build is incremental anyway).
                return Set(roots)
            }
            return state.withLock { state -> Set<String> in
                if mask & UInt32(IN_IGNORED) != 0 {
                    state.folders[watch] = nil
                    return []
                }
                if state.folders[watch] == nil, let awaited = state.awaited[watch] {
                    // A parent of roots that did not exist: only the appearance of one of them matters.
                    let folder = PathText.parent(of: awaited[0])
                    guard mask & UInt32(IN_ISDIR) != 0, mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0,
                        awaited.contains(folder + "/" + name)
                    else { return [] }
                    let root = folder + "/" + name
                    _ = Self.addWatches(under: root, to: &state)
                    return Set(Self.files(under: root).map { root + "/" + $0 }).union([root])
                }
                guard let folder = state.folders[watch], !name.isEmpty, !Self.isEditorTemporary(name) else { return [] }
                let path = folder + "/" + name
                if mask & UInt32(IN_ISDIR) != 0 {
                    guard mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 else { return [path] }
                    // A folder that appears (or is moved in) is watched, and what it already holds is a change.
                    _ = Self.addWatches(under: path, to: &state)
                    return Set(Self.files(under: path).map { path + "/" + $0 }).union([path])
                }
                // A file created empty and closed also gives IN_CLOSE_WRITE; IN_CREATE alone is not yet a change.
                let changing = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_ATTRIB)
                return mask & changing != 0 ? [path] : []
            }
        }

        /// Watches the parent of a root that does not exist yet, for its creation; nothing when the parent is missing too.
        private static func awaitFolder(_ root: String, in state: inout State) -> String? {
            let parent = PathText.parent(of: root)
            // IN_MASK_ADD: when the parent is watched already (inside another root), its events are kept as they are.
            let watch = inotify_add_watch(
                state.descriptor, parent, UInt32(IN_CREATE | IN_MOVED_TO | IN_ONLYDIR | IN_DONT_FOLLOW | IN_MASK_ADD))
            if watch < 0 {
                return errno == ENOSPC
                    ? "inotify's limit of watches is reached (sysctl fs.inotify.max_user_watches)" : nil
            }
            if state.folders[watch] == nil { state.awaited[watch, default: []].append(root) }
            return nil
        }

        /// Adds a watch for a folder and every folder under it; a message when inotify refuses (its limit is reached).
        private static func addWatches(under folder: String, to state: inout State) -> String? {
            let events = UInt32(
                IN_CLOSE_WRITE | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_ATTRIB | IN_DELETE_SELF
                    | IN_MOVE_SELF | IN_ONLYDIR | IN_DONT_FOLLOW)
            let watch = inotify_add_watch(state.descriptor, folder, events)
            if watch < 0 {
                if errno == ENOSPC {
                    return "inotify's limit of watches is reached (sysctl fs.inotify.max_user_watches)"
                }
                // The folder went away meanwhile, or cannot be read: nothing to watch there.
                return nil
            }
            state.folders[watch] = folder
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            where !isEditorTemporary(name) && isFolder(folder + "/" + name) {
                if let failure = addWatches(under: folder + "/" + name, to: &state) { return failure }
            }
            return nil
        }
    #endif

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

    /// Every file under a folder, as relative paths, leaving out editors' temporary files and their folders.
    private static func files(under folder: String) -> [String] {
        var result: [String] = []
        func walk(_ relative: String) {
            let path = relative.isEmpty ? folder : folder + "/" + relative
            for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            where !isEditorTemporary(name) {
                let child = relative.isEmpty ? name : relative + "/" + name
                if isFolder(folder + "/" + child) { walk(child) } else { result.append(child) }
            }
        }
        walk("")
        return result
    }

    private static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
