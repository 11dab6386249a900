import Foundation

/// Runs the built `carepress` binary as a user would.
enum CLI {
    /// What a run printed and how it ended.
    struct Run {
        var status: Int32
        var stdout: Data
        var stderr: Data
        var out: String { String(decoding: stdout, as: UTF8.self) }
        var err: String { String(decoding: stderr, as: UTF8.self) }
    }

    /// The repository root, found from this file's path.
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The fixtures folder of the CLI tests.
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// The `carepress` binary next to the test bundle (`swift build` puts both in the same products folder).
    static let binary: URL = {
        var folder = Bundle.main.bundleURL
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("carepress")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder.deleteLastPathComponent()
        }
        return repository.appendingPathComponent(".build/debug/carepress")
    }()

    /// Runs `carepress` with arguments, in a folder, feeding stdin; reads both streams fully.
    static func run(_ arguments: [String], in directory: URL? = nil, stdin: Data = Data()) throws -> Run {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        let input = Pipe()
        let output = Pipe()
        let error = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let group = DispatchGroup()
        nonisolated(unsafe) var outData = Data()
        nonisolated(unsafe) var errData = Data()
        group.enter()
        DispatchQueue.global().async {
            outData = output.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        group.enter()
        DispatchQueue.global().async {
            errData = error.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        input.fileHandleForWriting.write(stdin)
        try input.fileHandleForWriting.close()
        group.wait()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: outData, stderr: errData)
    }
}
