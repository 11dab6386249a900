import CarePressTestSupport
import Foundation
import Testing

/// Finding 7 of issue 40, end to end: `--output` through a symbolic link (a `current` release link above it, the
/// output folder itself a link to a web root), given as a relative or an absolute path, builds, and builds again.
@Suite("build --output through a symbolic link")
struct LinkedOutputTests {
    /// A fresh folder with `releases/r1/` and `www/html/`, `current -> releases/r1` and `releases/r1/Output ->
    /// ../../www/html`.
    static func releaseFolder() throws -> TemporaryProject {
        let temporary = try TemporaryProject("linked")
        let folder = temporary.root
        let files = FileManager.default
        try files.createDirectory(at: folder.appendingPathComponent("releases/r1"), withIntermediateDirectories: true)
        try files.createDirectory(at: folder.appendingPathComponent("www/html"), withIntermediateDirectories: true)
        try files.createSymbolicLink(
            atPath: folder.appendingPathComponent("current").path, withDestinationPath: "releases/r1")
        try files.createSymbolicLink(
            atPath: folder.appendingPathComponent("releases/r1/Output").path, withDestinationPath: "../../www/html")
        return temporary
    }

    @Test(
        "A build through links, relative or absolute, writes into the real folder and rebuilds",
        arguments: ["current/Output", "current", "releases/r1/Output", "ABSOLUTE/current/Output"])
    func buildThroughLinks(output: String) throws {
        let temporary = try Self.releaseFolder()
        defer { withExtendedLifetime(temporary) {} }
        let folder = temporary.root
        let path = output.replacingOccurrences(of: "ABSOLUTE", with: folder.path)
        let real = output.hasSuffix("/Output") ? "www/html" : "releases/r1"
        let content = CLI.repository.appendingPathComponent("Content").path
        let arguments = ["build", "--quiet", "--content", content, "--output", path]
        let first = try CLI.run(arguments, in: folder)
        let stderr = String(decoding: first.stderr, as: UTF8.self)
        #expect(first.status == 0, "\(stderr)")
        #expect(!stderr.contains("error:"))
        let written = folder.appendingPathComponent(real)
        #expect(FileManager.default.fileExists(atPath: written.appendingPathComponent("index.html").path))
        #expect(
            FileManager.default.fileExists(atPath: written.appendingPathComponent(".carepress/manifest.sqlite").path))
        let again = try CLI.run(arguments + ["--json"], in: folder)
        #expect(again.status == 0, "\(String(decoding: again.stderr, as: UTF8.self))")
        let counts = try #require(
            try JSONSerialization.jsonObject(with: again.stdout) as? [String: Any], "a JSON summary")
        #expect(counts["rendered"] as? Int == 0)
        #expect(counts["written"] as? Int == 0)
    }
}
