import CarePressTestSupport
import Foundation
import Testing

/// The command line as a new user meets it (issue 39, item 8): what it says in an empty folder, for a typo, a
/// negative number, in help, and what a nightly build repeats.
@Suite("carepress as a new user meets it")
struct NewUserTests {
    /// A new, empty folder.
    static func emptyFolder() throws -> TemporaryProject {
        try TemporaryProject("new-user")
    }

    /// A new project made by `carepress init`.
    static func project() throws -> TemporaryProject {
        let temporary = try emptyFolder()
        let folder = temporary.root
        let made = try CLI.run(["init"], in: folder)
        #expect(made.status == 0, "\(String(decoding: made.stderr, as: UTF8.self))")
        return temporary
    }

    static func text(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

    @Test(
        "build, check and serve in a folder with no project say so, suggest init, fail and create nothing",
        arguments: [["build"], ["build", "--json"], ["check"], ["serve", "--port", "0"]])
    func noProject(arguments: [String]) throws {
        let temporary = try Self.emptyFolder()
        defer { withExtendedLifetime(temporary) {} }
        let folder = temporary.root
        let result = try CLI.run(arguments, in: folder, deadline: 60)
        #expect(!result.timedOut, "\(arguments) kept running in a folder with no project")
        #expect(result.status == 1)
        #expect(result.stderr.contains("error: no CarePress project here"), "\(result.stderr)")
        #expect(result.stderr.contains("hint: ") && result.stderr.contains("carepress init"), "\(result.stderr)")
        #expect(!result.stderr.contains("no records found"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty, "left files behind")
    }

    @Test("a --content folder that is not there is named, with the same hint")
    func namedContentFolderMissing() throws {
        let temporary = try Self.emptyFolder()
        defer { withExtendedLifetime(temporary) {} }
        let folder = temporary.root
        let result = try CLI.run(["build", "--content", "Elsewhere", "--output", "Site"], in: folder)
        #expect(result.status == 1)
        #expect(Self.text(result.stderr).contains("Elsewhere"))
        #expect(Self.text(result.stderr).contains("carepress init"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test(
        "a mistyped subcommand gets the nearest one and a usage status",
        arguments: [("bild", "build"), ("chek", "check"), ("serv", "serve"), ("inti", "init"), ("exprot", "export")])
    func didYouMean(typed: String, meant: String) throws {
        let result = try CLI.run([typed], in: CLI.repository)
        #expect(result.status == 2)
        let stderr = Self.text(result.stderr)
        #expect(stderr.contains("'\(typed)'"), "\(stderr)")
        #expect(stderr.contains("did you mean '\(meant)'?"), "\(stderr)")
    }

    @Test("a word far from every subcommand gets no guess, and still a usage status")
    func noGuess() throws {
        let result = try CLI.run(["zzzzzzzz"], in: CLI.repository)
        #expect(result.status == 2)
        #expect(!Self.text(result.stderr).contains("did you mean"))
    }

    @Test("init in a folder that is not empty is a usage error (2), said plainly")
    func initNotEmpty() throws {
        let temporary = try Self.emptyFolder()
        defer { withExtendedLifetime(temporary) {} }
        let folder = temporary.root
        try Data("notes".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        for arguments in [["init"], ["init", "."], ["init", folder.path]] {
            let result = try CLI.run(arguments, in: folder)
            #expect(result.status == 2, "\(arguments)")
            #expect(Self.text(result.stderr).contains("not empty"))
        }
    }

    @Test(
        "a negative number is read as the option's value and refused as such",
        arguments: [
            ["build", "--pdf-timeout", "-1"], ["build", "--jobs", "-1"], ["check", "--jobs", "-3"],
            ["serve", "--port", "-1"], ["serve", "--jobs", "-1"], ["serve", "--idle-timeout", "-1"],
            ["serve", "--max-connections", "-2"], ["export", "-", "--pdf-timeout", "-1"],
            ["build", "--pdf-timeout", "-0.5"],
        ])
    func negativeNumbers(arguments: [String]) throws {
        let temporary = try Self.emptyFolder()
        defer { withExtendedLifetime(temporary) {} }
        let folder = temporary.root
        let result = try CLI.run(arguments, in: folder)
        let stderr = Self.text(result.stderr)
        #expect(result.status == 2, "\(stderr)")
        #expect(!stderr.contains("Missing value"), "\(stderr)")
        #expect(stderr.contains(arguments[arguments.count - 2] + " must be"), "\(stderr)")
    }

    @Test("--pdf-timeout says what it wants: a positive number of seconds")
    func pdfTimeoutMessage() throws {
        let result = try CLI.run(["build", "--pdf-timeout", "-1"], in: CLI.repository)
        #expect(Self.text(result.stderr).contains("--pdf-timeout must be a positive number of seconds, not -1"))
    }

    @Test(
        "help names each default once, and nothing of this machine",
        arguments: [["build"], ["check"], ["serve"], ["export"], ["init"], ["match"], ["app-kit"], []])
    func helpDefaults(command: [String]) throws {
        let result = try CLI.run(command + ["--help"], in: CLI.repository)
        #expect(result.status == 0)
        let help = Self.text(result.stdout)
        // One option's help runs from its line to the next option's; each says its default at most once.
        let options = help.components(separatedBy: "\n  -").dropFirst()
        for option in options {
            #expect(option.components(separatedBy: "(default:").count <= 2, "default twice: \(option)")
        }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        #expect(!help.contains("(default: \(cores))"), "help shows this machine's number of cores")
        if ["build", "check", "serve"].contains(command.first ?? "") {
            #expect(help.split(whereSeparator: \.isWhitespace).joined(separator: " ").contains("the number of cores"))
        }
    }

    @Test("the root help says how to install shell completions")
    func completionsMentioned() throws {
        let result = try CLI.run(["--help"], in: CLI.repository)
        let help = Self.text(result.stdout)
        #expect(help.contains("--generate-completion-script bash"))
        #expect(help.contains("zsh") && help.contains("fish"))
        // The command it names works.
        let script = try CLI.run(["--generate-completion-script", "bash"], in: CLI.repository)
        #expect(script.status == 0)
        #expect(Self.text(script.stdout).contains("carepress"))
    }

    @Test("serve fails at once, building nothing, when its port is taken")
    func portTaken() throws {
        let temporary = try Self.project()
        defer { withExtendedLifetime(temporary) {} }
        let folder = temporary.root
        let listener = try Listener()
        defer { listener.close() }
        let result = try CLI.run(["serve", "--port", "\(listener.port)"], in: folder, deadline: 60)
        #expect(!result.timedOut)
        #expect(result.status == 1)
        #expect(result.stderr.contains("port \(listener.port) is in use"), "\(result.stderr)")
        #expect(result.stderr.contains("hint: ") && result.stderr.contains("--port"), "\(result.stderr)")
        #expect(!result.stderr.contains("Built "), "it built before finding the port taken: \(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Output/index.html").path))
    }

    @Test("serve --host 0.0.0.0 says it listens on every interface and prints an address that works")
    func allInterfaces() throws {
        let temporary = try Self.project()
        defer { withExtendedLifetime(temporary) {} }
        let folder = temporary.root
        let line = try Self.servingLine(["serve", "--host", "0.0.0.0", "--port", "0"], in: folder)
        #expect(line.contains("all interfaces"), "\(line)")
        #expect(line.contains("0.0.0.0:"), "\(line)")
        // A usable URL: this machine's loopback, with the port actually bound.
        let url = try #require(line.split(separator: " ").first { $0.hasPrefix("http://") })
        #expect(url.hasPrefix("http://127.0.0.1:") && !url.hasPrefix("http://127.0.0.1:0/"), "\(line)")
    }

    @Test("serve on a loopback address prints that address")
    func loopbackAddress() throws {
        let temporary = try Self.project()
        defer { withExtendedLifetime(temporary) {} }
        let folder = temporary.root
        let line = try Self.servingLine(["serve", "--host", "127.0.0.1", "--port", "0"], in: folder)
        #expect(line.contains("http://127.0.0.1:"), "\(line)")
        #expect(!line.contains("all interfaces"), "\(line)")
    }

    /// The line serve prints on standard output once it listens; the server is stopped with Ctrl-C then.
    static func servingLine(_ arguments: [String], in folder: URL) throws -> String {
        let carepress = try #require(CLI.carepress, "run `swift build` first")
        let process = Process()
        process.executableURL = carepress
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let stdout = Pipe()
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        var printed = Data()
        while !text(printed).contains("\n") {
            let chunk = stdout.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            printed += chunk
        }
        process.interrupt()
        process.waitUntilExit()
        return text(printed).split(separator: "\n").first.map(String.init) ?? ""
    }

    @Test("a nightly build prints warnings that did not change in one line, unless --verbose")
    func unchangedWarnings() throws {
        let temporary = try Self.project()
        defer { withExtendedLifetime(temporary) {} }
        let folder = temporary.root
        let consults = folder.appendingPathComponent("Content/consults")
        for name in ["a", "b", "c"] {
            try Data("not a record".utf8).write(to: consults.appendingPathComponent("\(name).txt"))
        }
        func warnings(_ stderr: String) -> [String] {
            stderr.split(separator: "\n").filter { $0.contains(": warning: ") }.map(String.init)
        }
        let first = try CLI.run(["build", "--quiet"], in: folder)
        #expect(first.status == 0)
        #expect(warnings(Self.text(first.stderr)).count == 3, "\(Self.text(first.stderr))")

        let again = try CLI.run(["build", "--quiet"], in: folder)
        let againText = Self.text(again.stderr)
        #expect(again.status == 0)
        #expect(warnings(againText).isEmpty, "\(againText)")
        #expect(
            againText.contains("3 warnings, unchanged since the last build; `--verbose` lists them"), "\(againText)")

        let verbose = try CLI.run(["build", "--quiet", "--verbose"], in: folder)
        #expect(warnings(Self.text(verbose.stderr)).count == 3)
        #expect(!Self.text(verbose.stderr).contains("unchanged since the last build"))

        let json = try CLI.run(["build", "--json"], in: folder)
        let summary = try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any]
        #expect(summary?["warnings"] as? Int == 3)

        // A new warning is printed in full; those that did not change are summed up.
        try Data("not a record".utf8).write(to: consults.appendingPathComponent("d.txt"))
        let changed = try CLI.run(["build", "--quiet"], in: folder)
        let changedText = Self.text(changed.stderr)
        #expect(warnings(changedText).count == 1 && changedText.contains("d.txt"), "\(changedText)")
        #expect(changedText.contains("3 more warnings, unchanged since the last build"), "\(changedText)")

        // One that went away and came back, or a whole new output folder, is printed again.
        let elsewhere = try CLI.run(["build", "--quiet", "--output", "Other"], in: folder)
        #expect(warnings(Self.text(elsewhere.stderr)).count == 4)
    }
}

/// A TCP socket listening on a free port of 127.0.0.1, holding it taken.
private final class Listener {
    let descriptor: Int32
    let port: Int

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.descriptor = descriptor
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        guard bound == 0, listen(descriptor, 1) == 0 else {
            throw CLI.MissingProgram(description: "cannot listen on a free port")
        }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    func close() { _ = Glibc.close(descriptor) }
}
