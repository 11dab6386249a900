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

    /// The version together with a fingerprint of the running executable.
    ///
    /// Every record's digest includes it, so a different build of the tool (even one whose version string nobody
    /// changed) renders everything again rather than trusting output that older code made.
    public static let fingerprint: ContentDigest = {
        let executable = "/proc/self/exe"
        if let fingerprint = fingerprint(ofExecutable: executable) { return fingerprint }
        if let path = Bundle.main.executablePath, let fingerprint = fingerprint(ofExecutable: path) {
            return fingerprint
        }
        return ContentDigest(current)
    }()

    /// The version together with the executable's GNU build id (a digest of the linked file that the linker writes,
    /// see `ELFBuildID`), or with a digest of its bytes when it has none; nil when it cannot be read.
    ///
    /// The build id is read in microseconds; digesting the tens of megabytes of the executable would be a large part
    /// of a no-op build.
    static func fingerprint(ofExecutable path: String) -> ContentDigest? {
        var hasher = ContentHasher()
        hasher.combine(current)
        if let buildID = ELFBuildID.read(path) {
            hasher.combine("elf-build-id")
            hasher.combine(bytes: buildID)
            hasher.combine(length: buildID.count)
        } else if let digest = FileBytes.digest(of: path) {
            // Digested a megabyte at a time: the executable is tens of megabytes, and holding it was a build's peak.
            hasher.combine(digest)
        } else {
            return nil
        }
        return hasher.finalize()
    }
}
