import ArgumentParser
import CarePress
import Foundation

/// Writing to the terminal's streams.
enum Terminal {
    /// Whether standard error is a terminal (so a progress line can be redrawn in place).
    static var standardErrorIsTerminal: Bool { isatty(2) == 1 }

    /// Whether standard output is a terminal (where a binary document must not go).
    static var standardOutputIsTerminal: Bool { isatty(1) == 1 }

    /// Writes a line to standard error (a failure is remembered for the exit status; see `CarePressCommand.main`).
    static func error(_ line: String) {
        errorText(line + "\n")
    }

    /// Writes text to standard error as it is, without a line break (a progress line redrawn in place).
    static func errorText(_ text: String) {
        StreamWriter.writeStandardError(Array(text.utf8))
    }

    /// Writes bytes to standard output; when they cannot be written (a full disk, a closed pipe), says so on standard
    /// error and exits with status 1.
    static func output(_ bytes: [UInt8]) throws {
        do {
            try StreamWriter.writeStandardOutput(bytes)
        } catch {
            Self.error("error: cannot write to standard output: \(error.reason)")
            throw ExitCode(1)
        }
    }

    /// Writes a line of text to standard output, as `output` does.
    static func outputLine(_ text: String) throws {
        try output(Array((text + "\n").utf8))
    }

    /// Writes every diagnostic to standard error, one located line each.
    static func report(_ diagnostics: [Diagnostic]) {
        guard !diagnostics.isEmpty else { return }
        error(diagnostics.map(\.description).joined(separator: "\n"))
    }
}
