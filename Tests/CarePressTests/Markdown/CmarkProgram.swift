import Foundation
import Testing

/// The reference `cmark` program, run as a separate process to get the output the wrapper must reproduce.
enum CmarkProgram {
    /// What a test says when `cmark` cannot be found.
    static let missingMessage: Comment =
        "the cmark program was not found (looked on PATH and in /usr/bin); `make test` installs it"

    /// The path of the `cmark` executable, or nil when it is not installed.
    static let path: String? = {
        let pathDirectories = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
        let candidates = pathDirectories.map { $0 + "/cmark" } + ["/usr/bin/cmark", "/usr/local/bin/cmark"]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// A run of `cmark` that did not exit with status 0.
    struct Failure: Error, CustomStringConvertible {
        /// The exit status.
        let status: Int32
        var description: String { "cmark exited with status \(status)" }
    }

    /// Runs `cmark` at `path` with `arguments`, feeds it `markdown` on stdin and returns what it prints on stdout.
    static func render(_ markdown: [UInt8], arguments: [String] = [], path: String) throws -> [UInt8] {
        signal(SIGPIPE, SIG_IGN)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        let writer = input.fileHandleForWriting
        let data = Data(markdown)
        let written = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            try? writer.write(contentsOf: data)
            try? writer.close()
            written.signal()
        }
        let html = output.fileHandleForReading.readDataToEndOfFile()
        written.wait()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(status: process.terminationStatus)
        }
        return [UInt8](html)
    }
}
