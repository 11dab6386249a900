import Testing

/// The parsing test suites (`swift test --filter Parsing`): SourceText, JSON, YAML and front matter.
@Suite("Parsing")
enum Parsing {}
