import Testing

@testable import CarePress

extension Parsing {
    /// Finding 6 of issue 40: the YAML bound counted values, not text, so one knowledge file repeating a 1 MB scalar
    /// through 100 aliases took 21 s and 914 MB. What a document expands to is bounded in bytes of text too, whatever
    /// the aliases repeat (a scalar, a list, a mapping, aliases of aliases), and the loader gives up as soon as the
    /// bound is passed.
    @Suite("YAML alias expansion")
    struct YAMLExpansionTests {
        /// The error every document below gets, at the anchored value whose copy passed the bound.
        static let message = "the document expands to more than 2097152 bytes of text"
        static let hint =
            "aliases ('*name') repeat the value here, or one that holds it; a document may expand to at most 2 MiB "
            + "of text (see formats/README.md, Limits)"

        static func string(_ node: ContentNode) -> String? {
            if case .string(let text) = node.value { text } else { nil }
        }

        static func text(_ count: Int, _ letter: Character = "x") -> String {
            String(repeating: letter, count: count)
        }

        /// `copies` aliases of a 64 KB scalar (plus the anchored scalar itself).
        static func scalarCopies(_ copies: Int) -> String {
            "big: &big \"\(text(1 << 16))\"\ncopies:\n" + String(repeating: "  - *big\n", count: copies)
        }

        /// 30 aliases of a list of a thousand 100-byte scalars (100 KB).
        static let sequenceCopies =
            "row: &row [" + (0..<1000).map { _ in text(100) }.joined(separator: ", ") + "]\ntable:\n"
            + String(repeating: "  - *row\n", count: 30)

        /// 30 aliases of a mapping of a thousand 100-byte values (100 KB).
        static let mappingCopies =
            "entry: &entry {" + (0..<1000).map { "k\($0): \(text(100))" }.joined(separator: ", ") + "}\nall:\n"
            + String(repeating: "  - *entry\n", count: 30)

        /// Nine levels, each a list of ten aliases of the level before; the first, ten scalars of 1 KB: 10 TB of text
        /// in a document of 11 KB, and far fewer values than the value bound at the point the text passes its bound.
        static let laughs: String = {
            var yaml = "l0: &l0 [" + Array(repeating: text(1000, "l"), count: 10).joined(separator: ", ") + "]\n"
            for level in 1..<10 {
                yaml +=
                    "l\(level): &l\(level) [" + Array(repeating: "*l\(level - 1)", count: 10).joined(separator: ", ")
                    + "]\n"
            }
            return yaml
        }()

        /// Aliases of mappings that hold aliases of lists that hold aliases of scalars.
        static let mixed: String = {
            var yaml = "s: &s \"\(text(4000))\"\n"
            yaml += "l: &l [" + Array(repeating: "*s", count: 20).joined(separator: ", ") + "]\n"
            yaml += "m: &m {" + (0..<10).map { "k\($0): *l" }.joined(separator: ", ") + "}\n"
            yaml += "top:\n" + String(repeating: "  - *m\n", count: 10)
            return yaml
        }()

        @Test(
            "an alias of a large value is refused once the text passes its bound",
            arguments: [
                ("scalar", scalarCopies(40)),
                ("sequence", sequenceCopies),
                ("mapping", mappingCopies),
                ("nested (billion laughs)", laughs),
                ("mixed", mixed),
            ])
        func largeExpansionIsRefused(_ name: String, _ yaml: String) throws {
            let problem = try #require(throws: SyntaxError.self) { try YAMLLoader.parse(yaml) }
            #expect(problem.message == Self.message, "\(name)")
            #expect(problem.hint == Self.hint)
            // Located in the anchored value (on the first line, from its '&' on) whose copies passed the bound.
            let firstLine = yaml.prefix { $0 != "\n" }
            let anchor = try #require(firstLine.firstIndex(of: "&"))
            #expect(problem.position.line == 1, "\(name)")
            #expect(
                (firstLine.distance(from: firstLine.startIndex, to: anchor) + 1...firstLine.count).contains(
                    problem.position.column), "\(name): \(problem.position)")
        }

        @Test("front matter is held to the same bound, with its lines counted in the page")
        func frontMatter() throws {
            let problem = try #require(throws: SyntaxError.self) {
                try YAMLLoader.parse(Self.scalarCopies(40), lineOffset: 1)
            }
            #expect(problem.message == Self.message)
            #expect(problem.position == SourcePosition(line: 2, column: 6))
        }

        @Test("a document within the bound loads, its aliases expanded")
        func withinTheBound() throws {
            // 31 copies of 64 KB and 9 bytes of keys: 2,031,625 bytes.
            let root = try YAMLLoader.parse(Self.scalarCopies(30))
            #expect(root["copies"]?.elements.count == 30)
            #expect(root["copies"]?.elements.allSatisfy { Self.string($0)?.utf8.count == 1 << 16 } == true)
        }

        @Test("an ordinary file with a few aliases loads as before")
        func ordinaryAliases() throws {
            let yaml = """
                name: Runner's knee
                bodyArea: knee
                summary: Pain around the kneecap.
                redFlags: &flags
                  - You cannot put weight on the leg
                  - The knee is hot and swollen
                phases:
                  - phase: early
                    watchFor: *flags
                  - phase: late
                    watchFor: *flags
                """
            let root = try YAMLLoader.parse(yaml)
            let phases = try #require(root["phases"]?.elements)
            #expect(phases.count == 2)
            for phase in phases {
                #expect(
                    phase["watchFor"]?.elements.compactMap(Self.string) == [
                        "You cannot put weight on the leg", "The knee is hot and swollen",
                    ])
            }
        }
    }
}
