import CarePress
import Foundation
import Testing

/// The files compiled into the binary are exactly the repository's: the plugin regenerates them on every build.
@Suite("Embedded folders")
struct EmbeddedFolderTests {
    @Test(
        "Each embedded folder equals its folder in the repository, byte for byte",
        arguments: [
            ("Templates", EmbeddedFolder.theme), ("Content", EmbeddedFolder.sample),
            ("Sources/CarePress/Matching", EmbeddedFolder.matcher),
        ])
    func equalsRepository(folder: String, embedded: EmbeddedFolder) throws {
        let root = TemporaryProject.repository.appendingPathComponent(folder).path
        let files = TemporaryProject.listFiles(under: root).filter {
            !$0.split(separator: "/").contains { $0.hasPrefix(".") }
        }
        #expect(!files.isEmpty)
        #expect(Set(embedded.paths) == Set(files))
        for file in files {
            let bytes = try #require(FileManager.default.contents(atPath: root + "/" + file))
            #expect(embedded.files[file] == Array(bytes), "\(folder)/\(file) differs from the embedded copy")
        }
    }
}
