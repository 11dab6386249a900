import CarePress
import CarePressServe
import CarePressTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The watcher keeps watching a folder that is replaced while it runs: deleted and made again, moved away and another
/// moved in, swapped with another by one rename, or (for a watched root) a symbolic link renamed over it, as editors,
/// `git checkout` and deploy scripts do; and a root whose parent folders are made after it started.
@Suite("File watcher: replaced folders")
struct FileWatcherReplacementTests {
    typealias Batches = FileWatcherTests.Batches

    /// The ways a folder is replaced.
    enum Replacement: String, CaseIterable, CustomTestStringConvertible {
        /// `rm -rf folder`, then the folder made again.
        case removedAndMadeAgain
        /// `mv folder folder.old`, then `mv folder.new folder`.
        case movedAwayAndAnotherMovedIn
        /// `renameat2(folder.new, folder, RENAME_EXCHANGE)`: one rename swaps them.
        case exchanged
        /// The folder is a symbolic link to a release; a link to the next release is renamed over it (`ln -sfn` and
        /// `mv -T`). Only for a watched root: a link inside a root is not followed.
        case linkRenamedOver

        var testDescription: String { rawValue }
    }

    /// A project whose `Content/`, `Content/consults/` and `Templates/` hold a file each (a root made a link to a
    /// release folder for `.linkRenamedOver`), and a watcher of its `Content/` and `Templates/`.
    static func project(poll: Bool, linking root: String?) throws -> (TemporaryProject, FileWatcher, Batches) {
        let folder = try TemporaryProject("serve")
        try folder.write("Content/site.yml", "title: x\n")
        try folder.write("Content/consults/a.json", "{}\n")
        try folder.write("Templates/assets/style.css", "body {}\n")
        if let root {
            try FileManager.default.createDirectory(
                atPath: folder.path("releases"), withIntermediateDirectories: true)
            try FileManager.default.moveItem(atPath: folder.path(root), toPath: folder.path("releases/\(root)-0"))
            try FileManager.default.createSymbolicLink(
                atPath: folder.path(root), withDestinationPath: "releases/\(root)-0")
        }
        let watcher = FileWatcher(
            roots: [folder.path("Content"), folder.path("Templates")], poll: poll, quiet: 0.3, longestWait: 5)
        let batches = Batches()
        watcher.start { batches.add($0) }
        return (folder, watcher, batches)
    }

    /// Replaces `relative` with a new folder holding `file` (and nothing else), the way `replacement` says; the old
    /// folder is left at `relative + ".old"` (or its release folder) when it is not deleted.
    static func replace(
        _ relative: String, in folder: TemporaryProject, by replacement: Replacement, round: Int, file: String
    ) throws {
        let manager = FileManager.default
        let old = folder.path(relative + ".old")
        if manager.fileExists(atPath: old) { try manager.removeItem(atPath: old) }
        switch replacement {
        case .removedAndMadeAgain:
            try manager.removeItem(atPath: folder.path(relative))
            try folder.write(relative + "/" + file, "{}\n")
        case .movedAwayAndAnotherMovedIn:
            try folder.write(relative + ".new/" + file, "{}\n")
            try manager.moveItem(atPath: folder.path(relative), toPath: old)
            try manager.moveItem(atPath: folder.path(relative + ".new"), toPath: folder.path(relative))
        case .exchanged:
            try folder.write(relative + ".new/" + file, "{}\n")
            try #require(exchange(folder.path(relative + ".new"), folder.path(relative)) == 0)
            try manager.moveItem(atPath: folder.path(relative + ".new"), toPath: old)
        case .linkRenamedOver:
            let release = "releases/\(relative)-\(round + 1)"
            try folder.write(release + "/" + file, "{}\n")
            try manager.createSymbolicLink(atPath: folder.path(relative + ".link"), withDestinationPath: release)
            try #require(rename(folder.path(relative + ".link"), folder.path(relative)) == 0)
        }
    }

    /// `renameat2` with `RENAME_EXCHANGE` (which Swift's Glibc module does not declare), found in the C library.
    static func exchange(_ first: String, _ second: String) -> Int32 {
        typealias Renameat2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
        guard let symbol = dlsym(nil, "renameat2") else { return -1 }
        let renameat2 = unsafeBitCast(symbol, to: Renameat2.self)
        let exchange: UInt32 = 2  // RENAME_EXCHANGE
        return renameat2(AT_FDCWD, first, AT_FDCWD, second, exchange)
    }

