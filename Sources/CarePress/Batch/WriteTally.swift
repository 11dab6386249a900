/// A report that counts the files a command writes and removes, and collects the failures as located errors.
protocol WriteTally {
    /// Problems found, among them files that could not be written or removed.
    var diagnostics: [Diagnostic] { get set }
    /// Files written (created or changed).
    var written: Int { get set }
    /// Files that already held exactly these bytes.
    var unchanged: Int { get set }
    /// Files removed.
    var deleted: Int { get set }
}

extension BuildReport: WriteTally {}
extension AppKitReport: WriteTally {}

extension OutputWriter {
    /// Writes a file and counts it; false after reporting the failure, located at the output path.
    @discardableResult
    func write(_ file: OutputFile, counting tally: inout some WriteTally) -> Bool {
        do {
            switch try write(file.bytes, to: file.path) {
            case .written: tally.written += 1
            case .unchanged: tally.unchanged += 1
            }
            return true
        } catch {
            tally.diagnostics.append(
                Diagnostic(.error, file: root + "/" + file.path, position: .start, message: error.reason))
            return false
        }
    }

    /// Removes a file if it is there and counts it; false after reporting the failure, located at the output path.
    @discardableResult
    func remove(_ path: String, counting tally: inout some WriteTally) -> Bool {
        do {
            if try remove(path) { tally.deleted += 1 }
            return true
        } catch {
            tally.diagnostics.append(
                Diagnostic(.error, file: root + "/" + path, position: .start, message: error.reason))
            return false
        }
    }
}
