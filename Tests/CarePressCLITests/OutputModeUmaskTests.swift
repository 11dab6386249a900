import CarePressTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Finding 15 of issue 40, end to end under each umask: `build`, a rebuild and `export -o` leave files 0600 and
/// folders 0700 whatever the umask (022, 002, 077), and 0640 and 0750 with `outputAccess: group` in `site.yml`.
@Suite("File modes of the output under every umask")
struct OutputModeUmaskTests {
    static let runs: [(umask: String, access: String?)] = ["022", "002", "077"].flatMap { umask in
        [nil, "group"].map { (umask, $0) }
    }

    /// Runs carepress under a umask, in a folder; returns its status and stderr.
    static func run(umask: String, _ arguments: [String], in folder: URL) throws -> (status: Int32, stderr: String) {
        let carepress = try #require(CLI.carepress, "run `swift build` first")
        let result = try CLI.run(
            URL(fileURLWithPath: "/bin/sh"),
            ["-c", "umask \(umask) && exec \"$0\" \"$@\"", carepress.path] + arguments,
            in: folder, stdin: Data())
        return (result.status, String(decoding: result.stderr, as: UTF8.self))
    }

    /// Every file and folder under a folder whose permission bits are not the ones expected, as `path: mode`.
    static func wrongModes(under root: String, file: mode_t, folder: mode_t) -> [String] {
        var wrong: [String] = []
        func check(_ path: String, _ relative: String) {
            var info = stat()
            guard lstat(path, &info) == 0 else { return wrong.append("\(relative): missing") }
            let bits = info.st_mode & 0o7777
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                if bits != folder { wrong.append("\(relative): " + String(bits, radix: 8)) }
                for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] {
                    check(path + "/" + name, relative + "/" + name)
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

    @Test("build, a rebuild and export -o, under a umask", arguments: runs)
    func modesUnderUmask(umask: String, access: String?) throws {
        let temporary = try TemporaryProject("umask")
        defer { withExtendedLifetime(temporary) {} }
        let folder = temporary.root
        for name in ["Content", "Templates"] {
            try FileManager.default.copyItem(
                at: CLI.repository.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        if let access {
            let site = folder.appendingPathComponent("Content/site.yml")
            let text = try String(contentsOf: site, encoding: .utf8)
            try Data((text + "\noutputAccess: \(access)\n").utf8).write(to: site)
        }
        let (file, directory): (mode_t, mode_t) = access == "group" ? (0o640, 0o750) : (0o600, 0o700)
        let build = try Self.run(umask: umask, ["build", "--quiet", "--output", "Output"], in: folder)
        #expect(build.status == 0, "\(build.stderr)")
        let output = folder.appendingPathComponent("Output").path
        #expect((FileManager.default.enumerator(atPath: output)?.allObjects.count ?? 0) > 30)
        #expect(Self.wrongModes(under: output, file: file, folder: directory) == [])
        let rebuild = try Self.run(umask: umask, ["build", "--quiet", "--force", "--output", "Output"], in: folder)
        #expect(rebuild.status == 0, "\(rebuild.stderr)")
        #expect(Self.wrongModes(under: output, file: file, folder: directory) == [])
        // export -o is always private: one record, written where it is asked for.
        let export = try Self.run(
            umask: umask, ["export", "Content/consults/hl-2026-0001.json", "-o", "exports/hl-1.json"], in: folder)
        #expect(export.status == 0, "\(export.stderr)")
        #expect(Self.wrongModes(under: folder.appendingPathComponent("exports").path, file: 0o600, folder: 0o700) == [])
    }
}
