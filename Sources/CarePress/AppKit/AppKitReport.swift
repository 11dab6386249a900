import Foundation

/// What `carepress app-kit` did: its diagnostics, the kit's manifest and how many files changed.
public struct AppKitReport: Sendable {
    /// Every problem found, errors and warnings, sorted by file and position.
    public var diagnostics: [Diagnostic] = []
    /// The kit's manifest, once the kit was written.
    public var manifest: KitManifest?
    /// The manifest of a kit that was made but not written, because something had an error.
    public var unwritten: KitManifest?
    /// Files written (created or changed).
    public var written = 0
    /// Files that already held exactly what the kit holds.
    public var unchanged = 0
    /// Files of an earlier kit that this one no longer has, removed.
    public var deleted = 0

    /// Creates an empty report.
    public init() {}

    /// Whether anything had an error; the command then exits with status 1.
    public var hasErrors: Bool { diagnostics.hasErrors }

    /// The lines to print: the prompt budget, then what was written where and how big the kit is.
    public func summary(outputPath: String) -> [String] {
        guard let manifest else {
            guard let unwritten else { return ["app kit: nothing written to \(outputPath)"] }
            return [
                unwritten.promptBudget.line,
                "app kit: nothing written to \(outputPath), as it has errors (it would take \(unwritten.sizes.total) "
                    + "bytes, \(Self.megabytes(unwritten.sizes.total)) of the app's "
                    + "\(Self.megabytes(AppKitBuilder.sizeLimit)))",
            ]
        }
        let counts = manifest.counts
        return [
            manifest.promptBudget.line,
            "app kit: \(outputPath) (\(counts.swiftFiles) Swift files, \(counts.guideFiles) guide files; "
                + "\(counts.conditions) conditions, \(counts.exercises) exercises): \(manifest.sizes.total) bytes "
                + "(\(Self.megabytes(manifest.sizes.total)) of the app's \(Self.megabytes(AppKitBuilder.sizeLimit))); "
                + "\(written) written, \(unchanged) unchanged, \(deleted) removed",
        ]
    }

    /// Bytes as megabytes (10^6) with two decimals, e.g. `0.55 MB`.
    static func megabytes(_ bytes: Int) -> String {
        String(format: "%.2f MB", Double(bytes) / 1_000_000)
    }
}
