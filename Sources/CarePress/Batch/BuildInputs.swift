import Foundation

/// Digests of everything a build makes pages from besides the records themselves, computed once per build.
///
/// A record's digest combines its own file, its kind's templates, the site settings, the tool and what its
/// dependency keys (see `RecordDependencies`) resolve to now; when it equals the digest in the manifest, the report
/// the last build wrote is still right.
struct BuildInputs: Sendable {
    /// Everything the shared pages are made from besides the record summaries: every file of the content folder
    /// outside the record folders, and every file of the effective theme.
    let shared: ContentDigest
    private let project: SiteProject
    private let schemas: [String: ContentDigest]
    private let knowledge: ContentDigest
    /// What each dependency key resolved to, so thousands of records that cite the same items resolve them once.
    private let resolved = Mutex<[String: ContentDigest]>([:])
    /// What every record digest of a kind starts with, combined once (a no-op build digests every record, and this
    /// part is the same for all of a kind): the running tool (`CarePressVersion.fingerprint`), the kind, its templates (its own, the
    /// layouts, the shared report templates, the partials they use, the stylesheet), `site.yml`, and whether the build
    /// prints PDFs (so that asking for PDFs, or no longer asking, makes every report again).
    private let recordDigestStarts: [RecordKind: ContentHasher]
    /// Whether the build prints PDFs: the last part of what every record digest starts with.
    private let printsPDFs: Bool

    /// Reads and digests the shared inputs of a project and theme.
    init(project: SiteProject, templates: TemplateSet, tool: ContentDigest, printsPDFs: Bool = false) {
        self.project = project
        let content = project.contentPath
        let site = Self.fileDigest(content.appendingPathComponent("site.yml"))
        schemas = project.schemas.mapValues { Self.fileDigest($0.source) }
        knowledge = Self.folderDigest(content.appendingPathComponent("knowledge"))
        var starts: [RecordKind: ContentHasher] = [:]
        for kind in RecordKind.allCases {
            var kindTemplates = ContentHasher()
            for name in templates.templatesUsed(by: kind) {
                kindTemplates.combine(name)
                kindTemplates.combine(templates.source(of: name) ?? "")
            }
            kindTemplates.combine(templates.stylesheet)
            var hasher = ContentHasher()
            hasher.combine("record")
            hasher.combine(tool)
            hasher.combine(kind.rawValue)
            hasher.combine(kindTemplates.finalize())
            hasher.combine(site)
            starts[kind] = hasher
        }
        recordDigestStarts = starts
        self.printsPDFs = printsPDFs
        var shared = ContentHasher()
        shared.combine(tool)
        for relative in FileBytes.files(under: content, skippingTopLevel: Set(RecordKind.allCases.map(\.folder))) {
            shared.combine(relative)
            shared.combine(Self.fileDigest(content.appendingPathComponent(relative)))
        }
        // The effective theme (every layer's files as the build sees them), not only a folder: a project that
        // overrides nothing still depends on the embedded theme, and an override hides the file it replaces.
        shared.combine(templates.theme.digest)
        self.shared = shared.finalize()
    }

    /// The digest of everything a record's report is made from.
    func recordDigest(kind: RecordKind, file: ContentDigest, dependencies: [String]) -> ContentDigest {
        recordDigest(kind: kind, file: file, dependencies: dependencies, printsPDFs: printsPDFs)
    }

    /// Whether a record's digest is that of its report made from these inputs now, by a build that printed PDFs or
    /// not (what a batch's fan-in asks of what its shards published).
    func isCurrent(_ digest: ContentDigest, kind: RecordKind, file: ContentDigest, dependencies: [String]) -> Bool {
        [false, true].contains {
            recordDigest(kind: kind, file: file, dependencies: dependencies, printsPDFs: $0) == digest
        }
    }

    private func recordDigest(
        kind: RecordKind, file: ContentDigest, dependencies: [String], printsPDFs: Bool
    ) -> ContentDigest {
        var hasher = recordDigestStarts[kind] ?? ContentHasher()
        if printsPDFs { hasher.combine("pdf") }
        hasher.combine(file)
        for key in dependencies {
            hasher.combine(key)
            hasher.combine(resolvedDigest(of: key))
        }
        return hasher.finalize()
    }

    /// What a dependency key resolves to, from the memo or resolved now (outside the lock) and remembered.
    private func resolvedDigest(of key: String) -> ContentDigest {
        if let digest = resolved.withLock({ $0[key] }) { return digest }
        let digest = resolve(key)
        resolved.withLock { $0[key] = digest }
        return digest
    }

    /// What a dependency key stands for now: the digest of the file it resolves to, or of the fact that it does not.
    func resolve(_ key: String) -> ContentDigest {
        let (kind, name) =
            key.firstIndex(of: ":").map { (key[..<$0], String(key[key.index(after: $0)...])) }
            ?? (key[...], "")
        switch String(kind) {
        case "schema":
            if let digest = schemas[name] { return digest }
            let state = project.brokenSchemaIDs.contains(name) ? "broken" : "missing"
            return ContentDigest(state + ":" + project.schemas.keys.sorted().joined(separator: "\n"))
        case RecordDependencies.knowledgeKey:
            return knowledge
        default:
            return ContentDigest("unknown dependency:" + key)
        }
    }

    /// The digest of a file's bytes, or of its absence; a file larger than any content file may be (a loader refuses
    /// it, unread) is digested by its metadata (`FileStamp`), which changes whenever it does, and not read.
    static func fileDigest(_ path: String) -> ContentDigest {
        switch FileBytes.contents(path, limit: FileSizeLimit.largest) {
        case .success(let bytes):
            return ContentDigest(bytes)
        case .failure(.tooLarge):
            var hasher = ContentHasher()
            hasher.combine("large:" + path)
            hasher.combine(FileStamp.current(path) ?? ContentDigest("gone"))
            return hasher.finalize()
        case .failure:
            return ContentDigest("unreadable:" + path)
        }
    }

    /// The digest of every file under a folder, with their relative paths.
    static func folderDigest(_ folder: String) -> ContentDigest {
        var hasher = ContentHasher()
        for relative in FileBytes.files(under: folder) {
            hasher.combine(relative)
            hasher.combine(fileDigest(folder.appendingPathComponent(relative)))
        }
        return hasher.finalize()
    }
}

extension TemplateSet {
    /// The templates a kind of report may use, sorted: those under `reports/` that are not another kind's or the
    /// index's, the layouts, and every partial they reference, transitively.
    func templatesUsed(by kind: RecordKind) -> [String] {
        let others = RecordKind.allCases.filter { $0 != kind }.map { "reports/" + $0.rawValue } + ["reports/index"]
        var pending = names.filter { name in
            name.hasPrefix("layouts/") || (name.hasPrefix("reports/") && !others.contains { name.hasPrefix($0) })
        }
        var used = Set<String>()
        while let name = pending.popFirst() {
            guard used.insert(name).inserted, let references = partials[name] else { continue }
            for reference in references where !used.contains(reference) { pending.insert(reference) }
        }
        return used.sorted()
    }
}
