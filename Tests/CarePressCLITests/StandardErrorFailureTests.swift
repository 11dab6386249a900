import CarePressTestSupport
import Foundation
import Testing

/// Finding 9 of issue 40: `build`, `check` and usage errors died of SIGILL (exit 132) when standard error could not
/// be written (`2>/dev/full`, `2>&-`, a pipe whose reader went away), from a `try!` on a FileHandle write. No
/// command may die of a signal; one that lost a message on standard error exits 1 when it would have exited 0, and
/// keeps its documented status otherwise.
@Suite("Standard error that cannot be written")
struct StandardErrorFailureTests {
    /// What standard error is.
    enum Sink: String, CaseIterable, CustomTestStringConvertible {
        /// `/dev/full`: every write fails with ENOSPC.
        case full
        /// Closed, as `2>&-` leaves it: every write fails with EBADF.
        case closed
        /// A pipe whose reading end is closed: every write fails with EPIPE (or raises SIGPIPE).
        case closedPipe

        var testDescription: String { rawValue }
    }

    /// A command, what it reads, and the status it must end with when standard error cannot be written.
    struct Case: CustomTestStringConvertible, Sendable {
        let arguments: [String]
        var stdin = ""
        let status: Int32
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let broken = CLI.fixtures.appendingPathComponent("broken/Content").path

    static let cases: [Case] = [
        // The summary is lost: a run that would have exited 0 exits 1.
        Case(arguments: ["build", "--quiet", "--output", "OUTPUT"], status: 1),
        Case(arguments: ["check"], status: 1),
        // Errors: the documented status stands.
        Case(arguments: ["check", "--content", broken], status: 1),
        Case(arguments: ["build", "--quiet", "--content", broken, "--output", "OUTPUT"], status: 1),
        Case(arguments: ["export", "Tests/CarePressCLITests/Fixtures/broken/Content/consults/empty.json"], status: 1),
        // Nothing to say on standard error: the run succeeds.
        Case(arguments: ["export", "Content/consults/hl-2026-0001.json"], status: 0),
        Case(arguments: ["match", "my knee hurts going down stairs"], status: 0),
        Case(arguments: ["markdown"], stdin: "# Title\n\nSome *text*.\n", status: 0),
        Case(arguments: ["--help"], status: 0),
        Case(arguments: ["build", "--help"], status: 0),
        // Usage errors keep their status 2.
        Case(arguments: ["build", "--no-such-option"], status: 2),
        Case(arguments: ["build", "--jobs", "0"], status: 2),
        Case(arguments: ["no-such-command"], status: 2),
    ]

    static let runs: [(Case, Sink)] = cases.flatMap { command in Sink.allCases.map { (command, $0) } }

    @Test("No command dies of a signal, and each ends with its status", arguments: runs)
    func noSignalDeath(command: Case, sink: Sink) throws {
        let temporary = try TemporaryProject("stderr")
        defer { withExtendedLifetime(temporary) {} }
        let output = temporary.url("output")
        let arguments = command.arguments.map { $0 == "OUTPUT" ? output.path : $0 }
        let result = try Self.run(arguments, stderr: sink, stdin: command.stdin)
        #expect(result.reason == .exit, "died of signal \(result.status)")
        #expect(result.status == command.status)
        if command.arguments.contains("--help") {
            #expect(String(decoding: result.stdout, as: UTF8.self).contains("USAGE:"))
        }
    }

    @Test("With standard error closed, nothing meant for it lands in an output file")
    func closedStandardErrorWritesNoFile() throws {
        let temporary = try TemporaryProject("stderr")
        defer { withExtendedLifetime(temporary) {} }
        let output = temporary.url("output")
        let result = try Self.run(
            ["build", "--content", Self.broken, "--output", output.path], stderr: .closed, stdin: "")
        #expect(result.reason == .exit)
        #expect(result.status == 1)
        let files = FileManager.default.enumerator(atPath: output.path)?.allObjects as? [String] ?? []
        for file in files {
            let bytes = FileManager.default.contents(atPath: output.appendingPathComponent(file).path) ?? Data()
            #expect(!String(decoding: bytes, as: UTF8.self).contains("error:"), "\(file)")
        }
    }

    @Test(
        "With standard error closed, descriptor 2 is held on /dev/null, not taken by a file or a socket",
        .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/fd")))
    func closedDescriptorIsHeld() throws {
        let carepress = try #require(CLI.carepress, "run `swift build` first")
        let temporary = try TemporaryProject("stderr")
        defer { withExtendedLifetime(temporary) {} }
        let output = temporary.url("output")
        signal(SIGPIPE, SIG_IGN)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [
            "-c", "exec \"$0\" \"$@\" 2>&-", carepress.path, "serve", "--port", "0", "--output", output.path,
        ]
        process.currentDirectoryURL = CLI.repository
        let stdout = Pipe()
        process.standardOutput = stdout
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // serve prints its address once it has built and is listening: its watcher and sockets are open by then.
        var printed = Data()
        while !String(decoding: printed, as: UTF8.self).contains("Serving") {
            let chunk = stdout.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            printed += chunk
        }
        let held = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(process.processIdentifier)/fd/2")
        process.interrupt()
        process.waitUntilExit()
        #expect(String(decoding: printed, as: UTF8.self).contains("Serving"))
        #expect(held == "/dev/null")
        #expect(process.terminationReason == .exit)
    }

    @Test("A full standard output and a full standard error: status 1, no signal")
    func bothStreamsFull() throws {
        let result = try Self.run(
            ["export", "Content/consults/hl-2026-0001.json"], stderr: .full, stdin: "", stdoutFull: true)
        #expect(result.reason == .exit)
        #expect(result.status == 1)
    }

    /// Runs `carepress` in the repository with its standard error sent to a sink (stdout read through a pipe, or
    /// `/dev/full`); returns how it ended and what it wrote to stdout.
    static func run(_ arguments: [String], stderr sink: Sink, stdin: String, stdoutFull: Bool = false) throws -> (
        reason: Process.TerminationReason, status: Int32, stdout: Data
    ) {
        let carepress = try #require(CLI.carepress, "run `swift build` first")
        signal(SIGPIPE, SIG_IGN)
        let process = Process()
        process.currentDirectoryURL = CLI.repository
        let brokenPipe = Pipe()
        switch sink {
        case .full:
            process.executableURL = carepress
            process.arguments = arguments
            process.standardError = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        case .closed:
            // The shell closes descriptor 2, then becomes carepress: the process watched is carepress itself.
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "exec \"$0\" \"$@\" 2>&-", carepress.path] + arguments
        case .closedPipe:
            process.executableURL = carepress
            process.arguments = arguments
            try brokenPipe.fileHandleForReading.close()
            process.standardError = brokenPipe.fileHandleForWriting
        }
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = stdoutFull ? try #require(FileHandle(forWritingAtPath: "/dev/full")) : output
        try process.run()
        if sink == .closedPipe { try brokenPipe.fileHandleForWriting.close() }
        try? input.fileHandleForWriting.write(contentsOf: Data(stdin.utf8))
        try? input.fileHandleForWriting.close()
        let stdout = stdoutFull ? Data() : output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationReason, process.terminationStatus, stdout)
    }
}
