import Foundation
import Testing

@testable import CarePress

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Finding 15 of issue 40: with the usual umask 022, reports (health data) were written 0644 and their folders 0755,
/// readable by every local user. Everything a build writes into its output folder is its owner's alone (files 0600,
/// folders 0700) whatever the umask, or also its group's (0640, 0750) with `outputAccess: group` in `site.yml`.
/// (The umask itself is per process: `OutputModeUmaskTests` runs the binary under 022, 002 and 077.)
@Suite("File modes of the output folder")
struct OutputModesTests {
    /// Every file and folder under a folder, the folder itself included (as `.`), whose mode (permission bits)
    /// is not the one expected, as `path: mode` in octal; links are listed whatever their mode.
    static func wrongModes(under root: String, file: mode_t, folder: mode_t) -> [String] {
        var wrong: [String] = []
        func check(_ path: String, _ relative: String) {
            var info = stat()
            guard lstat(path, &info) == 0 else { return wrong.append("\(relative): missing") }
            let kind = info.st_mode & S_IFMT
            let bits = info.st_mode & 0o7777
            switch kind {
            case S_IFDIR:
                if bits & 0o777 != folder { wrong.append("\(relative): " + String(bits, radix: 8)) }
                for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] {
                    check(path + "/" + name, relative == "." ? name : relative + "/" + name)
                }
            case S_IFREG:
                if bits != file { wrong.append("\(relative): " + String(bits, radix: 8)) }
            default:
                wrong.append("\(relative): not a file or a folder")
            }
        }
        check(root, ".")
        return wrong.sorted()
    }

    /// Every file under a folder (the folder itself included), for a count of what was checked.
    static func entryCount(under root: String) -> Int {
        (FileManager.default.enumerator(atPath: root)?.allObjects.count ?? 0) + 1
    }

    /// Gives every file and folder under a folder a mode, as an earlier build under another umask left them.
    static func chmodAll(under root: String, file: mode_t, folder: mode_t) {
        for name in FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? [] {
            var info = stat()
            let path = root + "/" + name
            guard lstat(path, &info) == 0 else { continue }
            chmod(path, (info.st_mode & S_IFMT) == S_IFDIR ? folder : file)
        }
        chmod(root, folder)
    }

    /// The sample project, its site settings asking for an access (nil: not said).
    static func sample(access: String?) throws -> TemporaryProject {
        let project = try TemporaryProject.sample()
        if let access { try setAccess(access, in: project) }
        return project
    }

    static func setAccess(_ access: String, in project: TemporaryProject) throws {
        var site = try #require(project.read("Content/site.yml"))
        site = site.split(separator: "\n").filter { !$0.hasPrefix("outputAccess:") }.joined(separator: "\n")
        try project.write("Content/site.yml", site + "\noutputAccess: \(access)\n")
    }

    @Test(
        "A build writes private files and folders, or group-readable ones when site.yml asks",
        arguments: [(nil, 0o600, 0o700), ("private", 0o600, 0o700), ("group", 0o640, 0o750)] as [(String?, Int, Int)])
    func buildModes(access: String?, file: Int, folder: Int) throws {
        let project = try Self.sample(access: access)
        let report = SiteBuilder.build(project.ownThemeOptions())
        #expect(!report.hasErrors, "\(report.diagnostics)")
        let output = project.path("Output")
        #expect(Self.entryCount(under: output) > 30)
        #expect(Self.wrongModes(under: output, file: mode_t(file), folder: mode_t(folder)) == [])
        // A forced rebuild replaces every file: the new ones too.
        #expect(!SiteBuilder.build(project.ownThemeOptions(force: true)).hasErrors)
        #expect(Self.wrongModes(under: output, file: mode_t(file), folder: mode_t(folder)) == [])
    }

    @Test("Tightening an earlier output changes only what the build writes, and no link's target")
    func tighteningStaysWithTheBuildsFiles() throws {
        let project = try Self.sample(access: nil)
        let output = project.path("Output")
        #expect(!SiteBuilder.build(project.ownThemeOptions()).hasErrors)
        Self.chmodAll(under: output, file: 0o644, folder: 0o755)
        // The user's own file beside the build's, and a file outside that a link in the output points to.
        try project.write("Output/notes.sh", "#!/bin/sh\n")
        #expect(chmod(project.path("Output/notes.sh"), 0o755) == 0)
        try project.write("outside/target.txt", "x")
        #expect(chmod(project.path("outside/target.txt"), 0o644) == 0)
        try FileManager.default.createSymbolicLink(
            atPath: project.path("Output/guide/link.txt"), withDestinationPath: project.path("outside/target.txt"))
        _ = SiteBuilder.build(project.ownThemeOptions())
        var info = stat()
        // Not the build's: left as it is (the output folder's own mode, 0700, keeps other users out).
        #expect(stat(project.path("Output/notes.sh"), &info) == 0 && info.st_mode & 0o7777 == 0o755)
        try FileManager.default.removeItem(atPath: project.path("Output/guide/link.txt"))
        try FileManager.default.removeItem(atPath: project.path("Output/notes.sh"))
        #expect(Self.wrongModes(under: output, file: 0o600, folder: 0o700) == [])
        #expect(stat(project.path("outside/target.txt"), &info) == 0 && info.st_mode & 0o7777 == 0o644)
    }

    @Test("Shards write private files and folders")
    func shardModes() throws {
        let project = try Self.sample(access: nil)
        for shard in [Shard(index: 1, count: 2), Shard(index: 2, count: 2), Shard.fanIn(of: 2)] {
            #expect(!SiteBuilder.build(project.ownThemeOptions(shard: try #require(shard))).hasErrors)
        }
        #expect(project.files(under: "Output").contains("index.html"))
        #expect(Self.wrongModes(under: project.path("Output"), file: 0o600, folder: 0o700) == [])
    }

    @Test("An output folder an earlier build left readable by everyone is made private, and follows the setting")
    func earlierModesAreTightened() throws {
        let project = try Self.sample(access: nil)
        let output = project.path("Output")
        #expect(!SiteBuilder.build(project.ownThemeOptions()).hasErrors)
        // As an earlier version left it under umask 022 (or 002).
        Self.chmodAll(under: output, file: 0o664, folder: 0o775)
        let rebuild = SiteBuilder.build(project.ownThemeOptions())
        #expect(!rebuild.hasErrors)
        #expect(rebuild.rendered == 0)
        #expect(Self.wrongModes(under: output, file: 0o600, folder: 0o700) == [])
        // The setting changed to group, and back.
        try Self.setAccess("group", in: project)
        #expect(!SiteBuilder.build(project.ownThemeOptions()).hasErrors)
        #expect(Self.wrongModes(under: output, file: 0o640, folder: 0o750) == [])
        try Self.setAccess("private", in: project)
        #expect(!SiteBuilder.build(project.ownThemeOptions()).hasErrors)
        #expect(Self.wrongModes(under: output, file: 0o600, folder: 0o700) == [])
    }

    @Test("A session's rebuilds (serve) keep the modes")
    func sessionModes() throws {
        let project = try Self.sample(access: "group")
        var options = project.ownThemeOptions()
        options.cache = BuildCache()
        #expect(!SiteBuilder.build(options).hasErrors)
        try project.write("Content/pages/new-page.md", "---\ntitle: New page\n---\n\nSome text.\n")
        #expect(!SiteBuilder.build(options).hasErrors)
        #expect(FileManager.default.fileExists(atPath: project.path("Output/guide/pages/new-page.html")))
        #expect(Self.wrongModes(under: project.path("Output"), file: 0o640, folder: 0o750) == [])
    }

    @Test("The setgid bit of the output folder (for the web server's group) is kept")
    func setGroupIDKept() throws {
        let project = try Self.sample(access: "group")
        let output = project.path("Output")
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        #expect(chmod(output, 0o2775) == 0)
        #expect(!SiteBuilder.build(project.ownThemeOptions()).hasErrors)
        var info = stat()
        #expect(stat(output, &info) == 0)
        #expect(info.st_mode & 0o7777 == 0o2750)
    }

    @Test("site.yml's outputAccess must be private or group: a located error, and the output stays private")
    func invalidAccess() throws {
        let project = try Self.sample(access: "public")
        let report = SiteBuilder.build(project.ownThemeOptions())
        let error = try #require(report.diagnostics.first { $0.severity == .error })
        #expect(error.file == project.path("Content/site.yml"))
        #expect(error.message.contains("'public' is not one of the allowed values"))
        #expect(error.description.contains("site.yml:\(error.position.line):"))
        #expect(error.position.line > 1)
        #expect(Self.wrongModes(under: project.path("Output"), file: 0o600, folder: 0o700) == [])
    }

    @Test("A build stopped by its settings leaves only a private, empty output folder")
    func stoppedBuildModes() throws {
        let project = try Self.sample(access: "group")
        try project.write("Content/site.yml", "title: x\nlanguage: en\noutputAccess: group\n")
        let report = SiteBuilder.build(project.ownThemeOptions())
        #expect(report.hasErrors)
        #expect(project.files(under: "Output").isEmpty)
        #expect(Self.wrongModes(under: project.path("Output"), file: 0o600, folder: 0o700) == [])
    }

    @Test("The app kit is private too, or group-readable when site.yml asks", arguments: [nil, "group"] as [String?])
    func appKitModes(access: String?) throws {
        let project = try Self.sample(access: access)
        let report = AppKitBuilder.build(
            AppKitOptions(
                contentPath: project.path("Content"), templatesPath: project.path("Templates"),
                outputPath: project.path("Kit")))
        #expect(!report.diagnostics.hasErrors, "\(report.diagnostics)")
        let (file, folder): (mode_t, mode_t) = access == "group" ? (0o640, 0o750) : (0o600, 0o700)
        #expect(Self.entryCount(under: project.path("Kit")) > 10)
        #expect(Self.wrongModes(under: project.path("Kit"), file: file, folder: folder) == [])
    }

    @Test("export -o writes a private file, and private folders where it makes them")
    func exportModes() throws {
        let project = try TemporaryProject()
        let target = project.path("exports/new/record.json")
        try Exporter.write(Array("{}\n".utf8), toFile: target)
        #expect(Self.wrongModes(under: project.path("exports/new"), file: 0o600, folder: 0o700) == [])
        // Replacing a file an earlier export left readable by everyone.
        #expect(chmod(target, 0o644) == 0)
        try Exporter.write(Array("{ }\n".utf8), toFile: target)
        #expect(Self.wrongModes(under: project.path("exports/new"), file: 0o600, folder: 0o700) == [])
    }

    @Test("The writer reads the process's umask (to skip an fchmod the umask makes needless)", .enabled(if: isLinux))
    func readsTheUmask() throws {
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", "umask"]
        let output = Pipe()
        shell.standardOutput = output
        try shell.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        shell.waitUntilExit()
        let expected = try #require(mode_t(text.trimmingCharacters(in: .whitespacesAndNewlines), radix: 8))
        #expect(OutputWriter.processUmask() == expected)
    }

    static var isLinux: Bool {
        #if os(Linux)
            true
        #else
            false
        #endif
    }

    static let chromium = ["chromium", "chromium-browser", "google-chrome"].lazy.compactMap {
        ChromiumLocator.executable($0, searching: ProcessInfo.processInfo.environment["PATH"])
    }.first

    @Test("PDFs are private too", .enabled(if: chromium != nil))
    func pdfModes() throws {
        let project = try TemporaryProject.minimal()
        try project.write("Content/consults/a.json", Samples.consult(id: "hl-1"))
        var options = project.buildOptions()
        options.pdf = .print(pageTimeout: 120)
        let report = SiteBuilder.build(options)
        #expect(!report.hasErrors, "\(report.diagnostics)")
        #expect(report.pdfs == 1)
        #expect(project.files(under: "Output").contains { $0.hasSuffix(".pdf") })
        #expect(Self.wrongModes(under: project.path("Output"), file: 0o600, folder: 0o700) == [])
    }
}
