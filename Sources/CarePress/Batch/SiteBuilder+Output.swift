/// The output folder a build writes into: its writer, its lock and its manifest.
extension SiteBuilder {
    /// The writer of the output folder (creating it); nil after reporting why it cannot be made.
    static func outputWriter(_ options: BuildOptions, into report: inout BuildReport) -> OutputWriter? {
        do {
            return try OutputWriter(
                root: options.outputPath,
                temporaryTag: options.shard.temporaryTag)
        } catch {
            report.diagnostics.append(
                Diagnostic(.error, file: options.outputPath, position: .start, message: error.reason))
            return nil
        }
    }

    /// Takes the output folder's build lock for this shard, waiting for another build or refusing at once as the
    /// options say, and whether it waited; nil after reporting why not.
    static func lockOutputFolder(
        _ options: BuildOptions, writer: OutputWriter, into report: inout BuildReport
    ) -> (BuildLock, waited: Bool)? {
        let wait: Bool
        let announce: (@Sendable (String) -> Void)?
        switch options.whenLocked {
        case .wait(let waiting): (wait, announce) = (true, waiting)
        case .fail: (wait, announce) = (false, nil)
        }
        let waited = Mutex(false)
        let waiting = Stopwatch()
        // The time spent waiting is its own stage, not part of the scan.
        defer { report.timings.wait = waited.withLock { $0 } ? waiting.seconds : 0 }
        do {
            let lock = try BuildLock.acquire(in: writer, shard: options.shard, wait: wait) { busy in
                waited.withLock { $0 = true }
                announce?("waiting: \(busy) (\(writer.root)/\(busy.lockFile))")
            }
            return (lock, waited.withLock { $0 })
        } catch {
            switch error {
            case .busy(let busy):
                report.busy = true
                report.diagnostics.append(
                    Diagnostic(
                        .error, file: writer.root + "/" + busy.lockFile, position: .start,
                        message: "\(busy); nothing was written",
                        hint: "run it again when that build has finished, or without --no-wait to wait for it"))
            case .unavailable(let failure):
                report.diagnostics.append(
                    Diagnostic(
                        .error, file: writer.root + "/" + failure.path, position: .start,
                        message: "cannot take the build lock: \(failure.reason)"))
            }
            return nil
        }
    }

    /// Opens the manifest of the output folder for this build, mending it or making it again as needed.
    static func openManifest(at path: String, strings: StringInterner, options: BuildOptions)
        -> Result<(BuildManifest, BuildManifest.Contents), SQLiteError>
    {
        Result { () throws(SQLiteError) in
            try BuildManifest.open(at: path, strings: strings, boot: options.boot)
        }
    }

    /// The opened manifest, with its warnings reported; nil after reporting that it cannot be opened at all.
    static func openedManifest(
        _ opening: Result<(BuildManifest, BuildManifest.Contents), SQLiteError>, at path: String,
        into report: inout BuildReport
    ) -> (BuildManifest, BuildManifest.Contents)? {
        switch opening {
        case .success(let opened):
            for warning in opened.1.warnings {
                report.diagnostics.append(Diagnostic(.warning, file: path, position: .start, message: warning))
            }
            return opened
        case .failure(let error):
            report.diagnostics.append(
                Diagnostic(
                    .error, file: path, position: .start,
                    message: "cannot open the build manifest (\(error)); nothing was written"))
            return nil
        }
    }

    /// Flushes the output folder before a build's last commit when it must (the build flushes as it goes, or removed
    /// files), and says where its files stand for that commit. A removal is flushed before the commit that forgets
    /// the file: were it lost in a power cut, nothing would list the file any more.
    static func flush(
        _ writer: OutputWriter, before closing: ManifestChanges, to manifest: BuildManifest, options: BuildOptions,
        report: BuildReport
    ) -> BuildManifest.FilesOnDisk {
        guard options.flushesToDisk || report.deleted > 0 || !closing.settledOrphans.isEmpty else {
            return report.written > 0 ? .unflushed : .asBefore
        }
        if report.written > 0 || report.deleted > 0 || !closing.isEmpty || manifest.hasUnflushedFiles {
            writer.synchronize()
        }
        return .flushed
    }
}
