/// A 1-based line and column in a source file; columns count Unicode scalars, as libyaml does.
public struct SourcePosition: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The line, starting at 1.
    public var line: Int
    /// The column, starting at 1, counted in Unicode scalars.
    public var column: Int

    /// Creates a position from a 1-based line and column.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// The start of a file.
    public static let start = SourcePosition(line: 1, column: 1)

    public var description: String { "\(line):\(column)" }

    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}
