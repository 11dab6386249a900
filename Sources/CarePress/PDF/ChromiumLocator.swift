import Foundation

/// Finds the Chromium to print with: `CAREPRESS_CHROMIUM` when set, otherwise the first of `chromium-headless-shell`,
/// `chrome-headless-shell`, `chromium`, `chromium-browser` and `google-chrome` on `PATH`.
///
/// The headless shell comes first: it prints the same tagged PDFs for less than half the CPU, because the full
/// browser starts a new print-compositor process for every PDF, and the shell composes the PDF in the page's
/// renderer.
public enum ChromiumLocator {
    /// The environment variable that names the browser's executable, overriding the search of `PATH`.
    public static let environmentVariable = "CAREPRESS_CHROMIUM"
    /// The program names looked for on `PATH`, in order: the headless shells (Debian's package, then Chrome for
    /// Testing's), then the full browsers.
    public static let programNames = [
        "chromium-headless-shell", "chrome-headless-shell", "chromium", "chromium-browser", "google-chrome",
    ]

    /// The executable's path, or why there is none (with how to install one).
    public static func locate(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> Result<String, PDFEngineError> {
        if let named = environment[environmentVariable], !named.isEmpty {
            if let path = executable(named, searching: environment["PATH"]) { return .success(path) }
            return .failure(
                .chromiumNotFound(
                    "\(environmentVariable) is set to '\(named)', which is not an executable file"))
        }
        for name in programNames {
            if let path = executable(name, searching: environment["PATH"]) { return .success(path) }
        }
        return .failure(
            .chromiumNotFound(
                "no Chromium found: looked for \(programNames.joined(separator: ", ")) on PATH, and \(environmentVariable) is not set"
            ))
    }

    /// A path to an executable file: `name` itself when it has a `/`, otherwise the first match in `PATH`.
    static func executable(_ name: String, searching path: String?) -> String? {
        if name.contains("/") { return isExecutableFile(name) ? name : nil }
        for directory in (path ?? "").split(separator: ":", omittingEmptySubsequences: true) {
            let candidate = directory + "/" + name
            if isExecutableFile(candidate) { return candidate }
        }
        return nil
    }

    private static func isExecutableFile(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
            && FileManager.default.isExecutableFile(atPath: path)
    }
}
