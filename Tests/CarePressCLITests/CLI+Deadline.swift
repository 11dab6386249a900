import CarePressTestSupport
import Foundation

extension CLI {
    /// What a run with a deadline printed, how it ended, what it cost, and whether it had to be killed.
    struct BoundedOutput {
        /// The exit status, or 128 plus the signal that ended it.
        var status: Int32
        var stdout: String
        var stderr: String
        /// The program was still running at the deadline and was killed: it hung.
        var timedOut: Bool
        /// How many bytes the program read (`rchar` of /proc/PID/io: files, pipes, its standard input), or nil
        /// when that could not be known (the program was killed, or there is no /proc).
        var bytesRead: Int?
    }

    /// Runs `carepress` with `arguments` in `directory`, and kills it if it is still running after `seconds`: a test of
    /// something that used to hang fails instead of hanging with it. Standard input is `stdin` (a descriptor of the
    /// caller's, e.g. the read end of a pipe it feeds) or /dev/null; standard output and error go to files, so a
    /// program that fills a pipe cannot stall on it. Spawned and reaped here, so that what it read can be seen once it
    /// has exited and before it is reaped (/proc keeps a finished process's I/O counts until then).
    static func run(
        _ arguments: [String], in directory: URL, stdin: Int32? = nil, deadline seconds: Double
    ) throws -> BoundedOutput {
        guard let carepress else {
            throw MissingProgram(description: "the carepress executable was not found; run `swift build` first")
        }
        let temporary = try TemporaryProject("run")
        defer { withExtendedLifetime(temporary) {} }
        let scratch = temporary.root
        let outPath = scratch.appendingPathComponent("stdout").path
        let errPath = scratch.appendingPathComponent("stderr").path
        let out = open(outPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        let err = open(errPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        defer {
            close(out)
            close(err)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let stdin {
            posix_spawn_file_actions_adddup2(&actions, stdin, 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        posix_spawn_file_actions_adddup2(&actions, out, 1)
        posix_spawn_file_actions_adddup2(&actions, err, 2)
        // The shell changes folder and then becomes carepress (exec keeps the process, so wait4 sees carepress).
        let argv =
            ["/bin/sh", "-c", "cd \"$1\" || exit 127; shift; exec \"$@\"", "sh", directory.path, carepress.path]
            + arguments
        var cArguments = argv.map { strdup($0) }
        defer { cArguments.forEach { free($0) } }
        cArguments.append(nil)
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, "/bin/sh", &actions, nil, cArguments, environ)
        guard spawned == 0 else { throw MissingProgram(description: "posix_spawn failed: \(spawned)") }
        let end = Date().addingTimeInterval(seconds)
        var timedOut = false
        var bytesRead: Int?
        while true {
            let state = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8))
                .flatMap { $0.split(separator: ")").last?.split(separator: " ").first }
            if state == "Z" || state == nil {
                bytesRead = Self.bytesRead(by: pid)
                break
            }
            if Date() >= end {
                timedOut = true
                kill(pid, SIGKILL)
                break
            }
            usleep(10_000)
        }
        var status: Int32 = 0
        _ = waitpid(pid, &status, 0)
        let signal = status & 0x7F
        return BoundedOutput(
            status: signal == 0 ? (status >> 8) & 0xFF : 128 + signal,
            stdout: String(decoding: FileManager.default.contents(atPath: outPath) ?? Data(), as: UTF8.self),
            stderr: String(decoding: FileManager.default.contents(atPath: errPath) ?? Data(), as: UTF8.self),
            timedOut: timedOut, bytesRead: bytesRead)
    }

    /// `rchar` of /proc/PID/io.
    private static func bytesRead(by pid: pid_t) -> Int? {
        guard let io = try? String(contentsOfFile: "/proc/\(pid)/io", encoding: .utf8),
            let line = io.split(separator: "\n").first(where: { $0.hasPrefix("rchar:") })
        else { return nil }
        return Int(line.dropFirst("rchar:".count).trimmingCharacters(in: .whitespaces))
    }
}
