import Foundation

/// The warnings the last build into an output folder had, so that a nightly build that changes nothing does not
/// print the same warnings every night: those it had before are summed up in one line (`--verbose` prints them all),
/// and a warning that is new, or changed (another file, line, message or hint), is printed in full. Errors are always
/// printed. `build --json` counts every warning, as before.
///
/// Kept in the output folder's `.carepress/` folder (one file a shard), as the digest of each warning as printed, one
/// a line, sorted: no patient's words are kept. Written (atomically, with the manifest's mode) only by a build that did
/// not stop early, and only when the warnings changed, so a no-op build still writes nothing; none when there are no
/// warnings.
public struct WarningsSeen: Sendable {
    /// The diagnostics to print, in their order.
    public var print: [Diagnostic]
    /// The warnings left out as unchanged since the last build.
    public var unchanged: Int

    /// The line that says how many warnings were left out; nil when none were.
    public var summary: String? {
        guard unchanged > 0 else { return nil }
        let noun = unchanged == 1 ? "warning" : "warnings"
        let more = print.contains { $0.severity == .warning } ? " more" : ""
        return "\(unchanged)\(more) \(noun), unchanged since the last build; `--verbose` lists them"
    }

    /// What of `report`'s diagnostics to print for a build into `outputPath` (this `shard` of it), all when `verbose`;
    /// remembers the build's warnings for the next.
    public static func sort(
        _ report: BuildReport, outputPath: String, shard: Shard = .all, verbose: Bool = false
    ) -> WarningsSeen {
        let folder = outputPath + "/" + BuildManifest.folder
        let file = folder + "/" + (shard.isWhole ? "warnings" : "warnings-\(shard.fileLabel)")
        let manifest = outputPath + "/" + BuildManifest.path(for: shard)
        let warnings = report.diagnostics.filter { $0.severity == .warning }
        let now = Set(warnings.map { ContentDigest($0.description) })
        let before = read(file)
        if !report.stoppedEarly && now != (before ?? []) {
            write(now, to: file, manifest: manifest)
        }
        guard !verbose, let before else { return WarningsSeen(print: report.diagnostics, unchanged: 0) }
        let print = report.diagnostics.filter {
            $0.severity == .error || !before.contains(ContentDigest($0.description))
        }
        return WarningsSeen(print: print, unchanged: report.diagnostics.count - print.count)
    }

    /// The digests a file holds; nil when there is none (or it cannot be read: every warning is printed then).
    private static func read(_ file: String) -> Set<ContentDigest>? {
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { return nil }
        var digests = Set<ContentDigest>()
        for line in text.split(separator: "\n") {
            guard let digest = ContentDigest(hex: line) else { return nil }
            digests.insert(digest)
        }
        return digests
    }

    /// Writes the digests, replacing the file atomically, into a `.carepress` folder that a build made, with the mode
    /// of its manifest (`outputAccess`); removes the file when there are none. A failure only means the next build
    /// prints every warning again.
    private static func write(_ digests: Set<ContentDigest>, to file: String, manifest: String) {
        guard !digests.isEmpty else {
            unlink(file)
            return
        }
        var info = stat()
        guard stat(manifest, &info) == 0 else { return }
        // A new file of this process's own (never one planted at the name, nor a link followed), renamed over the
        // old: the folder is the output folder's, which may be shared.
        let temporary = file + ".tmp-\(getpid())"
        unlink(temporary)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, info.st_mode & 0o666)
        guard descriptor >= 0 else { return }
        let bytes = Array(digests.sorted().map { $0.description + "\n" }.joined().utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes {
                systemWrite(descriptor, $0.baseAddress.map { $0 + written }, $0.count - written)
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            written += count
        }
        _ = fchmod(descriptor, info.st_mode & 0o666)
        close(descriptor)
        if written != bytes.count || rename(temporary, file) != 0 { unlink(temporary) }
    }
}
