/// The `Host` and `Origin` values the preview server answers, so that a page of another site cannot reach it
/// through DNS rebinding (a name of the attacker's that resolves to 127.0.0.1 is still not a host it answers).
///
/// Allowed: `localhost`, `127.0.0.1` and `[::1]`, with the server's port; when the server is bound to another address
/// (`--host 0.0.0.0` to be reached from the network), also any IP address and the bound host name. Never another
/// host name.
public struct AllowedHosts: Sendable, Equatable {
    /// The address the server is bound to, as given with `--host`.
    public var boundHost: String
    /// The port the server listens on.
    public var port: Int

    /// Creates the rules for a server bound to `boundHost` and `port`.
    public init(boundHost: String, port: Int) {
        self.boundHost = boundHost
        self.port = port
    }

    /// Whether `boundHost` is a loopback address: the server is reachable from this machine only.
    public var isLoopbackOnly: Bool { Self.isLoopback(Self.unbracketed(boundHost.lowercased())) }

    /// Whether a request's `Host` (`name:port`, `[v6]:port`) is one the server answers.
    public func allows(host authority: String) -> Bool {
        guard let (host, hostPort) = Self.split(authority.lowercased()) else { return false }
        guard hostPort == port || (hostPort == nil && port == 80) else { return false }
        if Self.isLoopback(host) { return true }
        if isLoopbackOnly { return false }
        return Self.isIPAddress(host) || host == Self.unbracketed(boundHost.lowercased())
    }

    /// Whether a request's `Origin` is a page of this server (`http://` and an allowed host). `null` is not.
    public func allows(origin: String) -> Bool {
        let prefix = "http://"
        guard origin.lowercased().hasPrefix(prefix) else { return false }
        return allows(host: String(origin.dropFirst(prefix.count)))
    }

    /// `host` and `port` of an authority; nil when it is malformed (user info, a path, a bad port).
    static func split(_ authority: String) -> (host: String, port: Int?)? {
        if authority.isEmpty || authority.contains("@") || authority.contains("/") { return nil }
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            let host = String(authority[authority.index(after: authority.startIndex)..<close])
            let rest = authority[authority.index(after: close)...]
            if rest.isEmpty { return (host, nil) }
            guard rest.hasPrefix(":"), let port = Int(rest.dropFirst()), (1...65535).contains(port) else { return nil }
            return (host, port)
        }
        let parts = authority.split(separator: ":", omittingEmptySubsequences: false)
        switch parts.count {
        case 1: return (authority, nil)
        case 2:
            guard let port = Int(parts[1]), (1...65535).contains(port) else { return nil }
            return (String(parts[0]), port)
        default: return nil
        }
    }

    static func unbracketed(_ host: String) -> String {
        host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    }

    static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || (isIPv4(host) && host.hasPrefix("127."))
    }

    static func isIPAddress(_ host: String) -> Bool {
        isIPv4(host) || (host.contains(":") && host.allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." })
    }

    static func isIPv4(_ host: String) -> Bool {
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4
            && parts.allSatisfy { part in
                !part.isEmpty && part.count <= 3 && part.allSatisfy(\.isASCII) && part.allSatisfy(\.isNumber)
                    && (Int(part) ?? 256) <= 255
            }
    }
}
