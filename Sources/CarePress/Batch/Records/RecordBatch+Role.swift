extension RecordBatch {
    /// What the batch does with a record.
    enum Role: UInt8, Sendable {
        /// This shard's record: load, render, write (or, when checking, load and check).
        case build
        /// Another shard's record that claims a contested file: load it to see whether it is valid.
        case validate
        /// Not needed by this shard.
        case none
    }

    /// One record file as the scan saw it.
    struct Scanned: Sendable {
        /// The digest of its bytes; nil when it cannot be read.
        var fileDigest: ContentDigest?
        /// The id the record claims, if any.
        var id: String?
        /// The digest of the report files' path without extension that the id makes (`reports/consults/hl-1`).
        var key: ContentDigest?
        /// What this shard does with it.
        var role = Role.none
        /// Whether another record claims the same report files.
        var contested = false
        /// Why the scan could not read it (as `FileBytes.read` says), when it could not.
        var readFailure: FileBytes.Failure?

        /// A record file as the scan found it, with the key its id makes.
        init(_ kind: RecordKind, fileDigest: ContentDigest?, id: String?) {
            self.fileDigest = fileDigest
            self.id = id
            key = id.map { ReportPaths.baseDigest(kind: kind, id: $0) }
        }
    }
}
