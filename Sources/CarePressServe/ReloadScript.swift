/// The script that keeps an open page up to date, and where it goes in a served page.
///
/// It is added to HTML as the server sends it, never written into the output folder. It listens to the reload
/// channel (Server-Sent Events): after a rebuild that changed pages it reloads the page, keeping the scroll position;
/// after a change of stylesheets only, it swaps them in place (linked ones by a new URL, the stylesheet the reports
/// inline by its new text); while the last build has errors it shows them over the page, as text, and takes them
/// away once they are fixed.
public enum ReloadScript {
    /// The path the script is served from.
    public static let path = "/__carepress/reload.js"
    /// The path of the reload channel.
    public static let eventsPath = "/__carepress/events"
    /// The id of the overlay that shows build errors.
    public static let overlayID = "carepress-overlay"

    /// The tag added to a page served at `generation` (the build generation its files belong to).
    public static func tag(generation: Int) -> String {
        "<script src=\"\(path)\" data-generation=\"\(generation)\" defer></script>"
    }

    /// An HTML page with the tag inserted: right after `<head ...>`, else before the last `</body>`, else at the end.
    public static func inject(into html: [UInt8], generation: Int) -> [UInt8] {
        let tag = Array(self.tag(generation: generation).utf8)
        if let head = openingHead(in: html) {
            return Array(html[..<head]) + tag + Array(html[head...])
        }
        if let body = lastClosingBody(in: html) {
            return Array(html[..<body]) + tag + Array(html[body...])
        }
        return html + tag
    }

    /// The offset just after the `>` of the first `<head>` tag (not `<header>`), matched without regard to case.
    static func openingHead(in html: [UInt8]) -> Int? {
        let name = Array("<head".utf8)
        var index = 0
        while let start = find(name, in: html, from: index) {
            let after = start + name.count
            guard after < html.count else { return nil }
            let next = html[after]
            if next == UInt8(ascii: ">") || next == UInt8(ascii: " ") || next == UInt8(ascii: "\t")
                || next == UInt8(ascii: "\n") || next == UInt8(ascii: "\r") || next == UInt8(ascii: "/")
            {
                guard let close = html[after...].firstIndex(of: UInt8(ascii: ">")) else { return nil }
                return close + 1
            }
            index = after
        }
        return nil
    }

    /// The offset of the last `</body` tag, matched without regard to case.
    static func lastClosingBody(in html: [UInt8]) -> Int? {
        let name = Array("</body".utf8)
        var found: Int?
        var index = 0
        while let start = find(name, in: html, from: index) {
            found = start
            index = start + 1
        }
        return found
    }

    /// The first offset at or after `from` where `needle` (lower-case ASCII) occurs, ignoring ASCII case.
    private static func find(_ needle: [UInt8], in bytes: [UInt8], from: Int) -> Int? {
        guard needle.count <= bytes.count else { return nil }
        var start = from
        while start + needle.count <= bytes.count {
            var matches = true
            for offset in 0..<needle.count {
                var byte = bytes[start + offset]
                if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { byte += 32 }
                if byte != needle[offset] {
                    matches = false
                    break
                }
            }
            if matches { return start }
            start += 1
        }
        return nil
    }

    /// The script's source.
    public static let source = #"""
        // CarePress live preview (served by `carepress serve` only; never part of the built site).
        (() => {
          "use strict";
          const script = document.currentScript;
          let generation = Number(script && script.dataset.generation) || 0;
          const scrollKey = "carepress-scroll:" + location.pathname;

          const saved = sessionStorage.getItem(scrollKey);
          if (saved !== null) {
            sessionStorage.removeItem(scrollKey);
            const [x, y] = saved.split(",").map(Number);
            const restore = () => window.scrollTo(x, y);
            if (document.readyState === "complete") restore(); else window.addEventListener("load", restore);
          }

          function reload() {
            sessionStorage.setItem(scrollKey, Math.round(window.scrollX) + "," + Math.round(window.scrollY));
            location.reload();
          }

          function swapStylesheets(paths, version) {
            for (const link of document.querySelectorAll('link[rel~="stylesheet"]')) {
              const url = new URL(link.getAttribute("href"), location.href);
              if (paths.includes(url.pathname.replace(/^\//, ""))) {
                url.searchParams.set("carepress", String(version));
                link.href = url.href;
              }
            }
            const inline = document.querySelectorAll("style");
            if (paths.includes("assets/style.css") && inline.length > 0) {
              fetch("/assets/style.css", { cache: "no-store" })
                .then((response) => response.ok ? response.text() : Promise.reject(response.status))
                .then((css) => { for (const style of inline) style.textContent = css; })
                .catch(() => reload());
            }
          }

          function showErrors(errors) {
            let overlay = document.getElementById("carepress-overlay");
            if (errors.length === 0) {
              if (overlay) overlay.remove();
              return;
            }
            if (!overlay) {
              overlay = document.createElement("div");
              overlay.id = "carepress-overlay";
              overlay.setAttribute("role", "alertdialog");
              overlay.setAttribute("aria-label", "Build errors");
              overlay.style.cssText = "position:fixed;inset:0;z-index:2147483647;overflow:auto;margin:0;" +
                "padding:1.5rem;background:rgba(20,20,20,.94);color:#f5f5f5;font:14px/1.5 ui-monospace,monospace;";
              document.body.appendChild(overlay);
            }
            const heading = document.createElement("p");
            heading.style.cssText = "margin:0 0 1rem;font-weight:bold;color:#ff8a80;";
            heading.textContent = "The last build has " + errors.length + (errors.length === 1 ? " error" : " errors") +
              ". The pages shown are from the last good build; this goes away once the errors are fixed.";
            const list = document.createElement("ol");
            list.style.cssText = "margin:0;padding-left:1.5rem;";
            for (const error of errors) {
              const item = document.createElement("li");
              const line = document.createElement("pre");
              line.style.cssText = "margin:0 0 .25rem;white-space:pre-wrap;word-break:break-word;";
              line.textContent = error.location + ": error: " + error.message;
              item.appendChild(line);
              if (error.hint) {
                const hint = document.createElement("pre");
                hint.style.cssText = "margin:0 0 .75rem;white-space:pre-wrap;color:#bdbdbd;";
                hint.textContent = "hint: " + error.hint;
                item.appendChild(hint);
              }
              list.appendChild(item);
            }
            overlay.replaceChildren(heading, list);
          }

          function apply(state, live) {
            showErrors(state.errors);
            if (state.generation <= generation) return;
            if (live && state.stylesheetsOnly) {
              generation = state.generation;
              swapStylesheets(state.stylesheets, state.generation);
            } else {
              reload();
            }
          }

          const events = new EventSource("/__carepress/events");
          events.addEventListener("state", (event) => apply(JSON.parse(event.data), false));
          events.addEventListener("build", (event) => apply(JSON.parse(event.data), true));
        })();

        """#
}
