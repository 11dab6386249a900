import Foundation

/// Loads and checks every record of a project, in parallel, and settles which records own which output files.
enum RecordCheck {
    /// Each record file's result, in the order of `project.recordFiles`; a record whose id is taken is failed.
    static func loadAll(_ project: SiteProject) -> [(file: RecordFile, record: Record?, diagnostics: [Diagnostic])] {
        let loader = RecordLoader(project: project)
        let files = project.recordFiles
        let slots = Slots<(Record?, [Diagnostic])>(count: files.count)
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            slots[index] = loader.load(files[index])
        }
        var results: [(file: RecordFile, record: Record?, diagnostics: [Diagnostic])] = []
        var owners: [String: (id: String, file: String)] = [:]
        for (index, file) in files.enumerated() {
            guard var (record, diagnostics) = slots[index] else { continue }
            if let claimed = record {
                let key = ReportPaths.base(kind: claimed.kind, id: claimed.id)
                if let owner = owners[key] {
                    let message =
                        owner.id == claimed.id
                        ? "duplicate \(claimed.kind.rawValue) id '\(claimed.id)'"
                        : "id '\(claimed.id)' makes the same file name as id '\(owner.id)': \(key).html"
                    diagnostics.append(
                        Diagnostic(
                            .error, file: file.path, position: idPosition(of: claimed), path: "id",
                            message: message, hint: "already used by \(owner.file); this record is skipped"))
                    record = nil
                } else {
                    owners[key] = (claimed.id, file.path)
                }
            }
            results.append((file, record, diagnostics))
        }
        return results
    }

    private static func idPosition(of record: Record) -> SourcePosition {
        switch record {
        case .consult(let consult): consult.idPosition
        case .physio(let physio): physio.idPosition
        case .stack(let stack): stack.idPosition
        }
    }
}

/// Fixed slots that parallel workers fill by index, so results keep their input order whatever the scheduling.
final class Slots<Value>: @unchecked Sendable {
    private var values: [Value?]
    private let lock = NSLock()

    init(count: Int) {
        values = Array(repeating: nil, count: count)
    }

    subscript(index: Int) -> Value? {
        get {
            lock.lock()
            defer { lock.unlock() }
            return values[index]
        }
        set {
            lock.lock()
            values[index] = newValue
            lock.unlock()
        }
    }
}
