import Foundation
import Testing

@testable import CarePress

#if canImport(Glibc)
    import Glibc
#endif

/// The engine against the real Chromium (installed by `scripts/ensure-deps test`): pages in a temporary folder.
@Suite("PDF engine", .serialized)
struct PDFEngineTests {
    /// A page with two headings, enough text for two pages, a link, and whatever `extra` adds.
    static func page(title: String, extra: String = "") -> String {
        """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>\(title)</title></head>
        <body><h1>\(title)</h1><p>First words. <a href="https://example.org/x">a link</a></p>\(extra)
        <h2>Second part</h2><p style="height: 300mm">Tall.</p><p>Last words.</p></body></html>
        """
    }

    static func job(_ path: String, title: String = "A report") -> PrintJob {
        PrintJob(htmlPath: path, title: title, reference: "ref-1", heading: "Test site", paper: .a4)
    }

    @Test func printsATaggedPDFWithTheSameBytesEveryTime() throws {
        let project = try TemporaryProject()
        try project.write("Output/a.html", Self.page(title: "Page one"))
        let engine = try PDFEngine.start(PDFEngine.Options(root: project.path("Output"), tabs: 2))
        defer { engine.shutdown() }
        let first = try engine.print(Self.job(project.path("Output/a.html"))).get()
        Thread.sleep(forTimeInterval: 1.1)  // the dates Chromium writes are to the second
        let second = try engine.print(Self.job(project.path("Output/a.html"))).get()
        let text = String(decoding: first.bytes, as: UTF8.self)
        #expect(first.bytes.starts(with: Array("%PDF-".utf8)))
        #expect(text.contains("/Marked true") && text.contains("/StructTreeRoot") && text.contains("/Outlines"))
        #expect(text.contains("/Lang (en)"))
        #expect(!text.contains("/CreationDate") && !text.contains("/ModDate"))
        #expect(!text.contains("/URI"), "links are printed as text, never as link annotations")
        #expect(first.bytes == second.bytes)
        #expect(first.blockedRequests.isEmpty)
    }

    @Test func writesTheNextScriptFreePageOfAFolderIntoTheDocumentShownWithTheSamePDF() throws {
        let project = try TemporaryProject()
        let listener = try LoopbackListener()
        let style = "<link rel=\"stylesheet\" href=\"../assets/style.css\">"
        try project.write("Output/assets/style.css", "h1 { color: #800000; font-size: 40pt; } p { margin: 20mm 0; }")
        try project.write("Output/kind/a.html", Self.page(title: "Page one", extra: style))
        try project.write("Output/kind/b.html", Self.page(title: "Page two", extra: style + "<p>More words.</p>"))
        let pixel = "<img alt=\"\" src=\"http://127.0.0.1:\(listener.port)/pixel.png\">"
        try project.write("Output/kind/c.html", Self.page(title: "Page three", extra: style + pixel))
        try project.write(
            "Output/kind/s.html", Self.page(title: "Scripted", extra: style + "<script>var left = 1;</script>"))
        try project.write("Output/other/d.html", Self.page(title: "Page four", extra: style))
        let policy = NetworkPolicy(root: project.path("Output"))
        let process = try ChromiumProcess.launch(executable: try ChromiumLocator.locate().get(), timeout: 30)
        defer { process.shutdown(grace: 5) }
        func printAlone(_ name: String) throws -> PrintedPDF {
            let tab = try PrintTab.open(client: process.client, policy: policy, timeout: 30)
            defer { tab.close(timeout: 5) }
            return try tab.print(Self.job(project.path("Output/\(name)")), timeout: 30, fontTimeout: 5)
        }
        let tab = try PrintTab.open(client: process.client, policy: policy, timeout: 30)
        defer { tab.close(timeout: 5) }
        var navigations: [Int] = []
        for name in ["kind/a.html", "kind/b.html", "kind/c.html", "kind/s.html", "kind/a.html", "other/d.html"] {
            let printed = try tab.print(Self.job(project.path("Output/\(name)")), timeout: 30, fontTimeout: 5)
            navigations.append(tab.navigations.withLock { $0 })
            let alone = try printAlone(name)
            #expect(printed.bytes == alone.bytes, "\(name): the same PDF as when navigated to in a tab of its own")
            #expect(printed.blockedRequests == alone.blockedRequests)
        }
        // a navigates; b and c are written into a's document; s (a script) navigates; a, after a script, navigates;
        // d is in another folder.
        #expect(navigations == [1, 1, 1, 2, 3, 4])
        #expect(listener.connectionCount() == 0)
        let written = try tab.print(Self.job(project.path("Output/other/d.html")), timeout: 30, fontTimeout: 5)
        #expect(tab.navigations.withLock { $0 } == 4)
        #expect(String(decoding: written.bytes, as: UTF8.self).contains("/Title (Page four)"))
    }

