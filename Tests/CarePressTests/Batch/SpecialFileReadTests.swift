import Foundation
import Testing

@testable import CarePress

/// Finding 4 of issue 40: reading a content file must never wait, and must refuse what is not a regular file, with a
/// located error. A FIFO that nobody writes to blocked `open()` for ever; here a watchdog opens its other end if the
/// read has not returned within a minute, so that the test fails instead of hanging.
@Suite("Reading special files")
struct SpecialFileReadTests {
    /// A folder holding one of each kind of file that is not a regular file.
    final class Folder: Sendable {
        let temporary: TemporaryProject
        let fifo: String
        let socketPath: String
        let folder: String
        let device: String

        init() throws {
            temporary = try TemporaryProject("special")
            let root = temporary.root
            fifo = root.appendingPathComponent("fifo.json").path
            socketPath = root.appendingPathComponent("socket.json").path
            folder = root.appendingPathComponent("folder.json").path
            device = root.appendingPathComponent("device.json").path
            #expect(mkfifo(fifo, 0o644) == 0)
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: device, withDestinationPath: "/dev/zero")
            Self.bindSocket(at: socketPath)
        }

        /// A Unix socket bound at `path` (the socket itself is closed; its file stays).
        static func bindSocket(at path: String) {
            let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            defer { close(descriptor) }
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { buffer in
                for (index, byte) in path.utf8.prefix(buffer.count - 1).enumerated() { buffer[index] = byte }
            }
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                }
            }
            #expect(bound == 0, "bind: errno \(errno)")
        }
    }

    /// Runs `body`; if it has not returned after `seconds`, opens `fifo` for writing and closes it, which ends a read
    /// that was waiting for a writer. Returns what `body` returned and whether the watchdog had to step in.
    static func withWatchdog<T>(on fifo: String, seconds: Double = 60, _ body: () -> T) -> (T, waited: Bool) {
        let done = DispatchSemaphore(value: 0)
        let stepped = Mutex(false)
        let watchdog = Thread {
            if done.wait(timeout: .now() + seconds) == .timedOut {
                stepped.withLock { $0 = true }
                let writer = open(fifo, O_WRONLY | O_NONBLOCK)
                if writer >= 0 { close(writer) }
            }
        }
        watchdog.start()
        let result = body()
        done.signal()
        return (result, stepped.withLock { $0 })
    }

    @Test("FileBytes refuses a FIFO, a socket, a folder and a device, without waiting")
    func fileBytesRefusesSpecialFiles() throws {
        let folder = try Folder()
        let (fifo, waited) = Self.withWatchdog(on: folder.fifo) { FileBytes.contents(folder.fifo) }
        #expect(!waited, "opening the FIFO waited for a writer")
        #expect(fifo == .failure(.notRegularFile("a FIFO")))
        #expect(FileBytes.contents(folder.socketPath) == .failure(.notRegularFile("a socket")))
        #expect(FileBytes.contents(folder.folder) == .failure(.notRegularFile("a folder")))
        #expect(FileBytes.contents(folder.device) == .failure(.notRegularFile("a character device")))
        var stamp: ContentDigest?
        let (scanned, scanWaited) = Self.withWatchdog(on: folder.fifo) {
            try? FileBytes.contents(folder.fifo, limit: 1 << 20, stamp: &stamp, settled: 0).get()
        }
        #expect(!scanWaited && scanned == nil && stamp == nil)
        let (digest, digestWaited) = Self.withWatchdog(on: folder.fifo) { FileBytes.digest(of: folder.fifo) }
        #expect(!digestWaited && digest == nil)
    }

    @Test("A content file that is not a regular file is a located error")
    func sourceFileReportsSpecialFiles() throws {
        let folder = try Folder()
        for (path, kind) in [
            (folder.fifo, "a FIFO"), (folder.socketPath, "a socket"), (folder.device, "a character device"),
        ] {
            let log = DiagnosticLog(file: path)
            let (bytes, waited) = Self.withWatchdog(on: folder.fifo) {
                SourceFile.bytes(path, limit: .record, log: log)
            }
            #expect(!waited && bytes == nil)
            #expect(
                log.diagnostics.map(\.description) == [
                    "\(path):1:1: error: not a regular file (\(kind)), so it is not read"
                        + "\n    hint: only regular files are read; replace it with a file, or move it out of the folder"
                ])
        }
    }
}
