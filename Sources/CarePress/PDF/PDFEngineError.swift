/// Why the PDF engine cannot print at all: a problem with the machine, not with a report (exit status 2).
public enum PDFEngineError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No Chromium executable was found; says where it looked.
    case chromiumNotFound(String)
    /// Chromium was found but did not start, or did not answer over its DevTools pipe.
    case chromiumDidNotStart(String)

    /// What went wrong.
    public var message: String {
        switch self {
        case .chromiumNotFound(let reason): reason
        case .chromiumDidNotStart(let reason): reason
        }
    }

    /// How to fix it.
    public var hint: String {
        switch self {
        case .chromiumNotFound:
            "PDFs are printed by headless Chromium: install it (Debian and Ubuntu: 'sudo apt-get install "
                + "chromium-headless-shell', or 'chromium'; macOS: 'brew install --cask chromium'), or set "
                + "\(ChromiumLocator.environmentVariable) to its executable"
        case .chromiumDidNotStart:
            "check that '\(ChromiumLocator.environmentVariable)' or the chromium on PATH runs: 'chromium --headless --version'"
        }
    }

    /// The message and the hint, as the command line prints them.
    public var description: String { "error: \(message)\n    hint: \(hint)" }
}