    @Test func aTabLaysItsPagesOutForPrint() throws {
        let project = try TemporaryProject()
        try project.write("Output/a.html", Self.page(title: "Media"))
        let process = try ChromiumProcess.launch(executable: try ChromiumLocator.locate().get(), timeout: 30)
        defer { process.shutdown(grace: 5) }
        let tab = try PrintTab.open(
            client: process.client, policy: NetworkPolicy(root: project.path("Output")), timeout: 30)
        defer { tab.close(timeout: 5) }
        _ = try tab.print(Self.job(project.path("Output/a.html")), timeout: 30, fontTimeout: 5)
        struct Evaluate: Encodable {
            var expression = "matchMedia('print').matches && !matchMedia('screen').matches"
            var returnByValue = true
        }
        struct Evaluated: Decodable {
            struct Value: Decodable { var value: Bool }
            var result: Value
        }
        let evaluated = try process.client.call(
            "Runtime.evaluate", Evaluate(), session: tab.session, timeout: 30, returning: Evaluated.self)
        #expect(evaluated.result.value, "the page shown is laid out with the print media")
    }

    @Test func onlyScriptFreeUTF8PagesAreWritable() {
        let page = Array(Self.page(title: "Plain").utf8)
        #expect(PrintTab.writable(page) != nil)
        for extra in [
            "<SCRIPT>x()</SCRIPT>", "<img src=x.png onerror=\"x()\">", "<body onload = 'x()'>",
            "<svg/onload=x()>",
        ] {
            #expect(PrintTab.writable(Array(Self.page(title: "Scripted", extra: extra).utf8)) == nil, "\(extra)")
        }
        #expect(PrintTab.writable(Array(Self.page(title: "Only = one", extra: "<p>once upon a time</p>").utf8)) != nil)
        let latin = Array(Self.page(title: "Latin").replacingOccurrences(of: "utf-8", with: "iso-8859-1").utf8)
        #expect(PrintTab.writable(latin) == nil, "a page in another encoding is decoded by its own navigation")
        #expect(PrintTab.writable(page.prefix(40) + [0xFF] + page.dropFirst(40)) == nil, "not UTF-8")
    }

