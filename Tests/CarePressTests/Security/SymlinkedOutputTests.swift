import CarePress
import Foundation
import Testing

/// Finding 2 of issue 14: the clean-up of a killed build's temporary files followed a symlinked subfolder of the
/// output folder and deleted matching files outside it. Nothing outside the output folder may be deleted or written.
@Suite("Symbolic links in the output folder")
struct SymlinkedOutputTests {
    /// A folder outside the output folder holding a file named like a leftover temporary file.
    static func outsideFolder(in project: TemporaryProject) throws -> String {
        try project.write("outside/.victim.html.12345.1.tmp", "precious")
        try project.write("outside/keep.txt", "precious")
        return project.path("outside")
    }

    @Test("The clean-up never follows a symlinked subfolder", arguments: ["guide", "reports", ".carepress", "assets"])
    func cleanUpStaysInside(folder: String) throws {
        let project = try TemporaryProject()
        let outside = try Self.outsideFolder(in: project)
        let writer = try OutputWriter(root: project.path("Output"))
        try FileManager.default.createSymbolicLink(
            atPath: project.path("Output/\(folder)"), withDestinationPath: outside)
        #expect(writer.removeLeftoverTemporaryFiles(in: [folder, folder + "/consults"]) == 0)
        #expect(writer.subfolders(of: folder).isEmpty)
        #expect(project.read("outside/.victim.html.12345.1.tmp") == "precious")
    }

    @Test("A symlinked folder deeper in the output is not followed either")
    func nestedLinkStaysInside() throws {
        let project = try TemporaryProject()
        let outside = try Self.outsideFolder(in: project)
        let writer = try OutputWriter(root: project.path("Output"))
        try writer.write("x", to: "guide/areas/index.html")
        try FileManager.default.createSymbolicLink(
            atPath: project.path("Output/guide/conditions"), withDestinationPath: outside)
        #expect(writer.subfolders(of: "guide") == ["guide/areas"])
        #expect(writer.removeLeftoverTemporaryFiles(in: ["guide/conditions"]) == 0)
        #expect(project.read("outside/.victim.html.12345.1.tmp") == "precious")
    }

    @Test("Leftovers in real folders are still removed")
    func realLeftoversRemoved() throws {
        let project = try TemporaryProject()
        let writer = try OutputWriter(root: project.path("Output"))
        try writer.write("x", to: "guide/areas/index.html")
        try project.write("Output/guide/areas/.index.html.999.3.tmp", "partial")
        #expect(writer.subfolders(of: "guide") == ["guide/areas"])
        #expect(writer.removeLeftoverTemporaryFiles(in: ["guide/areas"]) == 1)
        #expect(project.read("Output/guide/areas/.index.html.999.3.tmp") == nil)
    }

    @Test("A build into an output folder with a symlinked subfolder deletes nothing outside and says why")
    func buildRefusesSymlinkedFolder() throws {
        let project = try TemporaryProject.sample()
        let outside = try Self.outsideFolder(in: project)
        try FileManager.default.createDirectory(atPath: project.path("Output"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: project.path("Output/guide"), withDestinationPath: outside)
        let report = SiteBuilder.build(project.ownThemeOptions())
        #expect(report.diagnostics.hasErrors)
        #expect(report.diagnostics.contains { $0.message.contains("symbolic link") })
        #expect(project.read("outside/.victim.html.12345.1.tmp") == "precious")
        #expect(Set(TemporaryProject.listFiles(under: outside)) == [".victim.html.12345.1.tmp", "keep.txt"])
    }
}
