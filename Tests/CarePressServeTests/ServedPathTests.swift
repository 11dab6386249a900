import CarePressServe
import CarePressTestSupport
import Foundation
import Testing

/// Only files under the output folder are served, whatever the request path says.
@Suite("Served paths")
struct ServedPathTests {
    /// An output folder with a page, a folder with an index, the manifest, and links leading in and out.
    static func output() throws -> (TemporaryProject, String) {
        let folder = try TemporaryProject("serve")
        try folder.write("secret.txt", "outside the output folder\n")
        try folder.write("Output/index.html", "<p>home</p>\n")
        try folder.write("Output/guide/index.html", "<p>guide</p>\n")
        try folder.write("Output/guide/a b.html", "<p>space</p>\n")
        try folder.write("Output/.carepress/manifest.jsonl", "{}\n")
        try FileManager.default.createSymbolicLink(
            atPath: folder.path("Output/leak.txt"), withDestinationPath: folder.path("secret.txt"))
        try FileManager.default.createSymbolicLink(
            atPath: folder.path("Output/up"), withDestinationPath: folder.path)
        try FileManager.default.createSymbolicLink(
            atPath: folder.path("Output/home.html"), withDestinationPath: "index.html")
        return (folder, folder.path("Output"))
    }

    @Test func filesFoldersAndRedirects() throws {
        let (folder, root) = try Self.output()
        #expect(ServedPath.resolve("/", in: root) == .file(folder.path("Output/index.html")))
        #expect(ServedPath.resolve("/index.html", in: root) == .file(folder.path("Output/index.html")))
        #expect(ServedPath.resolve("/guide", in: root) == .redirect("/guide/"))
        #expect(ServedPath.resolve("/guide/", in: root) == .file(folder.path("Output/guide/index.html")))
        #expect(ServedPath.resolve("/guide/a%20b.html", in: root) == .file(folder.path("Output/guide/a b.html")))
        // A link that stays inside is followed.
        #expect(ServedPath.resolve("/home.html", in: root) == .file(folder.path("Output/index.html")))
        #expect(ServedPath.resolve("/missing.html", in: root) == .notFound)
        #expect(ServedPath.resolve("/index.html/", in: root) == .notFound)
    }

    @Test(
        "Traversal is refused, written out, percent-encoded or through links",
        arguments: [
            "/../secret.txt", "/guide/../../secret.txt", "/%2e%2e/secret.txt", "/%2E%2E/secret.txt",
            "/guide/%2e%2e%2f%2e%2e%2fsecret.txt", "/..%2fsecret.txt", "/.%2e/secret.txt", "/./index.html",
            "//etc/passwd", "/guide//index.html", "etc/passwd", "", "/%", "/%2", "/%zz", "/a%00b",
            "/guide%5c..%5c..%5csecret.txt", "/leak.txt", "/up/secret.txt", "/up/", "/guide%2F%CC%81x", "/a%5C%CC%81b",
        ])
    func traversalIsRefused(path: String) throws {
        let (folder, root) = try Self.output()
        #expect(ServedPath.resolve(path, in: root) == .forbidden)
        #expect(FileManager.default.fileExists(atPath: folder.path("secret.txt")))
    }

    @Test func hiddenFilesAreNotServed() throws {
        let (folder, root) = try Self.output()
        #expect(FileManager.default.fileExists(atPath: folder.path("Output/.carepress/manifest.jsonl")))
        #expect(ServedPath.resolve("/.carepress/manifest.jsonl", in: root) == .notFound)
        #expect(ServedPath.resolve("/%2ecarepress/manifest.jsonl", in: root) == .notFound)
    }
}
