import Foundation
import Testing

@testable import CarePress

#if canImport(Glibc)
    import Glibc
#endif

/// Record files looked at by name in their open folder, as by their whole path.
@Suite("Record folders")
struct RecordFoldersTests {
    @Test func aFileIsFoundByNameInItsFolderAndByPathElsewhere() throws {
        let project = try TemporaryProject()
        try project.write("Content/consults/hl-1.json", "{}")
        try project.write("Content/consults/hl-2.json", "{\"a\": 1}")
        try project.write("Elsewhere/hl-3.json", "{\"b\": 2}")
        let files = [
            RecordFile(kind: .consult, path: project.path("Content/consults/hl-1.json")),
            RecordFile(kind: .consult, path: project.path("Content/consults/hl-2.json")),
            RecordFile(kind: .consult, path: project.path("Elsewhere/hl-3.json")),
            RecordFile(kind: .physio, path: project.path("Content/physio/missing.json")),
        ]
        let folders = RecordFolders(of: files)
        for file in files.prefix(3) {
            let relative = folders.withLocation(of: file) { directory, path in
                (directory, String(cString: path))
            }
            let inFolder = file.path.contains("/Content/consults/")
            #expect((relative.0 == AT_FDCWD) != inFolder, "\(file.path)")
            #expect(relative.1 == (inFolder ? RecordBatch.fileName(of: file.path) : file.path))

            var info = stat()
            #expect(stat(file.path, &info) == 0)
            let stamp = folders.withLocation(of: file, FileStamp.current(in:_:))
            #expect(stamp != nil && stamp == FileStamp.digest(of: info, settled: 0))
            var read: ContentDigest?
            let bytes = folders.withLocation(of: file) { FileBytes.read(in: $0, $1, stamp: &read, settled: 0) }
            #expect(bytes == FileBytes.read(file.path))
        }
        #expect(folders.withLocation(of: files[3], FileStamp.current(in:_:)) == nil)
    }
}
