import Foundation

/// The project, theme and digests a session's last build rendered with, used again by the next build when nothing
/// but record files changed (see `ChangedFiles`), so that it neither lists the record folders again nor reads and
/// digests the settings, knowledge store and theme again.
struct KeptProject: Sendable {
    /// What the build rendered with.
    var inputs: SiteBuilder.Inputs
    /// What loading the project and the theme reported, but the warning about having no records (which depends on
    /// the records).
    var diagnostics: [Diagnostic]

    /// This project after `changes` (paths relative to the content folder): its record files with those that
    /// appeared added and those that went removed, in the order `SiteProject.load` lists them; nil when a change is
    /// not of a record file, or is one that changes what listing the folders reports (a file that is not `.json`, a
    /// folder, a symbolic link), so the project must be loaded again.
    func updated(with changes: Set<String>) -> KeptProject? {
        var files = inputs.project.recordFiles
        for change in changes.sorted() {
            guard let slash = change.utf8.firstIndex(of: UInt8(ascii: "/")) else { return nil }
            let folder = String(change[..<slash])
            let name = String(change[change.utf8.index(after: slash)...])
            guard let kind = RecordKind.allCases.first(where: { $0.folder == folder }) else { return nil }
            // Files in a record folder's subfolders are neither records nor warned about; hidden files are skipped.
            if name.contains("/") || name.hasPrefix(".") { continue }
            guard SourceFile.fileExtension(name) == "json", !name.unicodeScalars.contains("\u{FFFD}") else {
                return nil
            }
            let path = inputs.project.contentPath.appendingPathComponent(folder).appendingPathComponent(name)
            var info = stat()
            let exists: Bool
            if lstat(path, &info) == 0 {
                guard (info.st_mode & S_IFMT) == S_IFREG else { return nil }
                exists = true
            } else {
                guard errno == ENOENT else { return nil }
                exists = false
            }
            let file = RecordFile(kind: kind, path: path)
            let (position, listed) = Self.position(of: file, in: files)
            if exists && !listed {
                files.insert(file, at: position)
            } else if !exists && listed {
                files.remove(at: position)
            }
        }
        var kept = self
        kept.inputs.project.recordFiles = files
        return kept
    }

    /// Where a record file is, or belongs, in files ordered by kind then path byte for byte; and whether it is there.
    static func position(of file: RecordFile, in files: [RecordFile]) -> (Int, Bool) {
        let path = BytePath(file.path)
        var (low, high) = (0, files.count)
        while low < high {
            let middle = (low + high) / 2
            let other = files[middle]
            if other.kind < file.kind || (other.kind == file.kind && BytePath(other.path) < path) {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return (low, low < files.count && files[low].kind == file.kind && BytePath(files[low].path) == path)
    }
}
