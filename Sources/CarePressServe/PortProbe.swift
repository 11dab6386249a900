import Foundation

/// Whether the server can listen where it is asked to, found before the first build so that a taken port fails at
/// once rather than after building everything.
///
/// A socket is bound to the address and port (with `SO_REUSEADDR`, as the server's own socket is, so a port that only
/// has connections of an earlier run closing is not taken for busy) and closed again. Another program could take the
/// port between this and the server's bind; the server then fails as before, with the same message.
enum PortProbe {
    /// Nil when `host`:`port` can be bound (or `port` is 0: any free one); else why not, for the terminal.
    static func problem(host: String, port: Int) -> PreviewServer.Failure? {
        guard port != 0 else { return nil }
        var hints = addrinfo()
        hints.ai_flags = AI_NUMERICSERV | AI_PASSIVE
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var found: UnsafeMutablePointer<addrinfo>?
        let unbracketed = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        guard getaddrinfo(unbracketed, String(port), &hints, &found) == 0, let first = found else {
            // Left to the server, which says why it cannot resolve the address.
            return nil
        }
        defer { freeaddrinfo(found) }
        let descriptor = socket(first.pointee.ai_family, first.pointee.ai_socktype, first.pointee.ai_protocol)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var one: Int32 = 1
        _ = setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        guard bind(descriptor, first.pointee.ai_addr, first.pointee.ai_addrlen) != 0 else { return nil }
        return PreviewServer.Failure(bindFailure: errno, host: host, port: port)
    }
}

extension PreviewServer.Failure {
    /// Why the server cannot listen on `host`:`port`, from the `errno` of a failed bind.
    init(bindFailure code: Int32, host: String, port: Int) {
        let place = "\(PreviewServer.urlHost(host)):\(port)"
        switch code {
        case EADDRINUSE:
            self.init(
                description: "error: cannot listen on \(place): port \(port) is in use by another program\n"
                    + "    hint: pass --port N to use another port (--port 0 picks a free one)")
        case EACCES:
            self.init(
                description: "error: cannot listen on \(place): port \(port) needs privileges\n"
                    + "    hint: pass --port N with N of 1024 or more (--port 0 picks a free one)")
        case EADDRNOTAVAIL:
            self.init(
                description: "error: cannot listen on \(place): \(host) is not an address of this machine\n"
                    + "    hint: pass --host 127.0.0.1 (this machine only) or --host 0.0.0.0 (every interface)")
        default:
            self.init(description: "error: cannot listen on \(place): \(String(cString: strerror(code)))")
        }
    }
}
