import Foundation

/// Runs the built `carepress` program (and the reference `cmark`) as child processes, as a user would.
enum CLI {
    /// What a run printed and how it ended.
    typealias Output = (status: Int32, stdout: Data, stderr: Data)

    /// The product folder `swift build` wrote `carepress` to, or nil when it cannot be found.
    ///
    /// On Linux the test runner is `<product folder>/CarePressPackageTests.xctest`; on macOS it is a bundle inside
    /// the product folder. Both are searched upwards from the runner; as a last resort, `.build/debug` of the package.
    static let productDirectory: URL? = {
        var starts: [URL] = []
        if let runner = CommandLine.arguments.first {
            starts.append(URL(fileURLWithPath: runner).resolvingSymlinksInPath())
        }
        if let executable = Bundle.main.executableURL {
            starts.append(executable.resolvingSymlinksInPath())
        }
        starts.append(Bundle.main.bundleURL.resolvingSymlinksInPath())
        for start in starts {
            var directory = start.deletingLastPathComponent()
            for _ in 0..<5 {
                if isProgram(directory.appendingPathComponent("carepress")) {
                    return directory
                }
                directory = directory.deletingLastPathComponent()
            }
        }
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let debug = packageRoot.appendingPathComponent(".build/debug")
        return isProgram(debug.appendingPathComponent("carepress")) ? debug : nil
    }()

    /// The `carepress` executable, or nil when it has not been built.
    static var carepress: URL? { productDirectory?.appendingPathComponent("carepress") }

    /// The reference `cmark` program, or nil when it is not installed.
    static let cmark: URL? = {
        let pathDirectories = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
        let candidates = pathDirectories.map { $0 + "/cmark" } + ["/usr/bin/cmark", "/usr/local/bin/cmark"]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }.map(URL.init(fileURLWithPath:))
    }()

    /// A program the tests need that is not there.
    struct MissingProgram: Error, CustomStringConvertible {
        /// What is missing and how to get it.
        let description: String
    }

    /// The repository root, found from this file's path.
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The sample project's content folder.
    static let sampleContent = repository.appendingPathComponent("Content").path

    /// Runs `carepress app-kit` on the sample project and its theme, writing the kit into `kit`.
    static func appKitOfTheSample(into kit: URL) throws -> Output {
        try run([
            "app-kit", "--content", sampleContent, "--templates", repository.appendingPathComponent("Templates").path,
            "--output", kit.path,
        ])
    }

    /// The fixtures folder of the CLI tests.
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// Runs `carepress` with `arguments` in a folder (the test's own by default), feeding it `stdin`; `environment`
    /// replaces or adds variables of the test's environment.
    static func run(
        _ arguments: [String], in directory: URL? = nil, stdin: Data = Data(), environment: [String: String] = [:]
    ) throws -> Output {
        guard let carepress else {
            throw MissingProgram(description: "the carepress executable was not found; run `swift build` first")
        }
        return try run(carepress, arguments, in: directory, stdin: stdin, environment: environment)
    }

    /// Runs `program` with `arguments`, feeding it `stdin` while collecting its stdout and stderr.
    static func run(
        _ program: URL, _ arguments: [String], in directory: URL? = nil, stdin: Data,
        environment: [String: String] = [:]
    ) throws -> Output {
        // A program that exits without reading its input must not kill the test runner with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let input = Pipe()
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let writer = input.fileHandleForWriting
        let errorReader = errors.fileHandleForReading
        let errorText = ErrorText()
        let finished = DispatchGroup()
        DispatchQueue.global().async(group: finished) {
            try? writer.write(contentsOf: stdin)
            try? writer.close()
        }
        DispatchQueue.global().async(group: finished) {
            errorText.data = errorReader.readDataToEndOfFile()
        }
        let stdout = output.fileHandleForReading.readDataToEndOfFile()
        finished.wait()
        process.waitUntilExit()
        return (process.terminationStatus, stdout, errorText.data)
    }

    /// Runs `carepress` with its standard output sent to `standardOutput` (a file, a device, a pipe nobody reads);
    /// returns its exit status and what it wrote to stderr.
    static func run(_ arguments: [String], standardOutput: FileHandle, in directory: URL? = nil) throws -> (
        status: Int32, stderr: String
    ) {
        guard let carepress else {
            throw MissingProgram(description: "the carepress executable was not found; run `swift build` first")
        }
        signal(SIGPIPE, SIG_IGN)
        let process = Process()
        process.executableURL = carepress
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        let errors = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = standardOutput
        process.standardError = errors
        try process.run()
        let stderr = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: stderr, as: UTF8.self))
    }

    /// Whether `url` is an executable regular file.
    private static func isProgram(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && !isDirectory.boolValue
            && FileManager.default.isExecutableFile(atPath: url.path)
    }

    /// What a child process wrote to stderr, filled in by the queue that reads it before the group is left.
    private final class ErrorText: @unchecked Sendable {
        /// The bytes read.
        var data = Data()
    }
}

extension CLI {
    /// Takes `<output>/.carepress/build.lock` exclusively, as a running whole build holds it (making the folder if
    /// need be); the descriptor, for the caller to close.
    static func holdBuildLock(of output: URL) throws -> Int32 {
        try FileManager.default.createDirectory(
            at: output.appendingPathComponent(".carepress"), withIntermediateDirectories: true)
        let lock = open(output.appendingPathComponent(".carepress/build.lock").path, O_RDWR | O_CREAT, 0o644)
        guard lock >= 0, flock(lock, LOCK_EX) == 0 else {
            if lock >= 0 { close(lock) }
            throw CocoaError(.fileWriteUnknown)
        }
        return lock
    }
}
