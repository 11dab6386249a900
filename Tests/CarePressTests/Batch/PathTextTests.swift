import CarePress
import Foundation
import Testing

/// `PathText`: parent folders worked out on text, where Foundation's `deletingLastPathComponent` traps on Linux.
@Suite("Path text")
struct PathTextTests {
    /// Paths made of `a`, `b`, `.` and `/`, up to five characters long.
    static let paths: [String] = {
        var paths: [String] = []
        var longest = [""]
        for _ in 1...5 {
            longest = longest.flatMap { path in ["a", "b", ".", "/"].map { path + $0 } }
            paths += longest
        }
        return paths
    }()

    @Test(arguments: [
        ("", ""), (".", ""), ("c", ""), ("c/", ""), ("c//", ""), ("./", ""), ("/", "/"), ("//", "/"), ("/c", "/"),
        ("/c/", "/"), ("x/c", "x"), ("./c", "."), ("../c", ".."), ("a/b/", "a"), ("/a/b/c", "/a/b"), ("a//b", "a"),
        ("//a/b", "//a"), ("Content", ""), ("pröject/Content", "pröject"),
    ])
    func parentOfAPath(path: String, parent: String) {
        #expect(PathText.parent(of: path) == parent)
    }

    @Test(arguments: [
        ("", ""), (".", "."), ("c", "c"), ("c/", "c"), ("/", "/"), ("//", "/"), ("a/b/", "b"), ("x/..", ".."),
        ("/a/b.json", "b.json"),
    ])
    func lastComponentOfAPath(path: String, name: String) {
        #expect(PathText.lastComponent(of: path) == name)
    }

    /// Where Foundation does not trap (a path whose only component is one character) and does not fold repeated
    /// slashes, both agree.
    @Test func agreesWithFoundationWhereFoundationWorks() {
        var compared = 0
        for path in Self.paths where !path.contains("//") {
            let components = path.split(separator: "/")
            guard !(components.count == 1 && components[0].count == 1 && !path.hasPrefix("/")) else { continue }
            #expect(PathText.parent(of: path) == (path as NSString).deletingLastPathComponent, "\(path)")
            #expect(PathText.lastComponent(of: path) == (path as NSString).lastPathComponent, "\(path)")
            compared += 1
        }
        #expect(compared > 500)
    }

    @Test(arguments: [
        ("Content", "Templates"), ("clinic/Content", "clinic/Templates"), ("c", "Templates"), (".", "../Templates"),
        ("./", "./../Templates"), ("..", "../../Templates"), ("/srv/site/Content/", "/srv/site/Templates"),
    ])
    func projectTemplatesAreTheContentFoldersSibling(content: String, templates: String) {
        #expect(ThemeSource.projectTemplates(contentPath: content) == templates)
    }
}