    /// Every path of the batches handed on until one names `path`; nil when none does within the bound (a minute, and
    /// at most 50 batches: a bound, not a pause).
    static func paths(until path: String, in batches: Batches) -> Set<String>? {
        var seen = Set<String>()
        let deadline = Date().addingTimeInterval(60)
        for _ in 0..<50 where Date() < deadline {
            guard let batch = batches.next() else { return nil }
            seen.formUnion(batch)
            if batch.contains(path) { return seen }
        }
        return nil
    }

    static let cases: [(folder: String, way: Replacement)] =
        ["Content", "Templates"].flatMap { root in Replacement.allCases.map { (root, $0) } }
        + [Replacement.removedAndMadeAgain, .movedAwayAndAnotherMovedIn, .exchanged].map { ("Content/consults", $0) }

    @Test(arguments: [false, true], cases)
    func aReplacedFolderIsWatchedAgain(poll: Bool, replaced: (folder: String, way: Replacement)) throws {
        let (folder, watcher, batches) = try Self.project(
            poll: poll, linking: replaced.way == .linkRenamedOver ? replaced.folder : nil)
        defer { watcher.stop() }
        // Twice: the folder watched again is itself replaced.
        for round in 0..<2 {
            let fresh = "fresh-\(round).json"
            try Self.replace(replaced.folder, in: folder, by: replaced.way, round: round, file: fresh)
            // What the new folder holds is a change, once the watcher has noticed it.
            let noticed = Self.paths(until: folder.path("\(replaced.folder)/\(fresh)"), in: batches)
            #expect(noticed != nil, "round \(round): the new \(replaced.folder) was not noticed")
            guard noticed != nil else { return }
            // A file written in the old folder is not a change of the new one; a file written in the new one is.
            let old =
                replaced.way == .linkRenamedOver ? "releases/\(replaced.folder)-\(round)" : replaced.folder + ".old"
            if replaced.way != .removedAndMadeAgain { try folder.write("\(old)/stale-\(round).json", "{}\n") }
            try folder.write("\(replaced.folder)/edit-\(round).json", "{}\n")
            let seen = Self.paths(until: folder.path("\(replaced.folder)/edit-\(round).json"), in: batches)
            #expect(seen != nil, "round \(round): an edit in the new \(replaced.folder) was not seen")
            #expect(seen?.contains(folder.path("\(replaced.folder)/stale-\(round).json")) != true)
        }
    }

    @Test(arguments: [false, true])
    func aRootWhoseParentsAppearLaterIsWatched(poll: Bool) throws {
        let folder = try TemporaryProject("serve")
        try folder.write("Content/site.yml", "title: x\n")
        let theme = folder.path("themes/clinic/Templates")
        let watcher = FileWatcher(roots: [folder.path("Content"), theme], poll: poll, quiet: 0.3, longestWait: 5)
        defer { watcher.stop() }
        let batches = Batches()
        watcher.start { batches.add($0) }
        // Made one folder at a time, then a file in the last.
        for relative in ["themes", "themes/clinic", "themes/clinic/Templates"] {
            try FileManager.default.createDirectory(atPath: folder.path(relative), withIntermediateDirectories: false)
        }
        try folder.write("themes/clinic/Templates/assets/style.css", "body {}\n")
        #expect(Self.paths(until: theme + "/assets/style.css", in: batches) != nil)
        try folder.write("themes/clinic/Templates/assets/style.css", "body { margin: 0 }\n")
        #expect(Self.paths(until: theme + "/assets/style.css", in: batches) != nil)
        // Its parent deleted and made again, with the root in it.
        try FileManager.default.removeItem(atPath: folder.path("themes/clinic"))
        try folder.write("themes/clinic/Templates/page.mustache", "x\n")
        #expect(Self.paths(until: theme + "/page.mustache", in: batches) != nil)
        try folder.write("themes/clinic/Templates/page.mustache", "y\n")
        #expect(Self.paths(until: theme + "/page.mustache", in: batches) != nil)
    }
}
