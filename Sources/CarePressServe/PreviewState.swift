import CarePress

/// What open pages are told after each build, as the JSON of a reload-channel event.
public struct PreviewState: Sendable, Equatable, Encodable {
    /// One build error, as the overlay shows it.
    public struct BuildError: Sendable, Equatable, Encodable {
        /// `file:line:column`.
        public var location: String
        /// What is wrong, with its JSON/YAML path when it has one.
        public var message: String
        /// How to fix it, when there is something useful to say.
        public var hint: String?
    }

    /// Counts the builds that changed the output; a page served at an older generation is out of date.
    public var generation = 0
    /// Whether the last change of the output was of stylesheets only, which open pages can swap in place.
    public var stylesheetsOnly = false
    /// The stylesheets that changed (paths in the output folder, e.g. `assets/style.css`).
    public var stylesheets: [String] = []
    /// The errors of the last build; empty when it had none.
    public var errors: [BuildError] = []

    /// The largest number of errors sent to the overlay; the terminal has them all.
    public static let errorLimit = 50

    /// Creates the state before the first build.
    public init() {}

    /// The errors of a build's diagnostics, at most `errorLimit`.
    public static func errors(of diagnostics: [Diagnostic]) -> [BuildError] {
        diagnostics.filter { $0.severity == .error }.prefix(errorLimit).map { diagnostic in
            BuildError(
                location: "\(diagnostic.file):\(diagnostic.position.line):\(diagnostic.position.column)",
                message: (diagnostic.path.isEmpty ? "" : diagnostic.path + ": ") + diagnostic.message,
                hint: diagnostic.hint)
        }
    }
}