    @Test func blocksEveryRequestButFilesOfTheFolder() throws {
        let project = try TemporaryProject()
        let listener = try LoopbackListener()
        let outside = project.path("outside.svg")
        try project.write("outside.svg", Self.svg)
        try project.write("Output/chart.svg", Self.svg)
        try FileManager.default.createSymbolicLink(
            atPath: project.path("Output/link.svg"), withDestinationPath: outside)
        let images = [
            "chart.svg", "http://127.0.0.1:\(listener.port)/pixel.png", "https://127.0.0.1:\(listener.port)/a.png",
            "file://\(outside)", "link.svg", "../outside.svg",
        ].map { "<img alt=\"\" src=\"\($0)\">" }.joined()
        let css = "<link rel=\"stylesheet\" href=\"http://127.0.0.1:\(listener.port)/style.css\">"
        let script = "<script>fetch('http://127.0.0.1:\(listener.port)/beacon').catch(() => {});</script>"
        try project.write("Output/a.html", Self.page(title: "Requests", extra: images + css + script))
        let engine = try PDFEngine.start(PDFEngine.Options(root: project.path("Output"), tabs: 1))
        defer { engine.shutdown() }
        let printed = try engine.print(Self.job(project.path("Output/a.html"))).get()
        #expect(listener.connectionCount() == 0, "no request reached the loopback server")
        let blocked = Set(printed.blockedRequests)
        #expect(blocked.contains("http://127.0.0.1:\(listener.port)/pixel.png"))
        #expect(blocked.contains("https://127.0.0.1:\(listener.port)/a.png"))
        #expect(blocked.contains("http://127.0.0.1:\(listener.port)/style.css"))
        #expect(blocked.contains("file://\(outside)"))
        #expect(blocked.contains { $0.hasSuffix("/Output/link.svg") }, "a symbolic link out of the folder is blocked")
        #expect(!blocked.contains { $0.hasSuffix("/Output/chart.svg") })
    }

    @Test func aPageThatHangsFailsAloneWithATimeout() throws {
        let project = try TemporaryProject()
        try project.write("Output/hang.html", Self.page(title: "Hangs", extra: "<script>for (;;) {}</script>"))
        try project.write("Output/good.html", Self.page(title: "Fine"))
        let engine = try PDFEngine.start(
            PDFEngine.Options(root: project.path("Output"), tabs: 1, pageTimeout: 4))
        defer { engine.shutdown() }
        let hung = engine.print(Self.job(project.path("Output/hang.html")))
        #expect(throws: PDFPrintFailure.self) { try hung.get() }
        if case .failure(let failure) = hung {
            #expect(failure.description.contains("did not finish within 4 s"), "\(failure)")
        }
        let good = try engine.print(Self.job(project.path("Output/good.html"))).get()
        #expect(good.bytes.starts(with: Array("%PDF-".utf8)))
    }

    @Test func aMissingPageFailsWithChromiumsReason() throws {
        let project = try TemporaryProject()
        try project.write("Output/a.html", Self.page(title: "Here"))
        let engine = try PDFEngine.start(PDFEngine.Options(root: project.path("Output"), tabs: 1))
        defer { engine.shutdown() }
        let missing = engine.print(Self.job(project.path("Output/missing.html")))
        guard case .failure(.loadFailed(let reason)) = missing else {
            Issue.record("expected a load failure, got \(missing)")
            return
        }
        #expect(reason.contains("ERR_FILE_NOT_FOUND"))
        #expect(throws: Never.self) { try engine.print(Self.job(project.path("Output/a.html"))).get() }
    }

    @Test func recyclesBrowserContextsAndPrintsInParallel() throws {
        let project = try TemporaryProject()
        for index in 0..<6 { try project.write("Output/\(index).html", Self.page(title: "Page \(index)")) }
        let engine = try PDFEngine.start(
            PDFEngine.Options(root: project.path("Output"), tabs: 3, pagesPerContext: 1))
        defer { engine.shutdown() }
        let results = Mutex<[Int: [UInt8]]>([:])
        DispatchQueue.concurrentPerform(iterations: 6) { index in
            if case .success(let pdf) = engine.print(Self.job(project.path("Output/\(index).html"))) {
                results.withLock { $0[index] = pdf.bytes }
            }
        }
        let printed = results.withLock { $0 }
        #expect(printed.count == 6)
        for (index, bytes) in printed {
            let title = String(decoding: bytes, as: UTF8.self)
            #expect(title.contains(Self.pdfText("Page \(index)")), "page \(index) is its own document")
        }
    }

