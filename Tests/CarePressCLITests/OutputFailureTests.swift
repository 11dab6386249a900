import CarePressTestSupport
import Foundation
import Testing

/// Findings 8 and 14 of issue 14: a lost standard output is an error (`build --json` and `match` exited 0 into a full
/// disk or a closed pipe; `export` printed a raw NSError), and `export -o` writes through a character device or a FIFO
/// and refuses a symbolic link instead of replacing each with a regular file.
@Suite("Standard output and export -o targets that fail or are not regular files")
struct OutputFailureTests {
    static let consult = "Content/consults/hl-2026-0001.json"

    /// A handle on /dev/full, where every write fails with ENOSPC.
    static func full() throws -> FileHandle {
        try #require(FileHandle(forWritingAtPath: "/dev/full"), "/dev/full is needed")
    }

    @Test(
        "A full standard output is an error that says so, for every command that writes to it",
        arguments: [
            ["match", "my knee hurts going down stairs"], ["match", "knee", "--json"],
            ["export", consult], ["export", consult, "--format", "markdown"],
        ])
    func fullStandardOutput(arguments: [String]) throws {
        let result = try CLI.run(arguments, standardOutput: try Self.full(), in: CLI.repository)
        #expect(result.status == 1)
        #expect(result.stderr == "error: cannot write to standard output: no space left on device (ENOSPC)\n")
        #expect(!result.stderr.contains("NSError") && !result.stderr.contains("Domain="))
    }

    @Test("build --json into a full standard output fails after writing the site")
    func buildJSONIntoFullOutput() throws {
        let temporary = try TemporaryProject("full")
        defer { withExtendedLifetime(temporary) {} }
        let output = temporary.url("output")
        let result = try CLI.run(
            ["build", "--json", "--quiet", "--output", output.path], standardOutput: try Self.full(),
            in: CLI.repository)
        #expect(result.status == 1)
        #expect(result.stderr.hasSuffix("error: cannot write to standard output: no space left on device (ENOSPC)\n"))
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("index.html").path))
    }

    @Test(
        "A closed pipe on standard output is an error that says so",
        arguments: [["match", "knee"], ["export", consult]])
    func closedPipe(arguments: [String]) throws {
        let pipe = Pipe()
        try pipe.fileHandleForReading.close()
        let result = try CLI.run(arguments, standardOutput: pipe.fileHandleForWriting, in: CLI.repository)
        #expect(result.status == 1)
        #expect(result.stderr == "error: cannot write to standard output: the reading end was closed (EPIPE)\n")
    }

    /// A fresh folder with its own `full` and `null` devices (char 1,7 and 1,3, as /dev/full and /dev/null), so that a
    /// broken export can never replace the machine's own; nil when this user may not make device files.
    static func deviceFolder() -> TemporaryProject? {
        guard let folder = try? TemporaryProject("dev"),
            mknod(folder.path("full"), S_IFCHR | 0o666, dev_t(1 << 8 | 7)) == 0,
            mknod(folder.path("null"), S_IFCHR | 0o666, dev_t(1 << 8 | 3)) == 0
        else { return nil }
        return folder
    }

    /// Whether this user may make device files (root, as in CI); the device tests need it.
    static let canMakeDevices = deviceFolder() != nil

    static func isCharacterDevice(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFCHR
    }

    @Test("export -o to a full device reports it and leaves it a device", .enabled(if: canMakeDevices))
    func exportToFullDevice() throws {
        let folder = try #require(Self.deviceFolder())
        defer { withExtendedLifetime(folder) {} }
        let full = folder.path("full")
        let result = try CLI.run(["export", Self.consult, "-o", full], in: CLI.repository)
        #expect(result.status == 1)
        #expect(
            String(decoding: result.stderr, as: UTF8.self)
                == "\(full): error: cannot be written: no space left on device (ENOSPC)\n")
        #expect(Self.isCharacterDevice(full))
    }

    @Test("export -o to a null device writes through it", .enabled(if: canMakeDevices))
    func exportToNullDevice() throws {
        let folder = try #require(Self.deviceFolder())
        defer { withExtendedLifetime(folder) {} }
        let null = folder.path("null")
        let result = try CLI.run(["export", Self.consult, "-o", null], in: CLI.repository)
        #expect(result.status == 0 && result.stderr.isEmpty)
        #expect(Self.isCharacterDevice(null))
    }

    @Test("export -o FIFO writes through the FIFO to its reader, and leaves it a FIFO")
    func exportToFIFO() throws {
        let temporary = try TemporaryProject("fifo")
        defer { withExtendedLifetime(temporary) {} }
        let folder = temporary.root
        let fifo = folder.appendingPathComponent("out.json").path
        #expect(mkfifo(fifo, 0o600) == 0)
        // The reader opens first, without waiting for a writer; the document (11 kB) fits in the FIFO's buffer, so the
        // export's writes need no concurrent reading, and a broken export that replaced the FIFO leaves this reader
        // at end of file rather than waiting forever.
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        #expect(reader >= 0)
        defer { close(reader) }
        let result = try CLI.run(["export", Self.consult, "-o", fifo], in: CLI.repository)
        #expect(result.status == 0, "\(String(decoding: result.stderr, as: UTF8.self))")
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(reader, &buffer, buffer.count)
            guard count > 0 else { break }
            received.append(contentsOf: buffer[0..<count])
        }
        let expected = try CLI.run(["export", Self.consult], in: CLI.repository).stdout
        #expect(received == expected && !expected.isEmpty)
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
    }

    @Test("export -o through a symbolic link is refused; the link and its target are left alone")
    func exportToSymlink() throws {
        let temporary = try TemporaryProject("link")
        defer { withExtendedLifetime(temporary) {} }
        let folder = temporary.root
        let target = folder.appendingPathComponent("target.json")
        try Data("keep".utf8).write(to: target)
        let link = folder.appendingPathComponent("link.json").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target.path)
        let result = try CLI.run(["export", Self.consult, "-o", link], in: CLI.repository)
        #expect(result.status == 1)
        #expect(
            String(decoding: result.stderr, as: UTF8.self)
                == "\(link): error: is a symbolic link; export does not follow links: name the file it points to instead\n"
        )
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target.path)
        #expect(try Data(contentsOf: target) == Data("keep".utf8))
    }

    @Test("export -o under a file that is not a folder says why, in the system's words")
    func exportIntoImpossibleFolder() throws {
        let temporary = try TemporaryProject("nodir")
        defer { withExtendedLifetime(temporary) {} }
        let folder = temporary.root
        let file = folder.appendingPathComponent("file.txt")
        try Data("x".utf8).write(to: file)
        let target = file.path + "/sub/out.json"
        let result = try CLI.run(["export", Self.consult, "-o", target], in: CLI.repository)
        #expect(result.status == 1)
        let stderr = String(decoding: result.stderr, as: UTF8.self)
        #expect(stderr == "\(target): error: cannot be examined: not a folder (ENOTDIR)\n", "\(stderr)")
        #expect(!stderr.contains("could not be completed") && !stderr.contains("Domain="))
    }
}
