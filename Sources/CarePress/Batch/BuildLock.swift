#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Keeps two builds from writing into one output folder at once, with `flock(2)` on files in `.carepress/`.
///
/// A whole build is the batch of one shard, `1/1`. For shard K of a batch of N:
/// - `build.lock`: a whole build holds it exclusively for the whole build, each shard of a batch holds it shared; so
///   shards run side by side, but never beside a whole build;
/// - `build-K-of-N.lock`: held exclusively by shard K of N, so the same shard never runs twice at once;
/// - `batch-of-N.lock`: held shared by the shards of a batch of N, so shards of a batch of another size are refused;
/// - `acquire.lock`: held exclusively only while the others are taken, so two builds that start together see each
///   other, and while a build takes over the manifests of other shard counts (`BuildManifest+Takeover`).
///
/// A build that finds the folder busy waits (announcing once what it waits for) or, when told not to wait, fails at
/// once. The kernel drops the locks when the build's process ends in any way, `kill -9` included, so a killed build
/// never leaves the folder locked. One SQLite database per shard keeps the shards' manifest writes apart.
final class BuildLock: Sendable {
    /// Why the folder is busy: which build holds it.
    struct Busy: Error, CustomStringConvertible {
        /// The lock file, relative to the output folder.
        var lockFile: String
        /// What holds it, e.g. `shard 2/8 of this batch`.
        var holder: String

        var description: String { "another build is writing into this folder (\(holder))" }
    }

    private let descriptors: [Int32]

    private init(descriptors: [Int32]) {
        self.descriptors = descriptors
    }

    deinit {
        for descriptor in descriptors {
            flock(descriptor, LOCK_UN)
            close(descriptor)
        }
    }

    /// The lock files of a shard, relative to the output folder.
    static func files(for shard: Shard) -> (build: String, shard: String, batch: String, acquire: String) {
        let folder = BuildManifest.folder
        return (
            "\(folder)/build.lock", "\(folder)/build-\(shard.fileLabel).lock",
            "\(folder)/batch-of-\(shard.count).lock", "\(folder)/acquire.lock"
        )
    }

    /// Takes the locks of a shard (`.all` for a whole build); waits while another build holds the folder (calling
    /// `waiting` once, with what it waits for) unless `wait` is false, when it throws `Busy` at once.
    static func acquire(
        in writer: OutputWriter, shard: Shard, wait: Bool, waiting: (Busy) -> Void = { _ in }
    ) throws(LockFailure) -> BuildLock {
        let names = files(for: shard)
        var announced = false
        while true {
            let guardLock = try open(names.acquire, in: writer)
            flock(guardLock, LOCK_EX)
            let attempt = Result { () throws(LockFailure) in
                try tryAcquire(names, shard: shard, writer: writer) { file throws(LockFailure) in
                    try open(file, in: writer)
                }
            }
            flock(guardLock, LOCK_UN)
            close(guardLock)
            switch try attempt.get() {
            case .acquired(let lock):
                return lock
            case .missing:
                preconditionFailure("a lock file that is made when missing was missing")
            case .busy(let busy, let blocker, let mode):
                guard wait else {
                    close(blocker)
                    throw .busy(busy)
                }
                if !announced {
                    waiting(busy)
                    announced = true
                }
                // Wait, without the guard, until the holder lets go; then try everything again.
                while flock(blocker, mode) != 0 && errno == EINTR {}
                flock(blocker, LOCK_UN)
                close(blocker)
            }
        }
    }

    /// Runs `body` holding `acquire.lock` exclusively, as taking the locks does: for a build that holds its locks
    /// and takes over the manifests of other shard counts, so that the shards of its batch do so one at a time.
    static func exclusively<T>(in writer: OutputWriter, _ body: () -> T) throws(OutputWriter.Failure) -> T {
        let guardLock = try writer.openForLocking(files(for: .all).acquire)
        while flock(guardLock, LOCK_EX) != 0 && errno == EINTR {}
        defer {
            flock(guardLock, LOCK_UN)
            close(guardLock)
        }
        return body()
    }