    @Test func aBrowserThatDiesFailsItsPageAndIsStartedAgainForTheNext() throws {
        let project = try TemporaryProject()
        try project.write("Output/a.html", Self.page(title: "Before"))
        try project.write("Output/b.html", Self.page(title: "After"))
        let engine = try PDFEngine.start(PDFEngine.Options(root: project.path("Output"), tabs: 1))
        defer { engine.shutdown() }
        #expect(throws: Never.self) { try engine.print(Self.job(project.path("Output/a.html"))).get() }
        let first = try #require(engine.browserProcessID)
        kill(-first, SIGKILL)
        kill(first, SIGKILL)
        Thread.sleep(forTimeInterval: 0.5)
        // The page in flight when the browser went (here: the next one) fails or is printed by a new browser; either
        // way the engine goes on.
        let next = engine.print(Self.job(project.path("Output/b.html")))
        let after = engine.print(Self.job(project.path("Output/b.html")))
        #expect(throws: Never.self) { try after.get() }
        if case .failure(let failure) = next { #expect(failure.description.contains("Chromium")) }
        #expect(engine.browserProcessID != nil && engine.browserProcessID != first)
    }

    @Test func readsAPDFOfManyChunksWhole() throws {
        let project = try TemporaryProject()
        try project.write("Output/a.html", Self.page(title: "Chunks"))
        var options = PDFEngine.Options(root: project.path("Output"), tabs: 1)
        let whole = try PDFEngine.start(options)
        let inOneRead = try whole.print(Self.job(project.path("Output/a.html"))).get()
        whole.shutdown()
        options.readSize = 1000
        let chunked = try PDFEngine.start(options)
        defer { chunked.shutdown() }
        let inManyReads = try chunked.print(Self.job(project.path("Output/a.html"))).get()
        let again = try chunked.print(Self.job(project.path("Output/a.html"))).get()
        #expect(inOneRead.bytes.count > 10 * 1000, "the second engine reads this PDF in more than ten reads")
        #expect(inManyReads.bytes == inOneRead.bytes)
        #expect(again.bytes == inOneRead.bytes, "the reads of one PDF do not spill into the next")
    }

    /// The first full browser (not a headless shell) on PATH, if any: the omnibox is the full browser's.
    static let fullBrowser = ["chromium", "chromium-browser", "google-chrome"].lazy.compactMap {
        ChromiumLocator.executable($0, searching: ProcessInfo.processInfo.environment["PATH"])
    }.first

    @Test(.enabled(if: fullBrowser != nil)) func startsNoOmniboxRenderersOfItsOwn() throws {
        let executable = try #require(Self.fullBrowser)
        let process = try ChromiumProcess.launch(executable: executable, timeout: 30)
        defer { process.shutdown(grace: 5) }
        Thread.sleep(forTimeInterval: 1)  // the popups are made once the first window is up
        struct AllTargets: Encodable {
            struct Filter: Encodable {}
            var filter = [Filter()]
        }
        struct Targets: Decodable {
            struct Info: Decodable {
                var type: String
                var url: String
            }
            var targetInfos: [Info]
        }
        let targets = try process.client.call(
            "Target.getTargets", AllTargets(), timeout: 30, returning: Targets.self
        ).targetInfos
        #expect(targets.contains { $0.url == "about:blank" }, "the targets are listed")
        #expect(!targets.contains { $0.url.contains("omnibox") }, "\(targets.map(\.url))")
    }

    @Test func aPageWhoseRendererCrashesFailsAsCrashed() throws {
        let project = try TemporaryProject()
        let busy = "<script>const end = Date.now() + 4000; while (Date.now() < end) {}</script>"
        try project.write("Output/slow.html", Self.page(title: "Slow", extra: busy))
        let process = try ChromiumProcess.launch(executable: try ChromiumLocator.locate().get(), timeout: 30)
        defer { process.shutdown(grace: 5) }
        let tab = try PrintTab.open(
            client: process.client, policy: NetworkPolicy(root: project.path("Output")), timeout: 30)
        let client = process.client
        let session = tab.session
        DispatchQueue.global().asyncAfter(deadline: .now() + 1) {
            client.send("Page.crash", DevToolsMessage.Empty(), session: session)
        }
        let result = Result { () throws(PDFPrintFailure) in
            try tab.print(Self.job(project.path("Output/slow.html")), timeout: 20, fontTimeout: 1)
        }
        #expect(throws: PDFPrintFailure.pageCrashed) { try result.get() }
    }

    @Test func withoutChromiumSaysHowToInstallIt() {
        let result = ChromiumLocator.locate(environment: ["PATH": "/nonexistent"])
        guard case .failure(let error) = result else {
            Issue.record("found a Chromium on an empty PATH")
            return
        }
        #expect(
            error.message.contains(
                "chromium-headless-shell, chrome-headless-shell, chromium, chromium-browser, google-chrome"))
        #expect(error.hint.contains("apt-get install chromium"))
        let named = ChromiumLocator.locate(environment: [
            "CAREPRESS_CHROMIUM": "/nonexistent/chrome", "PATH": "/usr/bin",
        ])
        #expect((try? named.get()) == nil)
    }

