import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The DevTools protocol's pipe transport (`--remote-debugging-pipe`): JSON messages, each ended by a NUL byte,
/// written to the browser's file descriptor 3 and read from its descriptor 4.
///
/// A reader thread splits what the browser writes into messages and hands each to `onMessage`; when the browser
/// closes its end (it exited or crashed), `onClose` is called once. Sends are serialised, so messages from several
/// threads never interleave.
final class DevToolsPipe: Sendable {
    /// Our end of the browser's command pipe (its fd 3), or -1 once closed.
    private let output: Mutex<Int32>
    private let input: Int32

    /// Starts reading `input` on a thread of its own; `output` is where commands are written.
    init(
        writingTo output: Int32, readingFrom input: Int32, onMessage: @escaping @Sendable ([UInt8]) -> Void,
        onClose: @escaping @Sendable () -> Void
    ) {
        self.output = Mutex(output)
        self.input = input
        let thread = Thread {
            Self.readMessages(from: input, onMessage: onMessage)
            onClose()
        }
        thread.name = "carepress.devtools-pipe"
        thread.start()
    }

    /// Writes one message and its NUL terminator; false when the pipe is closed or the browser has gone.
    @discardableResult
    func send(_ message: [UInt8]) -> Bool {
        output.withLock { descriptor in
            guard descriptor >= 0 else { return false }
            var bytes = message
            bytes.append(0)
            return bytes.withUnsafeBytes { buffer in
                guard let base = buffer.baseAddress else { return false }
                var offset = 0
                while offset < buffer.count {
                    let count = write(descriptor, base + offset, buffer.count - offset)
                    if count < 0 && errno == EINTR { continue }
                    guard count > 0 else { return false }
                    offset += count
                }
                return true
            }
        }
    }

    /// Closes the command pipe: the browser reads the end of its input and shuts down. The reader thread ends when
    /// the browser closes its own end.
    func close() {
        output.withLock { descriptor in
            guard descriptor >= 0 else { return }
            closeDescriptor(descriptor)
            descriptor = -1
        }
    }

    /// Reads until the end of the input, calling `onMessage` for each NUL-terminated message; closes the input.
    private static func readMessages(from input: Int32, onMessage: ([UInt8]) -> Void) {
        defer { closeDescriptor(input) }
        var pending: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return }
            var start = 0
            for index in 0..<count where buffer[index] == 0 {
                if pending.isEmpty {
                    onMessage(Array(buffer[start..<index]))
                } else {
                    pending += buffer[start..<index]
                    onMessage(pending)
                    pending.removeAll(keepingCapacity: true)
                }
                start = index + 1
            }
            if start < count { pending += buffer[start..<count] }
        }
    }
}

/// Closes a file descriptor (a free function, so that types with a `close()` of their own can call it).
func closeDescriptor(_ descriptor: Int32) {
    _ = close(descriptor)
}
