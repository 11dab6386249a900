/// Record folders that vanished, weighed against what the last build published: a build removes the reports of the
/// records that are gone, so a folder that is missing or empty (an unmounted share, a folder moved away) would remove
/// every report of its kind.
///
/// A kind that has no record file while the last build's manifest lists records of it stops the build before it
/// writes anything, unless the user says it is meant (`build --allow-empty`); a folder that is there but cannot be
/// listed (a dangling link, a file, no permission) stops it even then, since what it holds is unknown. A folder that
/// cannot be listed is an error in any build and in `check`.
enum RecordFolderCheck {
    /// The diagnostics about the project's record folders, and whether the build must stop. `lastBuilt` counts the
    /// records of a kind the last build's manifest lists; it is asked only for a kind with no record file.
    static func check(
        _ project: SiteProject, allowsEmpty: Bool, lastBuilt: (RecordKind) -> Int = { _ in 0 }
    ) -> (diagnostics: [Diagnostic], stops: Bool) {
        var diagnostics: [Diagnostic] = []
        var stops = false
        for kind in RecordKind.allCases where !project.recordFiles.contains(where: { $0.kind == kind }) {
            let folder = project.contentPath.appendingPathComponent(kind.folder)
            let unreadable = project.unreadableRecordFolders[kind]
            let built = lastBuilt(kind)
            let records = "\(kind.rawValue) records"
            guard built > 0 else {
                if let unreadable {
                    diagnostics.append(
                        Diagnostic(
                            .error, file: folder, position: .start,
                            message: "the folder of \(records) cannot be read: \(unreadable)",
                            hint: "no \(kind.rawValue) record is built until it can be read"))
                }
                continue
            }
            let state: String
            let hint: String
            if let unreadable {
                state = "cannot be read (\(unreadable))"
                hint =
                    "mend it (is the share it is on mounted?); to remove the reports, remove it and build with "
                    + "--allow-empty"
            } else if allowsEmpty {
                continue
            } else {
                state = FileProblem.folder(folder) == .missing ? "does not exist" : "has none"
                hint =
                    "if they were removed on purpose, build with --allow-empty to remove their reports; "
                    + "otherwise check that the folder (or the share it is on) is there"
            }
            stops = true
            diagnostics.append(
                Diagnostic(
                    .error, file: folder, position: .start,
                    message: "the folder of \(records) \(state), but the last build made reports of \(built) "
                        + "\(records); the build stopped and removed nothing",
                    hint: hint))
        }
        return (diagnostics, stops)
    }

    /// How many records of a kind a manifest's entries list (their paths start with the kind's folder).
    static func count(of kind: RecordKind, in entries: [(path: String, entry: BuildManifest.Entry)]) -> Int {
        let prefix = kind.folder + "/"
        return entries.reduce(0) { $0 + ($1.path.hasPrefix(prefix) ? 1 : 0) }
    }
}
