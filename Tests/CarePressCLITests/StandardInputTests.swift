import Foundation
import Testing

/// A command that reads its document from standard input never traps on a read that fails: `markdown` and `export -`
/// with a folder on standard input (`< /`, EISDIR) end with status 1 and the system's reason, not SIGILL.
@Suite("Standard input that cannot be read")
struct StandardInputTests {
    /// Runs `carepress ARGUMENTS < /` through the shell: its status (128 + the signal for a signal death) and stderr.
    static func runWithAFolderOnStandardInput(_ arguments: String) throws -> (status: Int32, stderr: String) {
        let program = try #require(CLI.carepress, "carepress is not built")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "'\(program.path)' \(arguments) < / 2>&1 >/dev/null"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test(arguments: ["markdown", "export -"])
    func aFolderOnStandardInputIsAnErrorNotACrash(arguments: String) throws {
        let result = try Self.runWithAFolderOnStandardInput(arguments)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("(EISDIR)"), "\(result.stderr)")
        #expect(!result.stderr.contains("Fatal error") && !result.stderr.contains("does not exist"), "\(result.stderr)")
    }
}
