import Foundation

/// A site project's shared inputs (settings, knowledge store, questionnaires, pages) and the list of its record files.
///
/// Records are listed, not loaded: a build loads each one when it renders it, so a batch of any size
/// never holds every record in memory.
public struct SiteProject: Sendable {
    /// The content folder as the user named it; diagnostics show paths under it.
    public var contentPath: String
    /// The site settings; nil when `site.yml` has errors.
    public var site: Site?
    /// The knowledge store, without the items that have errors.
    public var knowledge: KnowledgeStore
    /// The questionnaires by id, without those that have errors.
    public var schemas: [String: ConsultSchema]
    /// The guide's free-form pages, by order then title.
    public var pages: [GuidePage]
    /// Every record file, by kind then path.
    public var recordFiles: [RecordFile]
    /// Problems in the shared inputs (records report their own when loaded).
    public var diagnostics: [Diagnostic]
    /// Questionnaire ids whose files have errors, so consults that use them are told why.
    public var brokenSchemaIDs: Set<String>
    /// Whether every part of the knowledge store could be read (see `KnowledgeLoader`); a build stops, writing
    /// nothing, when it could not.
    public var knowledgeIsReadable = true
    /// The record folders that are there but cannot be listed (a dangling link, a file, no permission), with why:
    /// a build reports them (see `RecordFolderCheck`), and never takes their records for deleted ones.
    public var unreadableRecordFolders: [RecordKind: String] = [:]

    /// Whether a content folder could not be listed, for a reason other than its absence (an error says why): what
    /// it holds is unknown, so a build writes and removes nothing.
    public var hasUnlistedFolders: Bool {
        diagnostics.contains { $0.severity == .error && $0.message.hasPrefix(FileSystemFailure.unlistedMessage) }
    }

    /// Loads everything but the records from a content folder.
    public static func load(from contentPath: String) -> SiteProject {
        var diagnostics: [Diagnostic] = []
        var info = stat()
        let found = stat(contentPath, &info) == 0
        let code = errno
        if !found || (info.st_mode & S_IFMT) != S_IFDIR {
            diagnostics.append(
                found || code == ENOENT ? noProject(contentPath) : FileSystemFailure.unlisted(contentPath, errno: code))
            return SiteProject(
                contentPath: contentPath, site: nil, knowledge: .empty, schemas: [:], pages: [],
                recordFiles: [], diagnostics: diagnostics, brokenSchemaIDs: [])
        }
        let siteLog = DiagnosticLog(file: contentPath.appendingPathComponent("site.yml"))
        let site = SourceFile.yaml(siteLog.file, limit: .siteSettings, log: siteLog).flatMap {
            Site.read($0, NodeReader(log: siteLog))
        }
        diagnostics += siteLog.diagnostics

        let knowledge = KnowledgeLoader.load(from: contentPath.appendingPathComponent("knowledge"))
        diagnostics += knowledge.diagnostics

        var schemas: [String: ConsultSchema] = [:]
        var broken = Set<String>()
        let schemaListing = SourceFile.list(contentPath.appendingPathComponent("schemas"), extensions: ["json"])
        for path in schemaListing.files {
            let log = DiagnosticLog(file: path)
            defer { diagnostics += log.diagnostics }
            guard let node = SourceFile.json(path, limit: .schema, log: log) else { continue }
            guard let schema = ConsultSchema.read(node, NodeReader(log: log), source: path) else {
                if case .string(let id) = node.child("id")?.value { broken.insert(id) }
                continue
            }
            ConsultFlow.check(schema, node: node, log: log)
            if let other = schemas[schema.id] {
                log.error(
                    "duplicate schema id '\(schema.id)'", at: node.child("id")?.position ?? node.position,
                    path: ValuePath.root.key("id"), hint: "already used in \(other.source)")
            } else if log.hasErrors {
                broken.insert(schema.id)
            } else {
                schemas[schema.id] = schema
            }
        }
        diagnostics += schemaListing.ignored.map { ignoredFile($0, "a .json file") }
        diagnostics += schemaListing.misnamed.map(SourceFile.misnamedFile) + schemaListing.failures

        let pages = GuidePageLoader.load(from: contentPath.appendingPathComponent("pages"), into: &diagnostics)

        var recordFiles: [RecordFile] = []
        var unreadableFolders: [RecordKind: String] = [:]
        for kind in RecordKind.allCases {
            let folder = contentPath.appendingPathComponent(kind.folder)
            let listing = SourceFile.list(folder, extensions: ["json"])
            recordFiles += listing.files.map { RecordFile(kind: kind, path: $0) }
            diagnostics += listing.ignored.map { ignoredFile($0, "a .json file") }
            diagnostics += listing.misnamed.map(SourceFile.misnamedFile) + listing.failures
            if listing.files.isEmpty && listing.ignored.isEmpty && listing.misnamed.isEmpty,
                case .unreadable(let reason)? = FileProblem.folder(folder)
            {
                unreadableFolders[kind] = reason
            }
        }
        return SiteProject(
            contentPath: contentPath, site: site, knowledge: knowledge.store, schemas: schemas, pages: pages,
            recordFiles: recordFiles, diagnostics: diagnostics, brokenSchemaIDs: broken,
            knowledgeIsReadable: knowledge.readable, unreadableRecordFolders: unreadableFolders)
    }

    /// The error for a content folder that is not there (or is not a folder): there is no project here; nil when
    /// it is a folder, or when whether it is there cannot be known (`load` then says why). Commands ask this first,
    /// so that in a folder with no project they create nothing (not even the output folder) and say what to do.
    public static func missing(_ contentPath: String) -> Diagnostic? {
        var info = stat()
        if stat(contentPath, &info) == 0 {
            return (info.st_mode & S_IFMT) == S_IFDIR ? nil : noProject(contentPath)
        }
        return errno == ENOENT ? noProject(contentPath) : nil
    }

    private static func noProject(_ contentPath: String) -> Diagnostic {
        Diagnostic(
            .error, file: contentPath, position: .start,
            message: "no CarePress project here: there is no content folder '\(contentPath)'",
            hint: "`carepress init` creates a new project in an empty folder; or run from a project's folder, or pass "
                + "--content DIR")
    }

    private static func ignoredFile(_ path: String, _ expected: String) -> Diagnostic {
        Diagnostic(.warning, file: path, position: .start, message: "ignored: not \(expected)")
    }
}
