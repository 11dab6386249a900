import CarePressServe
import Testing

/// Where the reload script goes in a served page.
@Suite("Reload script")
struct ReloadScriptTests {
    func injected(_ html: String) -> String {
        String(decoding: ReloadScript.inject(into: Array(html.utf8), generation: 7), as: UTF8.self)
    }

    let tag = ReloadScript.tag(generation: 7)

    @Test func afterTheOpeningHead() {
        #expect(
            injected("<html><head><title>x</title></head><body></body></html>")
                == "<html><head>\(tag)<title>x</title></head><body></body></html>")
        #expect(
            injected("<HTML><HEAD lang=\"en\">\n<title>x</title>") == "<HTML><HEAD lang=\"en\">\(tag)\n<title>x</title>"
        )
    }

    @Test func notIntoAHeaderElement() {
        #expect(injected("<body><header>h</header><p>x</p></body>") == "<body><header>h</header><p>x</p>\(tag)</body>")
    }

    @Test func beforeTheLastClosingBodyOrAtTheEnd() {
        #expect(injected("<p>a</p></BODY>") == "<p>a</p>\(tag)</BODY>")
        #expect(injected("<p>a</p>") == "<p>a</p>\(tag)")
    }

    @Test func theTagCarriesTheGeneration() {
        #expect(tag == "<script src=\"/__carepress/reload.js\" data-generation=\"7\" defer></script>")
    }
}
