import CarePress
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Site projects made from the repository's sample content and theme, copied so that tests can change them.
extension TemporaryProject {
    /// The sample project (`Content/`) and the default theme (`Templates/`), copied into a fresh folder.
    static func sample() throws -> TemporaryProject {
        let project = try TemporaryProject()
        for folder in ["Content", "Templates"] {
            try FileManager.default.copyItem(
                atPath: repository.appendingPathComponent(folder).path, toPath: project.path(folder))
        }
        return project
    }

    /// The sample shared inputs and theme with `copies` clones of every sample record (ids suffixed `-c<n>`), so
    /// every kind, schema, leaflet and knowledge citation of the samples occurs many times.
    static func generated(copies: Int) throws -> TemporaryProject {
        let project = try sample()
        for kind in ["consults", "physio", "stacks"] {
            let folder = project.path("Content/\(kind)")
            let samples = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".json") }
            for name in samples.sorted() {
                let text = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
                let id = String(name.dropLast(".json".count))
                try FileManager.default.removeItem(atPath: folder + "/" + name)
                for copy in 1...copies {
                    try project.write(
                        "Content/\(kind)/\(id)-c\(copy).json", withID(text, from: id, to: "\(id)-c\(copy)"))
                }
            }
        }
        return project
    }

    /// A record's text with its id replaced.
    static func withID(_ text: String, from old: String, to new: String) -> String {
        text.replacingOccurrences(of: "\"id\": \"\(old)\"", with: "\"id\": \"\(new)\"")
    }

    /// Build options using this project's own copy of the theme.
    func ownThemeOptions(output: String = "Output", jobs: Int = 2, force: Bool = false, shard: Shard = .all)
        -> BuildOptions
    {
        BuildOptions(
            contentPath: path("Content"), templatesPath: path("Templates"), outputPath: path(output), jobs: jobs,
            force: force, shard: shard)
    }

    /// The identity of every file under a folder (inode and size), to tell which files a build replaced: the writer
    /// renames a new file into place, so a rewritten file has a new inode.
    func identities(under relative: String) -> [String: [Int]] {
        var result: [String: [Int]] = [:]
        for file in files(under: relative) {
            var info = stat()
            if stat(path("\(relative)/\(file)"), &info) == 0 {
                result[file] = [Int(info.st_ino), Int(info.st_size)]
            }
        }
        return result
    }

    /// A file's modification time in nanoseconds, or nil when it is missing.
    func modificationTime(_ relative: String) -> Int? {
        var info = stat()
        guard stat(path(relative), &info) == 0 else { return nil }
        return Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec)
    }

    /// The files under a folder whose identity differs from a snapshot (changed, added or removed).
    func changedFiles(under relative: String, since before: [String: [Int]]) -> Set<String> {
        let after = identities(under: relative)
        return Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }
    }

    /// Every file under a folder with its bytes, leaving out the build manifests.
    func contents(under relative: String) -> [String: Data] {
        var result: [String: Data] = [:]
        for file in files(under: relative) where !file.hasPrefix(".carepress/") {
            result[file] = FileManager.default.contents(atPath: path("\(relative)/\(file)"))
        }
        return result
    }
}
