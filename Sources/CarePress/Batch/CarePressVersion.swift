import Foundation

/// The version of CarePress, and a fingerprint of the running program for the build manifest.
public enum CarePressVersion {
    /// The release version, e.g. shown by tools and written into the manifest.
    public static let current = "0.6.0"

    /// The git commit this binary was built from, when it was built in a git checkout (see Plugins/EmbedFiles).
    public static let commit: String? = EmbeddedFiles.commit

    /// What `carepress --version` prints: `0.6.0 (commit 1a2b3c4d5e6f)`, or the version alone.
    public static var description: String {
        commit.map { "\(current) (commit \(String($0.prefix(12))))" } ?? current
    }

    /// The version together with a digest of the running executable.
    ///
    /// Every record's digest includes it, so a different build of the tool (even one whose version string nobody
    /// changed) renders everything again rather than trusting output that older code made.
    public static let fingerprint: ContentDigest = {
        var hasher = ContentHasher()
        hasher.combine(current)
        // Digested a megabyte at a time: the executable is tens of megabytes, and holding it was a build's peak.
        if let executable = FileBytes.digest(of: "/proc/self/exe")
            ?? Bundle.main.executablePath.flatMap(FileBytes.digest(of:))
        {
            hasher.combine(executable)
        }
        return hasher.finalize()
    }()
}
