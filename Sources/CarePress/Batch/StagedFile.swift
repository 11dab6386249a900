/// A file written under a temporary name beside its target in the output folder, waiting to be renamed into place
/// (see `OutputWriter.stage(_:to:)`). A build killed before the rename leaves only the temporary file, which the
/// next build removes.
struct StagedFile: Sendable {
    /// The target, relative to the output folder.
    let path: String
    /// The temporary file's absolute path.
    let temporary: String
    /// The target's absolute path.
    let target: String
}