    @Test func findsChromiumOnThePathOrNamedInTheEnvironment() throws {
        let bin = try TemporaryProject()
        try bin.write("bin/google-chrome", "#!/bin/sh\n")
        chmod(bin.path("bin/google-chrome"), 0o755)
        #expect(
            try ChromiumLocator.locate(environment: ["PATH": bin.path("bin")]).get() == bin.path("bin/google-chrome"))
        #expect(
            try ChromiumLocator.locate(environment: [
                "PATH": "/nonexistent", "CAREPRESS_CHROMIUM": bin.path("bin/google-chrome"),
            ])
            .get() == bin.path("bin/google-chrome"))
    }

    @Test func prefersTheHeadlessShellToTheFullBrowser() throws {
        let bin = try TemporaryProject()
        for name in ["chromium", "chromium-headless-shell"] {
            try bin.write("full/\(name)", "#!/bin/sh\n")
            chmod(bin.path("full/\(name)"), 0o755)
        }
        try bin.write("shell/chrome-headless-shell", "#!/bin/sh\n")
        chmod(bin.path("shell/chrome-headless-shell"), 0o755)
        // Within one folder, and across the folders of PATH: any headless shell comes before any full browser.
        #expect(
            try ChromiumLocator.locate(environment: ["PATH": bin.path("full")]).get()
                == bin.path("full/chromium-headless-shell"))
        try FileManager.default.removeItem(atPath: bin.path("full/chromium-headless-shell"))
        #expect(
            try ChromiumLocator.locate(environment: ["PATH": bin.path("full") + ":" + bin.path("shell")]).get()
                == bin.path("shell/chrome-headless-shell"))
    }

    static let svg =
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"20\" height=\"20\"><rect width=\"20\" height=\"20\"/></svg>"

    /// Text as a PDF's /Title holds it when it is ASCII: a literal string.
    static func pdfText(_ text: String) -> String { "/Title (\(text))" }
}

/// A TCP server on 127.0.0.1 at a free port that accepts nothing, so a test can see whether anything connected.
final class LoopbackListener: Sendable {
    let descriptor: Int32
    let port: UInt16

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.descriptor = descriptor
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(descriptor, 16) == 0 else { throw POSIXError(.EADDRINUSE) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        self.port = UInt16(bigEndian: address.sin_port)
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    }

    deinit { close(descriptor) }

    /// How many connections are waiting to be accepted (accepting and closing each).
    func connectionCount() -> Int {
        var count = 0
        while true {
            let connection = accept(descriptor, nil, nil)
            guard connection >= 0 else { return count }
            close(connection)
            count += 1
        }
    }
}

