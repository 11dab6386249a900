import CarePress
import CarePressServe
import CarePressTestSupport
import Foundation
import Testing

/// The watcher: recursive, editor saves, new folders, one batch per burst, inotify and polling alike.
@Suite("File watcher")
struct FileWatcherTests {
    /// The batches a watcher hands on, and a way to wait for the next one.
    final class Batches: Sendable {
        private let batches = Mutex<[[String]]>([])
        private let arrived = DispatchSemaphore(value: 0)

        func add(_ batch: [String]) {
            batches.withLock { $0.append(batch) }
            arrived.signal()
        }

        /// Waits (up to 30 s, a bound rather than a pause) for the next batch.
        func next() -> [String]? {
            guard arrived.wait(timeout: .now() + 30) == .success else { return nil }
            return batches.withLock { $0.isEmpty ? nil : $0.removeFirst() }
        }

        var count: Int { batches.withLock { $0.count } }
    }

    static func watching(poll: Bool, quiet: Double = 0.3) throws -> (TemporaryProject, FileWatcher, Batches) {
        let folder = try TemporaryProject("serve")
        try folder.write("Content/consults/a.json", "{}\n")
        let watcher = FileWatcher(roots: [folder.path("Content")], poll: poll, quiet: quiet, longestWait: 5)
        let batches = Batches()
        watcher.start { batches.add($0) }
        return (folder, watcher, batches)
    }

    @Test(arguments: [false, true])
    func aChangeIsReportedOnceItSettles(poll: Bool) throws {
        let (folder, watcher, batches) = try Self.watching(poll: poll)
        defer { watcher.stop() }
        #expect(watcher.mode == (poll ? .polling(reason: nil) : .inotify))
        try folder.write("Content/consults/a.json", "{\"id\": 1}\n")
        #expect(batches.next() == [folder.path("Content/consults/a.json")])
    }

    @Test(arguments: [false, true])
    func editorTemporaryFilesAreNotChangesAndARenameOverIs(poll: Bool) throws {
        let (folder, watcher, batches) = try Self.watching(poll: poll)
        defer { watcher.stop() }
        // vim: a write test, a swap file, a backup; emacs: a lock and an autosave; then a save by rename.
        for name in ["4913", ".a.json.swp", "a.json~", ".#a.json", "#a.json#", "a.json___jb_tmp___"] {
            try folder.write("Content/consults/" + name, "x\n")
        }
        try folder.write("Content/consults/.a.json.new", "{\"saved\": true}\n")
        try FileManager.default.removeItem(atPath: folder.path("Content/consults/a.json"))
        try FileManager.default.moveItem(
            atPath: folder.path("Content/consults/.a.json.new"), toPath: folder.path("Content/consults/a.json"))
        #expect(batches.next() == [folder.path("Content/consults/a.json")])
    }

    @Test(arguments: [false, true])
    func foldersThatAppearAreWatched(poll: Bool) throws {
        let (folder, watcher, batches) = try Self.watching(poll: poll)
        defer { watcher.stop() }
        try folder.write("Content/stacks/new/s.json", "{}\n")
        let first = try #require(batches.next())
        #expect(first.contains(folder.path("Content/stacks/new/s.json")))
        // A file written later into the new folder is seen too.
        try folder.write("Content/stacks/new/t.json", "{}\n")
        var seen = Set<String>()
        while !seen.contains(folder.path("Content/stacks/new/t.json")), let batch = batches.next() {
            seen.formUnion(batch)
        }
        #expect(seen.contains(folder.path("Content/stacks/new/t.json")))
    }

    @Test(arguments: [false, true])
    func aRootThatAppearsLaterIsWatched(poll: Bool) throws {
        let folder = try TemporaryProject("serve")
        try folder.write("Content/site.yml", "title: x\n")
        let watcher = FileWatcher(
            roots: [folder.path("Content"), folder.path("Templates")], poll: poll, quiet: 0.3, longestWait: 5)
        defer { watcher.stop() }
        let batches = Batches()
        watcher.start { batches.add($0) }
        try folder.write("Templates/assets/style.css", "body {}\n")
        var seen = Set<String>()
        while !seen.contains(folder.path("Templates/assets/style.css")), let batch = batches.next() {
            seen.formUnion(batch)
        }
        #expect(seen.contains(folder.path("Templates/assets/style.css")))
        try folder.write("Templates/assets/style.css", "body { margin: 0 }\n")
        #expect(batches.next() == [folder.path("Templates/assets/style.css")])
        // Files beside it in the project folder are not watched.
        try folder.write("notes.txt", "x\n")
        try folder.write("Content/site.yml", "title: y\n")
        #expect(batches.next() == [folder.path("Content/site.yml")])
    }

    @Test func aBurstOfChangesIsOneBatch() throws {
        // Two seconds of quiet: the writes below take microseconds, so they land in one batch on any machine.
        let (folder, watcher, batches) = try Self.watching(poll: false, quiet: 2)
        defer { watcher.stop() }
        for index in 0..<5 { try folder.write("Content/consults/b\(index).json", "{}\n") }
        let batch = try #require(batches.next())
        #expect(batch == (0..<5).map { folder.path("Content/consults/b\($0).json") })
        #expect(batches.count == 0)
    }

    @Test func editorNamesAreRecognised() {
        for name in ["4913", ".x.swp", "x~", ".#x", "#x#", "x.swx", "x___jb_old___", ".hidden"] {
            #expect(FileWatcher.isEditorTemporary(name), "\(name)")
        }
        for name in ["a.json", "style.css", "consult.md.mustache", "4914"] {
            #expect(!FileWatcher.isEditorTemporary(name), "\(name)")
        }
    }
}
