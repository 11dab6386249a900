extension BuildManifest {
    /// A record's output files, kept compact: most records make exactly the two files named after their kind and id.
    enum Outputs: Sendable, Equatable {
        /// The report's Markdown and HTML files, named after the record's kind and id (`ReportPaths`).
        case standard
        /// Any other list (none, for a record that never rendered, or extra files such as charts).
        case listed([String])

        /// The paths, for a record of a kind and id.
        func paths(kind: RecordKind, id: String?) -> [String] {
            switch self {
            case .standard:
                guard let id else { return [] }
                // `ReportPaths.markdown` and `.html`, with the slug made once.
                let base = ReportPaths.base(kind: kind, id: id)
                return [base + ".md", base + ".html"]
            case .listed(let paths): return paths
            }
        }

        /// The compact form of a list of paths (compared byte for byte).
        static func of(_ paths: [String], kind: RecordKind, id: String?) -> Outputs {
            let standard = Outputs.standard.paths(kind: kind, id: id)
            return !paths.isEmpty && paths.count == standard.count
                && zip(paths, standard).allSatisfy({ $0.hasSameUTF8(as: $1) }) ? .standard : .listed(paths)
        }

        /// Both lists together, without repeats, in byte order: what a record may own while it is being replaced.
        static func union(_ first: [String], _ second: [String]) -> Outputs {
            .listed(BytePath.sortedUnique(first + second))
        }

        /// The paths of `old` that `new` no longer lists (compared byte for byte).
        static func dropped(from old: [String], keeping new: [String]) -> [String] {
            let kept = Set(new.map(BytePath.init))
            return old.filter { !kept.contains(BytePath($0)) }
        }
    }
}