@Suite("PDF network policy")
struct NetworkPolicyTests {
    @Test func allowsOnlyFilesWhoseRealPathIsInTheFolder() throws {
        let project = try TemporaryProject()
        try project.write("Output/reports/a.html", "a")
        try project.write("secret.txt", "s")
        try FileManager.default.createSymbolicLink(
            atPath: project.path("Output/escape"), withDestinationPath: project.root.path)
        let policy = NetworkPolicy(root: project.path("Output"))
        let output = URL(fileURLWithPath: project.path("Output")).absoluteString
        #expect(policy.allows(output + "reports/a.html"))
        #expect(policy.allows(output + "reports/a.html?x=1#top"))
        #expect(policy.allows(output + "reports/missing.png"), "a missing file is Chromium's to report")
        #expect(!policy.allows(output + "reports/../../secret.txt"))
        #expect(!policy.allows(output + "reports/%2E%2E/%2E%2E/secret.txt"))
        #expect(!policy.allows(output + "escape/secret.txt"))
        #expect(!policy.allows(output + "escape/missing.txt"))
        #expect(!policy.allows(output))
        #expect(!policy.allows("file:///etc/hostname"))
        #expect(!policy.allows("file://example.org" + project.path("Output/reports/a.html")))
        #expect(!policy.allows("http://127.0.0.1/" + project.path("Output/reports/a.html")))
        #expect(!policy.allows("https://example.org/"))
        #expect(!policy.allows("data:text/plain,x"))
    }
}

@Suite("PDF normalizer")
struct PDFNormalizerTests {
    /// A PDF shaped as Chromium writes it: the information dictionary first, the trailer at the end.
    static func pdf(date: String, id: String?, title: String = "(A \\(title\\) >> here)") -> [UInt8] {
        let trailerID = id.map { "\n/ID [<\($0)> <\($0)>]" } ?? ""
        return Array(
            """
            %PDF-1.4
            1 0 obj
            <</Title \(title)
            /Producer (Skia/PDF m156)
            /CreationDate (D:\(date)+00'00')
            /ModDate (D:\(date)+00'00')>>
            endobj
            11 0 obj
            <</Type /Catalog /CreationDate (D:20000101000000)>>
            endobj
            trailer
            <</Size 12
            /Root 11 0 R
            /Info 1 0 R\(trailerID)>>
            startxref
            123
            %%EOF

            """.utf8)
    }

    @Test func removesTheDatesWithoutMovingAByte() {
        let first = PDFNormalizer.normalized(Self.pdf(date: "20261124041203", id: nil))
        let second = PDFNormalizer.normalized(Self.pdf(date: "20270101235959", id: nil))
        #expect(first == second)
        #expect(first.count == Self.pdf(date: "20261124041203", id: nil).count)
        let text = String(decoding: first, as: UTF8.self)
        #expect(!text.contains("/ModDate"))
        #expect(text.contains("/Title (A \\(title\\) >> here)"))
        #expect(text.contains("/Producer (Skia/PDF m156)"))
        #expect(text.contains("/Type /Catalog /CreationDate (D:20000101000000)"), "only the information dictionary")
    }

    @Test func makesTheIDFromTheContent() {
        let one = PDFNormalizer.normalized(Self.pdf(date: "20261124041203", id: "00112233445566778899AABBCCDDEEFF"))
        let two = PDFNormalizer.normalized(Self.pdf(date: "20261124041204", id: "FFEEDDCCBBAA99887766554433221100"))
        let other = PDFNormalizer.normalized(
            Self.pdf(date: "20261124041203", id: "00112233445566778899AABBCCDDEEFF", title: "(Another)"))
        #expect(one == two)
        #expect(one != other)
        let text = String(decoding: one, as: UTF8.self)
        #expect(!text.contains("00112233445566778899AABBCCDDEEFF"))
        #expect(text.range(of: #"/ID \[<[0-9a-f]{32}> <[0-9a-f]{32}>\]"#, options: .regularExpression) != nil)
    }

    @Test func leavesAFileWithoutAnInformationDictionaryAlone() {
        let bytes = Array("%PDF-1.7\ntrailer\n<</Root 1 0 R>>\n%%EOF\n".utf8)
        #expect(PDFNormalizer.normalized(bytes) == bytes)
    }
}
