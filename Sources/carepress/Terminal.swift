import CarePress
import Foundation

/// Writing to the terminal's streams.
enum Terminal {
    /// Whether standard error is a terminal (so a progress line can be redrawn in place).
    static var standardErrorIsTerminal: Bool { isatty(2) == 1 }

    /// Whether standard output is a terminal (where a binary document must not go).
    static var standardOutputIsTerminal: Bool { isatty(1) == 1 }

    /// Writes a line to standard error.
    static func error(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// Writes every diagnostic to standard error, one located line each.
    static func report(_ diagnostics: [Diagnostic]) {
        guard !diagnostics.isEmpty else { return }
        error(diagnostics.map(\.description).joined(separator: "\n"))
    }
}
