import CarePressServe
import Testing

/// The Host and Origin checks against DNS rebinding.
@Suite("Allowed hosts")
struct AllowedHostsTests {
    @Test func loopbackAnswersOnlyLoopbackNamesOnItsPort() {
        let hosts = AllowedHosts(boundHost: "127.0.0.1", port: 8000)
        #expect(hosts.isLoopbackOnly)
        for host in ["127.0.0.1:8000", "localhost:8000", "LOCALHOST:8000", "[::1]:8000", "127.0.0.2:8000"] {
            #expect(hosts.allows(host: host), "\(host)")
        }
        for host in [
            "evil.example:8000", "127.0.0.1:8001", "127.0.0.1", "localhost", "192.168.1.20:8000", "",
            "user@127.0.0.1:8000", "127.0.0.1:8000/x", "127.0.0.1.evil.example:8000", "localhost.:8000",
            "[::1]", "127.0.0.1:80000",
        ] {
            #expect(!hosts.allows(host: host), "\(host)")
        }
        #expect(hosts.allows(origin: "http://127.0.0.1:8000"))
        #expect(hosts.allows(origin: "http://localhost:8000"))
        #expect(!hosts.allows(origin: "http://evil.example:8000"))
        #expect(!hosts.allows(origin: "https://127.0.0.1:8000"))
        #expect(!hosts.allows(origin: "null"))
    }

    @Test func allInterfacesAnswerAddressesButStillNoOtherNames() {
        let hosts = AllowedHosts(boundHost: "0.0.0.0", port: 8000)
        #expect(!hosts.isLoopbackOnly)
        #expect(hosts.allows(host: "192.168.1.20:8000"))
        #expect(hosts.allows(host: "[fe80::1]:8000"))
        #expect(!hosts.allows(host: "evil.example:8000"))
        #expect(!hosts.allows(host: "192.168.1.20:9000"))
        let named = AllowedHosts(boundHost: "preview.clinic.lan", port: 8000)
        #expect(named.allows(host: "preview.clinic.lan:8000"))
        #expect(!named.allows(host: "evil.example:8000"))
    }
}
