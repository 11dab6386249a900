/// Record files the scan read, kept (up to a budget) for the load that follows, so that a changed record file is
/// opened and read once a build rather than twice.
///
/// The scan reads every changed file to digest it and find its id, and the records pass loads it moments later. At
/// 12,000 records, reading each file again was 12,000 more opens, `fstat`s, reads and closes, and a second digest.
/// The bytes are kept only up to `budget` bytes in all (the files the scan reads first, which the records pass
/// loads first, and so lets go of first), so that a batch of 100,000 records holds no more than a smaller one. A
/// file not kept is read again, as before.
final class ScannedBytes: @unchecked Sendable {
    /// A file's bytes and its stamp (see `FileStamp`) as the scan read them.
    struct File {
        let bytes: [UInt8]
        let stamp: ContentDigest?
    }

    /// The default budget: 24 MB, which holds the record files of about 10,000 consults.
    static let defaultBudget = 24 << 20

    private let state = Mutex<(files: [Int: File], size: Int)>(([:], 0))
    /// The most bytes kept at once.
    let budget: Int

    init(budget: Int) {
        self.budget = budget
    }

    /// Keeps a file's bytes for the record of this index, unless they would take the kept bytes past the budget.
    func keep(_ index: Int, _ file: File) {
        state.withLock { state in
            guard state.size + file.bytes.count <= budget else { return }
            state.size += file.bytes.count
            state.files[index] = file
        }
    }

    /// The kept file of the record of this index, which is no longer kept.
    func take(_ index: Int) -> File? {
        state.withLock { state in
            guard let file = state.files.removeValue(forKey: index) else { return nil }
            state.size -= file.bytes.count
            return file
        }
    }

    /// Lets go of the files of the records that `isLoaded` says will not be loaded.
    func drop(unless isLoaded: (Int) -> Bool) {
        state.withLock { state in
            state.files = state.files.filter { isLoaded($0.key) }
            state.size = state.files.values.reduce(0) { $0 + $1.bytes.count }
        }
    }

    /// How many bytes are kept now.
    var size: Int { state.withLock { $0.size } }
}
