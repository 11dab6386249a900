import Foundation

/// Loads `Content/knowledge/` (and its `emergency-signs.yml`, see `loadEmergencySigns`) and checks its cross-references: area, phase and exercise names that exist,
/// unique names and file names, summaries of at most 60 words; and warns about hard reading (`ReadingLevel`).
///
/// A file with an error is left out of the store, and the error says why; the rest is still loaded. But a store whose
/// folder, list files (`body-areas.yml`, `phases.yml`) or item folders (`conditions/`, `exercises/`) cannot be read
/// (missing, a dangling link, no permission, an unmounted share) is not loaded at all: it is `unreadable`, and a build
/// stops before it writes anything, rather than publish a guide and reports without the store (see `SiteBuilder`).
enum KnowledgeLoader {
    /// The longest a condition summary may be, in words: it is injected into a small on-device prompt.
    static let summaryWordLimit = 60

    /// Loads the knowledge store of `folder`, with every problem found, and whether every part of it could be read.
    static func load(from folder: String) -> (
        store: KnowledgeStore, diagnostics: [Diagnostic], readable: Bool
    ) {
        if let problem = FileProblem.folder(folder) {
            return (.empty, [unreadable(folder, problem)], false)
        }
        var diagnostics: [Diagnostic] = []
        // The parts that cannot be read: when there are any, they are all that is reported.
        var unreadableParts: [Diagnostic] = []
        let areas = loadList(folder.appendingPathComponent("body-areas.yml"), &diagnostics, &unreadableParts) {
            BodyArea.read($0, $1, $2)
        }
        let phases = loadList(folder.appendingPathComponent("phases.yml"), &diagnostics, &unreadableParts) {
            RecoveryPhase.read($0, $1, $2)
        }
        let signs = loadEmergencySigns(folder, &diagnostics, &unreadableParts)
        var unique = UniqueNames()
        let areaIDs = Set(areas.items.map(\.value.id))
        let phaseIDs = Set(phases.items.map(\.value.id))
        unique.check(
            areas.items.map { ($0.value.id, $0.node.child("id")?.position ?? $0.node.position, areas.file) },
            what: "body area id", into: &diagnostics)
        unique.check(
            phases.items.map { ($0.value.id, $0.node.child("id")?.position ?? $0.node.position, phases.file) },
            what: "phase id", into: &diagnostics)

        let exerciseFolder = folder.appendingPathComponent("exercises")
        let exerciseFiles = loadFolder(exerciseFolder, &diagnostics, &unreadableParts) {
            Exercise.read($0, $1, source: $2)
        }
        let conditionFiles = loadFolder(
            folder.appendingPathComponent("conditions"), &diagnostics, &unreadableParts
        ) {
            Condition.read($0, $1, source: $2)
        }
        guard unreadableParts.isEmpty else { return (.empty, unreadableParts, false) }
        var exercises: [Exercise] = []
        var names = UniqueNames()
        for (exercise, node, log) in exerciseFiles {
            let reader = NodeReader(log: log)
            for (index, area) in exercise.bodyAreas.enumerated() where !areaIDs.contains(area) {
                reader.log.error(
                    "unknown body area '\(area)'",
                    at: node.child("bodyAreas")?.element(index)?.position ?? node.position,
                    path: ValuePath.root.key("bodyAreas").index(index), hint: Suggestion.hint(for: area, in: areaIDs))
            }
            if !phaseIDs.contains(exercise.phase) {
                reader.log.error(
                    "unknown phase '\(exercise.phase)'", at: node.child("phase")?.position ?? node.position,
                    path: ValuePath.root.key("phase"), hint: Suggestion.hint(for: exercise.phase, in: phaseIDs))
            }
            names.claim(
                name: exercise.name, slug: exercise.slug, kind: "exercise",
                at: node.child("name")?.position ?? node.position, file: exercise.source, log: log)
            checkFileName(exercise.source, slug: exercise.slug, node: node, log: log)
            diagnostics += log.diagnostics
            if !log.hasErrors { exercises.append(exercise) }
        }
        let exerciseNames = Set(exercises.map(\.name))
        let failedExerciseFiles = Set(
            diagnostics.filter { $0.severity == .error && $0.file.hasPrefix(exerciseFolder) }.map {
                (($0.file as NSString).lastPathComponent as NSString).deletingPathExtension
            })

        var conditions: [Condition] = []
        for (condition, node, log) in conditionFiles {
            if !areaIDs.contains(condition.bodyArea) {
                log.error(
                    "unknown body area '\(condition.bodyArea)'", at: node.child("bodyArea")?.position ?? node.position,
                    path: ValuePath.root.key("bodyArea"), hint: Suggestion.hint(for: condition.bodyArea, in: areaIDs))
            }
            for (index, name) in condition.exercises.enumerated() where !exerciseNames.contains(name) {
                let hint =
                    failedExerciseFiles.contains(Slug.make(name))
                    ? "the exercise '\(name)' has errors of its own (see exercises/\(Slug.make(name)).yml)"
                    : Suggestion.hint(for: name, in: exerciseNames)
                log.error(
                    "unknown exercise '\(name)'",
                    at: node.child("exercises")?.element(index)?.position ?? node.position,
                    path: ValuePath.root.key("exercises").index(index), hint: hint)
            }
            for (index, note) in condition.phases.enumerated() where !phaseIDs.contains(note.phase) {
                log.error(
                    "unknown phase '\(note.phase)'",
                    at: node.child("phases")?.element(index)?.child("phase")?.position ?? node.position,
                    path: ValuePath.root.key("phases").index(index).key("phase"),
                    hint: Suggestion.hint(for: note.phase, in: phaseIDs))
            }
            let words = condition.summary.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).count
            if words > summaryWordLimit {
                log.error(
                    "summary has \(words) words; at most \(summaryWordLimit) are allowed",
                    at: node.child("summary")?.position ?? node.position,
                    path: ValuePath.root.key("summary"),
                    hint: "it is injected into the on-device model's prompt, whose budget is small")
            }
            checkReadingLevel(condition, node: node, log: log)
            names.claim(
                name: condition.name, slug: condition.slug, kind: "condition",
                at: node.child("name")?.position ?? node.position, file: condition.source, log: log)
            checkFileName(condition.source, slug: condition.slug, node: node, log: log)
            diagnostics += log.diagnostics
            if !log.hasErrors { conditions.append(condition) }
        }
        var store = KnowledgeStore(
            areas: areas.items.map(\.value), phases: phases.items.map(\.value), conditions: conditions,
            exercises: exercises, emergencySigns: signs)
        let lexicon = LexiconLoader.load(
            from: folder, areaIDs: areaIDs, conditionNames: Set(conditions.map(\.name)))
        store.lexicon = lexicon.lexicon
        diagnostics += lexicon.diagnostics
        return (store, diagnostics, true)
    }

    /// The error for a part of the store that cannot be read (`load`'s `readable`).
    private static func unreadable(_ path: String, _ problem: FileProblem.Folder) -> Diagnostic {
        let reason =
            switch problem {
            case .missing: "it does not exist"
            case .unreadable(let reason): reason
            }
        return Diagnostic(
            .error, file: path, position: .start, message: "the knowledge store cannot be read: " + reason,
            hint: "a build stops here and writes nothing, so the published guide and reports stay as they are; "
                + "check that it (or the share it is on) is there")
    }

    /// A YAML list file read item by item; items with errors are left out. A file that cannot be read makes the store
    /// unreadable.
    static func loadList<T>(
        _ path: String, _ diagnostics: inout [Diagnostic], _ unreadableParts: inout [Diagnostic],
        read: (ContentNode, ValuePath, NodeReader) -> T?
    ) -> (file: String, items: [(value: T, node: ContentNode)]) {
        let log = DiagnosticLog(file: path)
        defer { diagnostics += log.diagnostics }
        // Read once, within the knowledge file limit: a file over it is a located size error; one that cannot be
        // read at all makes the store unreadable.
        let bytes: [UInt8]
        switch FileBytes.contents(path, limit: FileSizeLimit.knowledge.bytes) {
        case .success(let read): bytes = read
        case .failure(.tooLarge(let size)):
            SourceFile.report(.tooLarge(size), limit: .knowledge, log: log)
            return (path, [])
        case .failure:
            unreadableParts.append(unreadable(path, .unreadable(FileProblem.file(path) ?? "the file cannot be read")))
            return (path, [])
        }
        guard let root = SourceFile.yaml(path, bytes: bytes, log: log) else { return (path, []) }
        let reader = NodeReader(log: log)
        guard case .array(let nodes) = root.value else {
            log.error("expected a list, found \(root.typeName)", at: root.position, path: .root)
            return (path, [])
        }
        var items: [(T, ContentNode)] = []
        for (index, node) in nodes.enumerated() {
            let before = log.diagnostics.count
            if let value = read(node, ValuePath.root.index(index), reader), !log.diagnostics[before...].hasErrors {
                items.append((value, node))
            }
        }
        return (path, items)
    }

    /// Every `.yml` file of a folder read as one item each; files that cannot be read are reported and left out. A
    /// folder that cannot be listed (or is missing) makes the store unreadable.
    private static func loadFolder<T>(
        _ folder: String, _ diagnostics: inout [Diagnostic], _ unreadableParts: inout [Diagnostic],
        read: (ContentNode, NodeReader, String) -> T?
    ) -> [(value: T, node: ContentNode, log: DiagnosticLog)] {
        let listing = SourceFile.list(folder, extensions: ["yml", "yaml"])
        if listing.files.isEmpty && listing.ignored.isEmpty && listing.misnamed.isEmpty,
            let problem = FileProblem.folder(folder)
        {
            unreadableParts.append(unreadable(folder, problem))
            return []
        }
        for path in listing.ignored {
            diagnostics.append(Diagnostic(.warning, file: path, position: .start, message: "ignored: not a .yml file"))
        }
        diagnostics += listing.misnamed.map(SourceFile.misnamedFile) + listing.failures
        var result: [(T, ContentNode, DiagnosticLog)] = []
        for path in listing.files {
            let log = DiagnosticLog(file: path)
            guard let node = SourceFile.yaml(path, limit: .knowledge, log: log),
                let value = read(node, NodeReader(log: log), path)
            else {
                diagnostics += log.diagnostics
                continue
            }
            result.append((value, node, log))
        }
        return result
    }

    /// Warns when a summary reads above grade 8 (Flesch–Kincaid), or a red flag has more than about 12 words: both
    /// are read by patients, red flags at a glance (see `ReadingLevel`).
    private static func checkReadingLevel(_ condition: Condition, node: ContentNode, log: DiagnosticLog) {
        let grade = ReadingLevel.grade(condition.summary)
        if grade > ReadingLevel.summaryGradeLimit {
            log.warning(
                "summary reads at grade \(ReadingLevel.formatted(grade)) (Flesch-Kincaid); patients need grade "
                    + "\(Int(ReadingLevel.summaryGradeLimit)) or below",
                at: node.child("summary")?.position ?? node.position, path: ValuePath.root.key("summary"),
                hint: "use shorter sentences and everyday words; explain a medical term in a few plain ones")
        }
        for (index, flag) in condition.redFlags.enumerated() {
            let words = ReadingLevel.words(in: flag).count
            if words > ReadingLevel.redFlagWordLimit {
                log.warning(
                    "red flag has \(words) words; keep it to about \(ReadingLevel.redFlagWordLimit), to be read at a glance",
                    at: node.child("redFlags")?.element(index)?.position ?? node.position,
                    path: ValuePath.root.key("redFlags").index(index),
                    hint: "say the one sign plainly; put the explanation in the summary or the guide page")
            }
        }
    }

    /// Warns when a file is not named after its item, since links are made from the name.
    private static func checkFileName(_ path: String, slug: String, node: ContentNode, log: DiagnosticLog) {
        let fileName = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        if fileName != slug {
            log.warning(
                "file name '\(fileName)' does not match the name's slug '\(slug)'",
                at: node.child("name")?.position ?? node.position, path: ValuePath.root.key("name"),
                hint: "rename the file to \(slug).yml so that its page and file agree")
        }
    }
}

