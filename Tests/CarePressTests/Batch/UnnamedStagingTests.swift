#if os(Linux)
    import Foundation
    import Testing

    @testable import CarePress

    /// New files are staged unnamed (`O_TMPFILE`) and linked into place; past the cap on descriptors, for a file that
    /// exists, and when the name is taken meanwhile, the writer falls back to temporary names and renames.
    @Suite("Unnamed staging")
    struct UnnamedStagingTests {
        /// A writer whose unnamed files are capped at `budget`, and the cap's counter.
        private func writer(_ project: TemporaryProject, budget: Int) throws -> (OutputWriter, UnnamedFiles) {
            let unnamed = try #require(UnnamedFiles(budget: budget))
            return (try OutputWriter(root: project.path("Output"), unnamed: unnamed), unnamed)
        }

        /// Every entry of an output folder, hidden ones included.
        private func entries(_ project: TemporaryProject, _ folder: String) throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: project.path("Output/" + folder)).sorted()
        }

        @Test func aNewFileHasNoNameUntilItIsCommitted() throws {
            let project = try TemporaryProject()
            let (writer, unnamed) = try writer(project, budget: 8)
            let staged = try #require(try writer.stage(Array("<p>one</p>".utf8), to: "reports/a.html", mayExist: false))
            guard case .unnamed = staged.holding else {
                Issue.record("staged under a name: \(staged.holding)")
                return
            }
            #expect(try entries(project, "reports").isEmpty)
            #expect(unnamed.openCount == 1)
            try writer.commit(staged)
            #expect(try entries(project, "reports") == ["a.html"])
            #expect(project.read("Output/reports/a.html") == "<p>one</p>")
            #expect(unnamed.openCount == 0)
        }

        @Test func aDiscardedUnnamedFileLeavesNothing() throws {
            let project = try TemporaryProject()
            let (writer, unnamed) = try writer(project, budget: 8)
            let staged = try #require(try writer.stage(Array("x".utf8), to: "reports/a.html"))
            writer.discard(staged)
            #expect(try entries(project, "reports").isEmpty)
            #expect(unnamed.openCount == 0)
        }

        @Test func pastTheCapFilesAreStagedUnderTemporaryNames() throws {
            let project = try TemporaryProject()
            let (writer, unnamed) = try writer(project, budget: 2)
            let staged = try (1...3).map { number in
                try #require(try writer.stage(Array("\(number)".utf8), to: "reports/\(number).md", mayExist: false))
            }
            #expect(staged.map { if case .unnamed = $0.holding { true } else { false } } == [true, true, false])
            #expect(try entries(project, "reports").count == 1)
            #expect(unnamed.openCount == 2)
            for file in staged { try writer.commit(file) }
            #expect(try entries(project, "reports") == ["1.md", "2.md", "3.md"])
            #expect(project.read("Output/reports/3.md") == "3")
            #expect(unnamed.openCount == 0)
            // A descriptor given back makes room for the next.
            let next = try #require(try writer.stage(Array("4".utf8), to: "reports/4.md", mayExist: false))
            if case .named = next.holding { Issue.record("the cap was not given back") }
            try writer.commit(next)
        }

        @Test func aFileThatExistsIsReplacedThroughATemporaryName() throws {
            let project = try TemporaryProject()
            let (writer, unnamed) = try writer(project, budget: 8)
            try writer.write("old", to: "reports/a.md")
            let staged = try #require(try writer.stage(Array("new".utf8), to: "reports/a.md"))
            guard case .named = staged.holding else {
                Issue.record("an existing file was staged unnamed, which cannot replace it")
                return
            }
            try writer.commit(staged)
            #expect(project.read("Output/reports/a.md") == "new")
            #expect(try entries(project, "reports") == ["a.md"])
            #expect(unnamed.openCount == 0)
        }

        /// Something takes the target's name between staging and commit: a file, or a link out of the output folder.
        /// The commit replaces it, atomically, and never writes through the link.
        @Test(arguments: [false, true])
        func aNameTakenSinceStagingIsReplaced(byLink: Bool) throws {
            let project = try TemporaryProject()
            let (writer, unnamed) = try writer(project, budget: 8)
            let staged = try #require(try writer.stage(Array("mine".utf8), to: "reports/a.md", mayExist: false))
            try project.write("secret.txt", "keep")
            if byLink {
                try FileManager.default.createSymbolicLink(
                    atPath: project.path("Output/reports/a.md"), withDestinationPath: project.path("secret.txt"))
            } else {
                try project.write("Output/reports/a.md", "theirs")
            }
            try writer.commit(staged)
            #expect(project.read("Output/reports/a.md") == "mine")
            #expect(project.read("secret.txt") == "keep")
            let attributes = try FileManager.default.attributesOfItem(atPath: project.path("Output/reports/a.md"))
            #expect(attributes[.type] as? FileAttributeType == .typeRegular)
            #expect(try entries(project, "reports") == ["a.md"])
            #expect(unnamed.openCount == 0)
        }

        /// Both ways of linking name the file with its bytes and refuse a name that is taken. Linux 6.10 and later
        /// link through the descriptor itself (no `/proc` path walked); older kernels may refuse that, which is what
        /// the path is kept for.
        @Test(arguments: UnnamedFiles.LinkRoute.allCases)
        func anUnnamedFileIsLinked(through route: UnnamedFiles.LinkRoute) throws {
            try withUnnamedFile { project, _, folder, descriptor in
                #expect(write(descriptor, "linked", 6) == 6)
                let error = UnnamedFiles.link(descriptor, to: folder + "/a.txt", through: route)
                if route == .descriptor, error == ENOENT, !Self.kernel(atLeast: 6, 10) {
                    return  // refused by this kernel: `link(_:to:)` goes through the path, as the next test shows
                }
                #expect(error == 0, "errno \(error)")
                #expect(project.read("Output/a.txt") == "linked")
                #expect(UnnamedFiles.link(descriptor, to: folder + "/a.txt", through: route) == EEXIST)
                #expect(UnnamedFiles.link(descriptor, to: folder + "/gone/b.txt", through: route) == ENOENT)
            }
        }

        /// `link(_:to:)` names the file whichever way the kernel allows (through the descriptor from Linux 6.10), and
        /// reports a missing folder as such, without giving up the descriptor.
        @Test func linkFindsAWayAndReportsAMissingFolder() throws {
            try withUnnamedFile { _, unnamed, folder, descriptor in
                #expect(unnamed.link(descriptor, to: folder + "/gone/b.txt") == ENOENT)
                #expect(unnamed.link(descriptor, to: folder + "/a.txt") == 0)
                #expect(FileManager.default.fileExists(atPath: folder + "/a.txt"))
                if Self.kernel(atLeast: 6, 10) { #expect(unnamed.linkRoute == .descriptor) }
            }
        }

        /// Calls `body` with an unnamed file open in a new project's `Output` folder (with its `UnnamedFiles` and the
        /// folder's path), and closes it after.
        private func withUnnamedFile(
            _ body: (TemporaryProject, UnnamedFiles, _ folder: String, _ descriptor: Int32) throws -> Void
        ) throws {
            let project = try TemporaryProject()
            let unnamed = try #require(UnnamedFiles(budget: 8))
            let folder = project.path("Output")
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let descriptor = try #require(unnamed.open(in: folder))
            defer { unnamed.close(descriptor) }
            try body(project, unnamed, folder, descriptor)
        }

        /// Whether the running kernel's release is at least `major.minor`.
        private static func kernel(atLeast major: Int, _ minor: Int) -> Bool {
            var name = utsname()
            uname(&name)
            let release = withUnsafeBytes(of: &name.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            let parts = release.split(whereSeparator: { !$0.isNumber }).prefix(2).compactMap { Int($0) }
            guard parts.count == 2 else { return false }
            return (parts[0], parts[1]) >= (major, minor)
        }

        /// The process's table of descriptors is grown at once to hold the whole budget (`FDSize` in
        /// `/proc/self/status`), instead of doubling, with a stall each time, while the workers stage files.
        @Test func theDescriptorTableHoldsTheWholeBudgetFromTheStart() throws {
            let unnamed = try #require(UnnamedFiles.shared)
            let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
            let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("FDSize:") })
            let size = try #require(Int(line.dropFirst("FDSize:".count).trimmingCharacters(in: .whitespaces)))
            #expect(size > unnamed.budget + 512)
        }

        /// `write` (the shared pages) stages a new file unnamed too, gives its descriptor back, and leaves the same
        /// bytes alone.
        @Test func writeGivesBackItsDescriptors() throws {
            let project = try TemporaryProject()
            let (writer, unnamed) = try writer(project, budget: 8)
            #expect(try writer.write("one", to: "index.html") == .written)
            #expect(try writer.write("one", to: "index.html") == .unchanged)
            #expect(try writer.write("two", to: "index.html") == .written)
            #expect(project.read("Output/index.html") == "two")
            #expect(try entries(project, "") == ["index.html"])
            #expect(unnamed.openCount == 0)
        }
    }
#endif