    /// Takes the locks of a shard at once if the output folder already has every lock file they use, so that taking
    /// them writes nothing; nil when a file is missing or another build holds the folder (the caller then takes them
    /// with `acquire`, when it may write).
    static func acquireIfBuiltBefore(in writer: OutputWriter, shard: Shard) -> BuildLock? {
        let names = files(for: shard)
        guard let guardLock = writer.openExistingForLocking(names.acquire) else { return nil }
        flock(guardLock, LOCK_EX)
        defer {
            flock(guardLock, LOCK_UN)
            close(guardLock)
        }
        let attempt = try? tryAcquire(names, shard: shard, writer: writer) { file in
            writer.openExistingForLocking(file)
        }
        switch attempt {
        case .acquired(let lock)?:
            return lock
        case .busy(_, let blocker, _)?:
            close(blocker)
            return nil
        case .missing?, nil:
            return nil
        }
    }

    /// Why the locks could not be taken.
    enum LockFailure: Error {
        /// Another build holds the folder, and the caller would not wait.
        case busy(Busy)
        /// A lock file cannot be made or opened.
        case unavailable(OutputWriter.Failure)
    }

    private enum Attempt {
        case acquired(BuildLock)
        /// Busy: the descriptor to wait on, and the mode to wait for.
        case busy(Busy, Int32, Int32)
        /// A lock file is missing (and `open` would not make it); nothing is held.
        case missing
    }

    /// Tries once to take the locks, opening each file with `open` (nil: the file is missing).
    private static func tryAcquire(
        _ names: (build: String, shard: String, batch: String, acquire: String), shard: Shard, writer: OutputWriter,
        open opener: (String) throws(LockFailure) -> Int32?
    ) throws(LockFailure) -> Attempt {
        var held: [Int32] = []
        /// Lets go of every lock file held, but `kept`.
        func release(keeping kept: Int32? = nil) {
            for other in held where other != kept {
                flock(other, LOCK_UN)
                close(other)
            }
        }
        func giveUp(_ busy: Busy, waitOn descriptor: Int32, mode: Int32) -> Attempt {
            release(keeping: descriptor)
            return .busy(busy, descriptor, mode)
        }
        func missing() -> Attempt {
            release()
            return .missing
        }
        /// Opens a lock file; what is held is let go if that fails.
        func open(_ file: String) throws(LockFailure) -> Int32? {
            do { return try opener(file) } catch {
                release()
                throw error
            }
        }
        guard let build = try open(names.build) else { return missing() }
        held.append(build)
        if shard.isWhole {
            guard flock(build, LOCK_EX | LOCK_NB) == 0 else {
                return giveUp(
                    Busy(lockFile: names.build, holder: "a whole build or shards of a batch"), waitOn: build,
                    mode: LOCK_EX)
            }
            return .acquired(BuildLock(descriptors: held))
        }
        guard flock(build, LOCK_SH | LOCK_NB) == 0 else {
            return giveUp(Busy(lockFile: names.build, holder: "a whole build"), waitOn: build, mode: LOCK_SH)
        }
        guard let own = try open(names.shard) else { return missing() }
        held.append(own)
        guard flock(own, LOCK_EX | LOCK_NB) == 0 else {
            return giveUp(
                Busy(lockFile: names.shard, holder: "\(shard.isFanIn ? "the" : "shard") \(shard) is already running"),
                waitOn: own, mode: LOCK_EX)
        }
        for other in otherBatches(than: shard, in: writer) {
            guard let descriptor = try open(other.file) else { return missing() }
            if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
                held.append(descriptor)
                return giveUp(
                    Busy(lockFile: other.file, holder: "shards of a batch of \(other.count)"), waitOn: descriptor,
                    mode: LOCK_EX)
            }
            flock(descriptor, LOCK_UN)
            close(descriptor)
        }
        guard let batch = try open(names.batch) else { return missing() }
        held.append(batch)
        flock(batch, LOCK_SH)
        return .acquired(BuildLock(descriptors: held))
    }

    /// The `batch-of-M.lock` files of batches of other sizes than the shard's.
    private static func otherBatches(than shard: Shard, in writer: OutputWriter) -> [(file: String, count: Int)] {
        let prefix = "batch-of-"
        return writer.fileNames(in: BuildManifest.folder).compactMap { name in
            guard name.hasPrefix(prefix), name.hasSuffix(".lock"),
                let count = Int(name.dropFirst(prefix.count).dropLast(".lock".count)), count != shard.count
            else { return nil }
            return ("\(BuildManifest.folder)/\(name)", count)
        }
    }

    private static func open(_ file: String, in writer: OutputWriter) throws(LockFailure) -> Int32 {
        do {
            return try writer.openForLocking(file)
        } catch {
            throw .unavailable(error)
        }
    }
}
