import Foundation
import Testing

@testable import CarePress

#if canImport(Glibc)
    import Glibc
#endif

/// The one folder walker's rules: links, hidden names, order, errors.
@Suite("Folder walker")
struct FolderWalkerTests {
    /// A tree with a hidden file and folder, names out of order, non-ASCII names in both normal forms, a link to a
    /// file, a link to a folder inside the tree, a link to a folder outside it, and a link to nothing.
    static func tree() throws -> (project: TemporaryProject, outside: TemporaryProject) {
        let project = try TemporaryProject()
        let outside = try TemporaryProject()
        try outside.write("secret.txt", "outside")
        for path in ["b.txt", "a/z.txt", "a/b/c.txt", "a-c.txt", ".hidden", ".git/config", "caf\u{e9}.txt"] {
            try project.write("tree/" + path, path)
        }
        try project.write("tree/cafe\u{301}.txt", "nfd")
        let links = [
            ("tree/file-link", "b.txt"), ("tree/folder-link", "a"), ("tree/outside-link", outside.root.path),
            ("tree/dangling", "missing"),
        ]
        for (path, target) in links {
            try FileManager.default.createSymbolicLink(atPath: project.path(path), withDestinationPath: target)
        }
        return (project, outside)
    }

    static func visited(_ walker: FolderWalker, _ root: String) -> [String] {
        var visited: [String] = []
        walker.walk(root) { entry in
            visited.append("\(entry.path) \(entry.kind)")
            return true
        }
        return visited
    }

    @Test func linksAreNotFollowedHiddenNamesLeftOutAndTheOrderIsByteOrderAFolderBeforeWhatItHolds() throws {
        let (project, _) = try Self.tree()
        // "a-c.txt" sorts before "a/b" as a whole path, but the walk finishes "a" first; NFD (65 cc 81) comes before
        // NFC (c3 a9) by bytes (Swift's String calls them equal, so they are compared as bytes).
        let expected = [
            "a folder", "a/b folder", "a/b/c.txt file", "a/z.txt file", "a-c.txt file", "b.txt file",
            "cafe\u{301}.txt file", "caf\u{e9}.txt file", "dangling link", "file-link link", "folder-link link",
            "outside-link link",
        ]
        let visited = Self.visited(FolderWalker(), project.path("tree"))
        #expect(visited.map { Array($0.utf8) } == expected.map { Array($0.utf8) })
        #expect(
            Self.visited(FolderWalker(), project.path("tree")).map { Array($0.utf8) } == visited.map { Array($0.utf8) })
    }

    @Test func hiddenNamesAreWalkedWhenAskedFor() throws {
        let (project, _) = try Self.tree()
        let paths = Self.visited(FolderWalker(hiddenNames: true), project.path("tree"))
        #expect(paths.contains(".hidden file"))
        #expect(paths.contains(".git folder"))
        #expect(paths.contains(".git/config file"))
    }

    @Test func linksToFilesAreReadThroughWhenAskedForButNotLinksToFolders() throws {
        let (project, _) = try Self.tree()
        let paths = Self.visited(FolderWalker(links: .toFiles), project.path("tree"))
        #expect(paths.contains("file-link file"))
        #expect(paths.contains("folder-link link"))
        #expect(paths.contains("outside-link link"))
        #expect(paths.contains("dangling link"))
        #expect(!paths.contains { $0.hasPrefix("outside-link/") || $0.hasPrefix("folder-link/") })
    }

    @Test func followedLinksAreWalkedIntoButALoopIsAFailure() throws {
        let (project, outside) = try Self.tree()
        defer { withExtendedLifetime(outside) {} }
        try FileManager.default.createSymbolicLink(atPath: project.path("tree/a/b/up"), withDestinationPath: "../..")
        var paths: [String] = []
        let failures = FolderWalker(links: .followed).walk(project.path("tree")) { entry in
            paths.append(entry.path)
            return true
        }
        #expect(paths.contains("folder-link/b/c.txt"))
        #expect(paths.contains("outside-link/secret.txt"))
        #expect(paths.contains("dangling"))
        #expect(failures.contains { $0.errno == ELOOP && $0.path.hasSuffix("tree/a/b/up") })
    }

    @Test func aFolderThatCannotBeListedIsReportedAndTheWalkGoesOn() throws {
        guard getuid() != 0 else { return }  // root reads any folder
        let (project, _) = try Self.tree()
        chmod(project.path("tree/a/b"), 0)
        defer { chmod(project.path("tree/a/b"), 0o755) }
        var paths: [String] = []
        let failures = FolderWalker().walk(project.path("tree")) { entry in
            paths.append(entry.path)
            return true
        }
        #expect(failures == [.init(path: project.path("tree/a/b"), stage: .listing, errno: EACCES)])
        #expect(paths.contains("a/z.txt"))
        #expect(paths.contains("b.txt"))
    }

    @Test func aMissingRootIsAnEmptyWalkAndAFileRootAFailure() throws {
        let (project, _) = try Self.tree()
        #expect(FolderWalker().walk(project.path("nothing")) { _ in true }.isEmpty)
        #expect(FolderWalker().walk(project.path("tree/b.txt")) { _ in true }.map(\.errno) == [ENOTDIR])
    }

    @Test func aFolderLeftOutIsNotWalkedInto() throws {
        let (project, _) = try Self.tree()
        let entries = FolderWalker().entries(under: project.path("tree")) { $0.path != "a" }.entries.map(\.path)
        #expect(!entries.contains { $0 == "a" || $0.hasPrefix("a/") })
        #expect(entries.contains("a-c.txt"))
    }

    /// The content digest's walk (`FileBytes.files`) follows links as the loaders reading the files do, but walks a
    /// folder reached again through a link loop once: it used to list the tree again at every level of the loop until
    /// the path grew too long.
    @Test func theContentDigestWalkFollowsLinksButNotALoop() throws {
        let (project, outside) = try Self.tree()
        defer { withExtendedLifetime(outside) {} }
        try FileManager.default.createSymbolicLink(atPath: project.path("tree/a/again"), withDestinationPath: "..")
        let files = FileBytes.files(under: project.path("tree"), skippingTopLevel: ["b.txt"])
        #expect(files.contains("outside-link/secret.txt"))
        #expect(files.contains("folder-link/b/c.txt"))
        #expect(!files.contains("b.txt"))
        #expect(!files.contains { $0.hasPrefix("a/again/") })
        #expect(!files.contains("dangling"))
    }
}
