extension BuildManifest {
    /// What the manifest knows about one record file.
    struct Entry: Sendable, Equatable {
        /// The digest of the file's bytes.
        var file: ContentDigest
        /// The file's stamp when those bytes were read (see `FileStamp`); nil when it had changed just before. A file
        /// whose stamp is still this one is not read again.
        var stamp: ContentDigest?
        /// The id the file claims, as scanned; nil when it has none.
        var id: String?
        /// The digest of everything the result below was made from; nil when the record must be loaded again (it
        /// has errors, or its files are being replaced).
        var digest: ContentDigest?
        /// What the record reads besides its own file (see `RecordDependencies`).
        var dependencies: [String] = []
        /// The record's line in the reports index, when it is valid.
        var summary: StoredSummary?
        /// The output files this manifest's build owns for the record; nil for records of other shards.
        var outputs: Outputs?
        /// The record's diagnostics (warnings: a record with errors is always loaded again), without a file.
        var diagnostics: [Diagnostic] = []

        /// An entry that owns `outputs` while they are replaced: written before the files are renamed into place,
        /// so a build killed in between leaves a record that the next build renders again, and no file that no
        /// entry lists.
        static func replacing(file: ContentDigest, id: String?, outputs: [String]) -> Entry {
            Entry(file: file, id: id, outputs: .listed(outputs))
        }
    }
}
