import CarePressTestSupport
import Foundation
import Testing

/// `too many open files` (EMFILE), as a rebuild of `carepress serve` met it once clients held every descriptor, is
/// reported as itself: `check` and `build` run with the limit of open files lowered (`prlimit --nofile`), at every
/// limit from where the program starts to where it no longer fails, and every error they give says so; none says
/// "no records found", "not found", or that a file changed while the build ran. With `--jobs 1` the descriptors a
/// run opens come in the same order each time, so each limit fails at the same place on every run.
@Suite("Too many open files, end to end")
struct TooManyOpenFilesTests {
    /// util-linux's `prlimit`, which runs a program with lowered limits.
    static let prlimit = ["/usr/bin/prlimit", "/bin/prlimit"].first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test(arguments: ["check", "build"])
    func everyFailureSaysTooManyOpenFiles(command: String) throws {
        let prlimit = try #require(Self.prlimit, "prlimit (util-linux) is needed")
        let carepress = try #require(CLI.carepress, "run `swift build` first")
        let temporary = try TemporaryProject("emfile")
        defer { withExtendedLifetime(temporary) {} }
        let root = temporary.root
        try FileManager.default.copyItem(
            at: CLI.repository.appendingPathComponent("Content"), to: root.appendingPathComponent("Content"))
        let templates = CLI.repository.appendingPathComponent("Templates").path
        var started = 0
        var contentNamedIt = false
        for limit in 4...32 {
            var arguments = [
                "--nofile=\(limit):\(limit)", carepress.path, command, "--jobs", "1", "--content", "Content",
                "--templates", templates,
            ]
            if command == "build" { arguments += ["--output", "Output-\(limit)"] }
            let run = try CLI.run(URL(fileURLWithPath: prlimit), arguments, in: root, stdin: Data())
            let stderr = String(decoding: run.stderr, as: UTF8.self)
            // 127: the dynamic loader could not open carepress's libraries, so carepress did not start.
            guard run.status != 127 else { continue }
            started += 1
            #expect(run.status == 0 || run.status == 1, "limit \(limit): exit status \(run.status)\n\(stderr)")
            for line in stderr.split(separator: "\n") where line.contains(": error: ") || line.hasPrefix("error:") {
                #expect(line.lowercased().contains("too many open files"), "limit \(limit): \(line)")
                if line.hasPrefix("Content/") && line.hasSuffix("too many open files (EMFILE)") {
                    contentNamedIt = true
                }
            }
            for misreport in ["no records found", "not found", "changed while the build was running"] {
                #expect(!stderr.contains(misreport), "limit \(limit): \(misreport)\n\(stderr)")
            }
        }
        #expect(started > 10)
        // `build` holds its lock and manifest while it reads the content, so some limit fails a content file. `check`
        // opens one content file at a time, fewer descriptors than listing the theme's nested folders takes, so
        // every limit that fails it fails it on the theme.
        #expect(contentNamedIt || command == "check", "no limit made reading the content fail")
    }
}
