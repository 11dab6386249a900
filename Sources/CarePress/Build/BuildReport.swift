/// What a build or check did: its diagnostics and its counts.
public struct BuildReport: Sendable {
    /// Every problem found, errors and warnings, sorted by file and position.
    public var diagnostics: [Diagnostic] = []
    /// Records found.
    public var records = 0
    /// Records skipped because they have errors.
    public var failedRecords = 0
    /// Files written (created or changed).
    public var written = 0
    /// Files that already held exactly what the build made.
    public var unchanged = 0

    /// Whether anything had an error; the command then exits with status 1.
    public var hasErrors: Bool { diagnostics.hasErrors }
    /// The number of errors.
    public var errorCount: Int { diagnostics.filter { $0.severity == .error }.count }
    /// The number of warnings.
    public var warningCount: Int { diagnostics.filter { $0.severity == .warning }.count }
}

extension BuildReport {
    /// One line on what a build did, for the end of its output.
    public func buildSummary(outputPath: String) -> String {
        var parts = ["\(records - failedRecords) of \(records) records rendered"]
        parts.append("\(written) files written, \(unchanged) unchanged")
        parts.append(counts)
        return "Built \(outputPath): " + parts.joined(separator: "; ")
    }

    /// One line on what a check found.
    public var checkSummary: String {
        "Checked \(records) records (\(failedRecords) with errors) and the knowledge store: \(counts)"
    }

    private var counts: String {
        "\(errorCount) error\(errorCount == 1 ? "" : "s"), \(warningCount) warning\(warningCount == 1 ? "" : "s")"
    }
}
