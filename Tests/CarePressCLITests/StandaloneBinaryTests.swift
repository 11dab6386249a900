import CarePressTestSupport
import Foundation
import Testing

/// The built binary copied alone into a folder outside the repository: everything it needs is inside it.
@Suite("A binary copied alone")
struct StandaloneBinaryTests {
    /// A temporary folder (outside the repository) with a copy of `carepress` and nothing else.
    static func folderWithBinary() throws -> TemporaryProject {
        guard let carepress = CLI.carepress else {
            throw CLI.MissingProgram(description: "the carepress executable was not found; run `swift build` first")
        }
        let temporary = try TemporaryProject("alone")
        let folder = temporary.root
        try FileManager.default.copyItem(at: carepress, to: folder.appendingPathComponent("carepress"))
        #expect(!folder.path.hasPrefix(CLI.repository.path))
        return temporary
    }

    /// Runs the copy. Starting a file just written can fail with ETXTBSY while a process another test forks at the
    /// same moment still holds the copy's write descriptor (until that child calls exec); it is tried again then.
    static func run(_ folder: URL, _ arguments: [String], in directory: URL) throws -> (Int32, String, String) {
        var attempts = 0
        let result: CLI.Output
        while true {
            do {
                result = try CLI.run(
                    folder.appendingPathComponent("carepress"), arguments, in: directory, stdin: Data())
                break
            } catch let error as NSError where attempts < 50 && isTextFileBusy(error) {
                attempts += 1
                Thread.sleep(forTimeInterval: 0.1)
            }
        }
        return (
            result.status, String(decoding: result.stdout, as: UTF8.self),
            String(decoding: result.stderr, as: UTF8.self)
        )
    }

    static func isTextFileBusy(_ error: NSError) -> Bool {
        if error.domain == NSPOSIXErrorDomain && error.code == Int(ETXTBSY) { return true }
        return (error.userInfo[NSUnderlyingErrorKey] as? NSError).map(isTextFileBusy) ?? false
    }

    @Test func initThenBuildWritesTheHomePageTheGuideAndAReportOfEachKind() throws {
        let temporary = try Self.folderWithBinary()
        defer { withExtendedLifetime(temporary) {} }
        let folder = temporary.root
        let (initStatus, initOut, _) = try Self.run(folder, ["init", "clinic"], in: folder)
        #expect(initStatus == 0)
        #expect(initOut.contains("Created a CarePress project in clinic"))
        let project = folder.appendingPathComponent("clinic")
        let (status, _, stderr) = try Self.run(folder, ["build"], in: project)
        #expect(status == 0, "\(stderr)")
        #expect(stderr.contains("Built Output: 3 of 3 records ok"))
        #expect(!stderr.contains(": warning: ") && !stderr.contains(": error: "), "\(stderr)")
        for page in [
            "index.html", "guide/index.html", "guide/phases.html", "reports/index.html",
            "reports/consults/hl-2026-0001.html", "reports/physio/pg-2026-0001.html",
            "reports/stacks/sw-2026-0001.html", "reports/stacks/sw-2026-0001-adherence.svg", "assets/style.css",
            "assets/search.js", "assets/emergency.js",
        ] {
            #expect(
                FileManager.default.fileExists(atPath: project.appendingPathComponent("Output/" + page).path),
                "\(page) was not written")
        }

        // One overridden template changes only the pages that use it.
        let before = Self.contents(of: project.appendingPathComponent("Output"))
        let (exportStatus, _, _) = try Self.run(folder, ["theme", "export", "Theme"], in: project)
        #expect(exportStatus == 0)
        let exported = project.appendingPathComponent("Theme/reports/stack.md.mustache")
        let stack = try String(contentsOf: exported, encoding: .utf8)
        try FileManager.default.createDirectory(
            at: project.appendingPathComponent("Templates/reports"), withIntermediateDirectories: true)
        try Data((stack + "\nReviewed by the clinic.\n").utf8).write(
            to: project.appendingPathComponent("Templates/reports/stack.md.mustache"))
        let (rebuild, _, rebuildErrors) = try Self.run(folder, ["build"], in: project)
        #expect(rebuild == 0, "\(rebuildErrors)")
        #expect(rebuildErrors.contains("(1 rendered, 2 up to date)"))
        let after = Self.contents(of: project.appendingPathComponent("Output"))
        let changed = Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }
        #expect(changed == ["reports/stacks/sw-2026-0001.html", "reports/stacks/sw-2026-0001.md"])
    }

    @Test func initRefusesAFolderThatIsNotEmpty() throws {
        let temporary = try Self.folderWithBinary()
        defer { withExtendedLifetime(temporary) {} }
        let folder = temporary.root
        let (status, stdout, stderr) = try Self.run(folder, ["init"], in: folder)
        #expect(status == 2)
        #expect(stdout.isEmpty)
        #expect(stderr.contains("error: . is not empty (it has carepress)"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["carepress"])
    }

    @Test func initInTheCurrentFolderAndAnHonestSummaryWithoutRecords() throws {
        let temporary = try Self.folderWithBinary()
        defer { withExtendedLifetime(temporary) {} }
        let folder = temporary.root
        let project = folder.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        let (status, _, _) = try Self.run(folder, ["init"], in: project)
        #expect(status == 0)
        #expect(FileManager.default.fileExists(atPath: project.appendingPathComponent(".gitignore").path))
        for kind in ["consults", "physio", "stacks"] {
            try FileManager.default.removeItem(at: project.appendingPathComponent("Content/\(kind)"))
        }
        let (build, _, stderr) = try Self.run(folder, ["build"], in: project)
        #expect(build == 0)
        #expect(
            stderr.contains(
                "Content:1:1: warning: no records found: no .json files in Content/consults/, Content/physio/, "
                    + "Content/stacks/"))
        #expect(stderr.contains("Built Output: no records found; "))
        #expect(!stderr.contains("0 of 0"))
    }

    @Test func versionNamesTheCommitWhenBuiltInACheckout() throws {
        let temporary = try Self.folderWithBinary()
        defer { withExtendedLifetime(temporary) {} }
        let folder = temporary.root
        let (status, stdout, _) = try Self.run(folder, ["--version"], in: folder)
        #expect(status == 0)
        // The tests run in a git checkout (CI clones one), so the commit is known.
        let pattern = #/^carepress \d+\.\d+\.\d+ \(commit [0-9a-f]{12}\)\nallocator: .+\n$/#
        #expect(stdout.wholeMatch(of: pattern) != nil, "\(stdout)")
    }

    #if os(Linux)
        /// The executable links mimalloc, and it is mimalloc that serves `malloc` in it: the Swift runtime's, libcmark's
        /// and SQLite's allocations included (`Allocator.name` asks the allocator about a block `malloc` gave).
        @Test func mimallocServesMallocInTheExecutable() throws {
            let temporary = try Self.folderWithBinary()
            defer { withExtendedLifetime(temporary) {} }
            let folder = temporary.root
            let (status, stdout, _) = try Self.run(folder, ["--version"], in: folder)
            #expect(status == 0)
            let pattern = #/\nallocator: mimalloc \d+\.\d+\.\d+\n$/#
            #expect(stdout.firstMatch(of: pattern) != nil, "\(stdout)")
        }
    #endif

    /// Every file under a folder with its bytes, leaving out the build manifest.
    static func contents(of folder: URL) -> [String: Data] {
        var result: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        while let relative = enumerator?.nextObject() as? String {
            if relative.hasPrefix(".carepress") { continue }
            let path = folder.appendingPathComponent(relative).path
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
                result[relative] = FileManager.default.contents(atPath: path)
            }
        }
        return result
    }
}