/// Tracks names and the file names made from them, reporting the second use of either.
struct UniqueNames {
    private var names: [String: String] = [:]
    private var slugs: [String: String] = [:]

    /// Claims a name (and its slug) for a file; reports a duplicate into the log.
    mutating func claim(
        name: String, slug: String, kind: String, at position: SourcePosition, file: String, log: DiagnosticLog
    ) {
        if let other = names[name] {
            log.error(
                "duplicate \(kind) name '\(name)'", at: position, path: ValuePath.root.key("name"),
                hint: "already used in \(other)")
        } else if let other = slugs[slug] {
            log.error(
                "\(kind) name '\(name)' makes the same file name '\(slug)' as one in \(other)", at: position,
                path: ValuePath.root.key("name"), hint: "names must differ in more than case and punctuation")
        } else {
            names[name] = file
            slugs[slug] = file
        }
    }

    /// Reports repeated ids of a list file.
    mutating func check(
        _ items: [(id: String, position: SourcePosition, file: String)], what: String,
        into diagnostics: inout [Diagnostic]
    ) {
        var seen = Set<String>()
        for item in items where !seen.insert(item.id).inserted {
            diagnostics.append(
                Diagnostic(.error, file: item.file, position: item.position, message: "duplicate \(what) '\(item.id)'"))
        }
    }
}
