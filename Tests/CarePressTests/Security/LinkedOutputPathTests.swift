import CarePress
import Foundation
import Testing

/// Finding 7 of issue 40: an output folder reached through a symbolic link (a `current` release link above it, or
/// the output folder itself a link to a web root) failed every build with "cannot open the build manifest". The
/// output folder the user names is resolved once, links and all; only links *inside* it are refused (see
/// `SymlinkedOutputTests`).
@Suite("An output folder reached through a symbolic link")
struct LinkedOutputPathTests {
    /// Where a link sits on the way to the output folder, and the output path that goes through it.
    enum Layout: String, CaseIterable, CustomTestStringConvertible {
        /// `current -> releases/r1`, output `current/Output`.
        case parent
        /// `site -> releases/r1`, output `site/public/Output`.
        case grandparent
        /// `Output -> www/html`, a folder that holds the output.
        case outputItself
        /// `Output -> ../www/html` (a relative link), and `current -> releases/r1` above it too.
        case both

        var testDescription: String { rawValue }

        /// Makes the folders and links in a project; returns the output path (relative to the project) and the
        /// real folder the files must land in (relative to the project).
        func make(in project: TemporaryProject) throws -> (output: String, real: String) {
            let files = FileManager.default
            switch self {
            case .parent:
                try files.createDirectory(atPath: project.path("releases/r1"), withIntermediateDirectories: true)
                try files.createSymbolicLink(atPath: project.path("current"), withDestinationPath: "releases/r1")
                return ("current/Output", "releases/r1/Output")
            case .grandparent:
                try files.createDirectory(
                    atPath: project.path("releases/r1/public"), withIntermediateDirectories: true)
                try files.createSymbolicLink(
                    atPath: project.path("site"), withDestinationPath: project.path("releases/r1"))
                return ("site/public/Output", "releases/r1/public/Output")
            case .outputItself:
                try files.createDirectory(atPath: project.path("www/html"), withIntermediateDirectories: true)
                try files.createSymbolicLink(
                    atPath: project.path("Output"), withDestinationPath: project.path("www/html"))
                return ("Output", "www/html")
            case .both:
                try files.createDirectory(atPath: project.path("releases/r1"), withIntermediateDirectories: true)
                try files.createDirectory(atPath: project.path("releases/www/html"), withIntermediateDirectories: true)
                try files.createSymbolicLink(atPath: project.path("current"), withDestinationPath: "releases/r1")
                try files.createSymbolicLink(
                    atPath: project.path("releases/r1/Output"), withDestinationPath: "../www/html")
                return ("current/Output", "releases/www/html")
            }
        }
    }

    /// The paths whose bytes differ between two listings (missing on either side included), sorted.
    static func differences(_ written: [String: Data], _ expected: [String: Data]) -> [String] {
        Set(written.keys).union(expected.keys).filter { written[$0] != expected[$0] }.sorted()
    }

    @Test("A build through a link writes what a build into a plain folder writes", arguments: Layout.allCases)
    func buildsThroughLink(layout: Layout) throws {
        let project = try TemporaryProject.sample()
        let (output, real) = try layout.make(in: project)
        let plain = SiteBuilder.build(project.ownThemeOptions(output: "Plain"))
        #expect(!plain.hasErrors)
        let first = SiteBuilder.build(project.ownThemeOptions(output: output))
        #expect(first.diagnostics.filter { $0.severity == .error }.map(\.description) == [])
        #expect(first.rendered == plain.rendered)
        let expected = project.contents(under: "Plain")
        #expect(expected.count > 20)
        #expect(Self.differences(project.contents(under: real), expected) == [])
        #expect(project.files(under: real).contains(".carepress/manifest.sqlite"))
        // The rebuild reads the manifest it wrote: nothing to render, nothing written.
        let again = SiteBuilder.build(project.ownThemeOptions(output: output))
        #expect(again.diagnostics.filter { $0.severity == .error }.map(\.description) == [])
        #expect(again.rendered == 0)
        #expect(again.written == 0)
        #expect(Self.differences(project.contents(under: real), expected) == [])
    }

    @Test("Shards write through a link what one build writes", arguments: [Layout.parent, .outputItself])
    func shardsThroughLink(layout: Layout) throws {
        let project = try TemporaryProject.sample()
        let (output, real) = try layout.make(in: project)
        #expect(!SiteBuilder.build(project.ownThemeOptions(output: "Plain")).hasErrors)
        for index in 1...2 {
            let shard = try #require(Shard(index: index, count: 2))
            let report = SiteBuilder.build(project.ownThemeOptions(output: output, shard: shard))
            #expect(report.diagnostics.filter { $0.severity == .error }.map(\.description) == [])
        }
        let fanIn = SiteBuilder.build(project.ownThemeOptions(output: output, shard: try #require(Shard.fanIn(of: 2))))
        #expect(fanIn.diagnostics.filter { $0.severity == .error }.map(\.description) == [])
        #expect(Self.differences(project.contents(under: real), project.contents(under: "Plain")) == [])
        for index in 1...2 {
            let shard = try #require(Shard(index: index, count: 2))
            #expect(SiteBuilder.build(project.ownThemeOptions(output: output, shard: shard)).rendered == 0)
        }
    }

    @Test("A link inside a linked output folder is still refused")
    func linkInsideStillRefused() throws {
        let project = try TemporaryProject.sample()
        let (output, real) = try Layout.outputItself.make(in: project)
        let outside = try SymlinkedOutputTests.outsideFolder(in: project)
        try FileManager.default.createSymbolicLink(
            atPath: project.path("\(real)/guide"), withDestinationPath: outside)
        let report = SiteBuilder.build(project.ownThemeOptions(output: output))
        #expect(report.diagnostics.contains { $0.severity == .error && $0.message.contains("symbolic link") })
        #expect(Set(TemporaryProject.listFiles(under: outside)) == [".victim.html.12345.1.tmp", "keep.txt"])
    }

    @Test("The writer's root is the real folder, whatever links lead to it")
    func writerRootIsResolved() throws {
        let project = try TemporaryProject()
        let (output, real) = try Layout.both.make(in: project)
        let writer = try OutputWriter(root: project.path(output))
        #expect(writer.root == project.root.resolvingSymlinksInPath().appendingPathComponent(real).path)
        try writer.write("x", to: "reports/a.html")
        #expect(project.read("\(real)/reports/a.html") == "x")
    }
}
