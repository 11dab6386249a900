/// A file written beside its target in the output folder, waiting to be put in place (see
/// `OutputWriter.stage(_:to:)`). A build killed before that leaves an unnamed file, which is gone with the process,
/// or a temporary file, which the next build removes.
struct StagedFile: Sendable {
    /// The target, relative to the output folder.
    let path: String
    /// The target's folder, and its name there.
    let folder: OutputFolder
    let name: String
    /// Where the bytes are meanwhile.
    let holding: Holding

    /// Where a staged file's bytes are until it is put in place.
    enum Holding: Sendable {
        /// In an unnamed file open on this descriptor, counted by those `UnnamedFiles`, linked to the target's name.
        case unnamed(Int32, UnnamedFiles)
        /// In a file under this temporary name in the target's folder, renamed to the target's.
        case named(String)
    }

    /// The target's absolute path.
    var target: String { folder.path + "/" + name }
}
