"""`carepress build --pdf` and `carepress export --format pdf`, read back with pdftotext (poppler-utils) and pypdf.

One sample build with PDFs is shared by the tests that only read it; the incremental test, last, builds it again.
A second, small project overrides the page layout with a page that asks the network for things and one that
hangs, to see that nothing leaves the machine and that a hanging page fails alone."""
import html.parser
import http.server
import json
import os
import pathlib
import pty
import re
import shutil
import signal
import subprocess
import threading
import time

import pypdf
import pytest

REPOSITORY = pathlib.Path(__file__).resolve().parents[2]
CONTENT = REPOSITORY / "Content"

# Patient's words to find exactly: punctuation, quotes, an ampersand and markup-like text that must stay text.
PATIENT_WORDS = 'My left knee aches & "clicks" on stairs <b>since</b> the 5K run; 10/10 worse at night'
# Hostile text: each would become a link, a script or a request if it were not escaped.
HOSTILE = ("[click me](javascript:alert(1)) <a href=\"https://evil.example/a\">win</a> https://evil.example/raw "
           "<img src=\"http://127.0.0.1:9/x.png\"> [file](file:///etc/passwd) <https://evil.example/auto>")


def run(arguments, **options):
    return subprocess.run(arguments, capture_output=True, text=True, **options)


def pages_text(pdf):
    """The text of each page, as pdftotext lays it out."""
    text = run(["pdftotext", "-layout", str(pdf), "-"]).stdout
    return text.split("\f")[:-1]


def squeeze(text):
    return re.sub(r"\s+", " ", text).strip()


class RedFlagList(html.parser.HTMLParser):
    """The items of the list that follows a red-flag heading ("Get urgent help if…", "Urgent: a clinician ...")."""

    def __init__(self):
        super().__init__()
        self.groups, self._heading, self._in_heading, self._in_item, self._armed = [], "", False, False, False

    def handle_starttag(self, tag, attrs):
        if tag in ("h3", "h4", "strong"):
            self._in_heading, self._heading = True, ""
        elif tag == "ul" and self._armed:
            self.groups.append([])
        elif tag == "li" and self._armed and self.groups:
            self._in_item = True
            self.groups[-1].append("")

    def handle_endtag(self, tag):
        if tag in ("h3", "h4", "strong"):
            self._in_heading = False
            # A callout's heading starts with its icon ("!"): the words are what is looked for.
            found = re.search(r"(Get urgent help if|Urgent: a clinician|Seek immediate care if|Red flags: urgent).*",
                              squeeze(self._heading))
            if found:
                self._armed = True
                self.groups.append(("heading", found.group(0).rstrip(":")))
        elif tag == "li":
            self._in_item = False
        elif tag == "ul" and self._armed:
            self._armed = False

    def handle_data(self, data):
        if self._in_heading:
            self._heading += data
        elif self._in_item and self.groups and isinstance(self.groups[-1], list):
            self.groups[-1][-1] += data


def red_flag_groups(html_text):
    """[(heading, [items])] for every red-flag heading of a report."""
    parser = RedFlagList()
    parser.feed(html_text)
    groups, heading = [], None
    for entry in parser.groups:
        if isinstance(entry, tuple):
            heading = entry[1]
        elif heading:
            groups.append((heading, [squeeze(item) for item in entry]))
            heading = None
    return groups


def sample_with_extra_records(root):
    """The sample Content, plus physio records whose concerns grow in steps (so that some red-flag heading falls
    near the bottom of a page) and one with hostile text."""
    content = root / "Content"
    shutil.copytree(CONTENT, content)
    base = json.loads((CONTENT / "physio" / "pg-2026-0001.json").read_text())
    for step in range(12):
        record = dict(base, id=f"pg-long-{step:02d}",
                      concern=PATIENT_WORDS + ". " + " ".join(["It hurts most on the way down."] * (step * 9)))
        (content / "physio" / f"pg-long-{step:02d}.json").write_text(json.dumps(record))
    hostile = dict(base, id="pg-hostile", concern=HOSTILE)
    hostile["response"] = dict(base["response"], reasoning=HOSTILE, encouragement=HOSTILE)
    (content / "physio" / "pg-hostile.json").write_text(json.dumps(hostile))
    return content


@pytest.fixture(scope="module")
def pdf_site(tmp_path_factory, carepress):
    root = tmp_path_factory.mktemp("pdf-site")
    content = sample_with_extra_records(root)
    output = root / "Output"
    result = run([str(carepress), "build", "--content", str(content), "--templates", "Templates", "--output",
                  str(output), "--pdf", "--jobs", "2", "--json"], cwd=REPOSITORY)
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["pdfs"] == summary["records"] - summary["failed"], summary
    return root


def all_pdfs(site):
    return sorted((site / "Output" / "reports").glob("*/*.pdf"))


def test_every_report_has_a_pdf_beside_its_html(pdf_site):
    htmls = sorted((pdf_site / "Output" / "reports").glob("*/*.html"))
    assert len(htmls) >= 40
    assert [path.with_suffix(".pdf") for path in htmls] == all_pdfs(pdf_site)


def test_pdftotext_finds_the_patients_words_and_the_disclaimer(pdf_site):
    disclaimer = squeeze(re.search(r"^disclaimer: (.*)$", (CONTENT / "site.yml").read_text(), re.M).group(1))
    text = squeeze(" ".join(pages_text(pdf_site / "Output/reports/physio/pg-long-00.pdf")))
    assert PATIENT_WORDS in text
    assert disclaimer in text
    for pdf in all_pdfs(pdf_site):
        assert disclaimer in squeeze(" ".join(pages_text(pdf))), pdf.name


def test_red_flags_are_on_the_page_of_their_heading(pdf_site):
    checked = 0
    for pdf in all_pdfs(pdf_site):
        groups = red_flag_groups(pdf.with_suffix(".html").read_text())
        # The callout's icon ("!") may land between the lines of a wrapped heading: it is not part of the words.
        pages = [squeeze(page.replace("!", " ")) for page in pages_text(pdf)]
        for heading, items in groups:
            # Every item on one page, and that page shows the heading (which may repeat: one per condition).
            holding = [index for index, page in enumerate(pages) if all(item in page for item in items)]
            assert holding, f"{pdf.name}: the red flags under {heading!r} are split across pages: {items}"
            assert heading in pages[holding[0]], f"{pdf.name}: {heading!r} is not on page {holding[0] + 1}"
            checked += 1
    assert checked >= 20  # a physio report's matches share one callout


def test_every_page_has_the_footer_and_the_header(pdf_site):
    for pdf in all_pdfs(pdf_site):
        reader = pypdf.PdfReader(pdf)
        count = len(reader.pages)
        reference = pdf.stem
        for number, page in enumerate(reader.pages, start=1):
            text = squeeze(page.extract_text())
            assert f"Page {number} of {count}" in text, f"{pdf.name} page {number}"
            # The header names the clinic and the report's kind (it said "Recovery Guide" on every report).
            kind = {"consults": "Consult report", "physio": "Recovery recommendation", "stacks": "Supplement plan"}
            assert f"Northbridge Example Clinic · {kind[pdf.parent.name]}" in text, f"{pdf.name} page {number}"
        # The reference is the record id (the file name is its slug).
        assert reference in squeeze(reader.pages[0].extract_text()).lower()


def test_pdfs_are_tagged_with_an_outline_a_title_and_a_language(pdf_site):
    for pdf in all_pdfs(pdf_site):
        reader = pypdf.PdfReader(pdf)
        root = reader.trailer["/Root"]
        assert bool(root["/MarkInfo"]["/Marked"]), pdf.name
        assert "/StructTreeRoot" in root
        assert root["/Lang"] == "en"
        assert reader.outline, f"{pdf.name} has no outline"
        assert reader.metadata.title.endswith("· Recovery Guide")
        box = reader.pages[0].mediabox  # A4, 210 × 297 mm, to Chromium's rounding
        assert (float(box.width), float(box.height)) == (pytest.approx(595.3, abs=1), pytest.approx(841.9, abs=1.5))


def test_no_link_annotation_leads_out_and_hostile_text_stays_text(pdf_site):
    for pdf in all_pdfs(pdf_site):
        for page in pypdf.PdfReader(pdf).pages:
            for annotation in page.get("/Annots") or []:
                action = annotation.get_object().get("/A") or {}
                uri = str(action.get("/URI", ""))
                assert not re.match(r"(?i)\s*(javascript|https?|file|data):", uri), f"{pdf.name}: {uri}"
    hostile = pdf_site / "Output/reports/physio/pg-hostile.pdf"
    text = squeeze(" ".join(pages_text(hostile)))
    assert "javascript:alert(1)" in text and "evil.example" in text, "hostile text is shown as text"
    for page in pypdf.PdfReader(hostile).pages:
        assert not page.get("/Annots"), "the hostile report has no link annotation at all"


def test_export_writes_the_same_pdf_as_the_build(pdf_site, carepress, tmp_path):
    out = tmp_path / "report.pdf"
    record = pdf_site / "Content/consults/sc-2026-0002.json"
    result = run([str(carepress), "export", str(record), "--content", str(pdf_site / "Content"), "--format", "pdf",
                  "-o", str(out)], cwd=REPOSITORY)
    assert result.returncode == 0, result.stderr
    assert out.read_bytes() == (pdf_site / "Output/reports/consults/sc-2026-0002.pdf").read_bytes()
    assert [path.name for path in tmp_path.iterdir()] == ["report.pdf"], "no temporary file is left beside it"


def test_export_refuses_a_terminal_on_standard_output(carepress):
    leader, follower = pty.openpty()
    try:
        result = subprocess.run([str(carepress), "export", "Content/consults/hl-2026-0001.json", "--format", "pdf"],
                                cwd=REPOSITORY, stdout=follower, stderr=subprocess.PIPE, text=True)
    finally:
        os.close(follower)
        os.close(leader)
    assert result.returncode == 2
    assert "refusing to write a PDF to a terminal" in result.stderr


def test_without_chromium_a_clear_error_exit_2_and_the_html_is_still_written(carepress, tmp_path):
    environment = {key: value for key, value in os.environ.items() if key != "CAREPRESS_CHROMIUM"}
    environment["PATH"] = str(tmp_path / "empty-bin")
    output = tmp_path / "Output"
    result = run([str(carepress), "build", "--output", str(output), "--pdf"], cwd=REPOSITORY, env=environment)
    assert result.returncode == 2, result.stderr
    assert ("no Chromium found: looked for chromium-headless-shell, chrome-headless-shell, chromium, chromium-browser, "
            "google-chrome on PATH") in result.stderr
    assert "apt-get install chromium" in result.stderr
    assert len(list((output / "reports" / "consults").glob("*.html"))) >= 10
    assert not list(output.glob("reports/*/*.pdf"))
    exported = run([str(carepress), "export", "Content/consults/hl-2026-0001.json", "--format", "pdf", "-o",
                    str(tmp_path / "x.pdf")], cwd=REPOSITORY, env=environment)
    assert exported.returncode == 2
    assert "no Chromium found" in exported.stderr and not (tmp_path / "x.pdf").exists()


class CountingHandler(http.server.BaseHTTPRequestHandler):
    requests = []

    def do_GET(self):
        CountingHandler.requests.append(self.path)
        self.send_response(204)
        self.end_headers()

    def log_message(self, *arguments):
        pass


def test_no_request_leaves_the_machine_and_a_hanging_page_fails_alone(carepress, tmp_path):
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), CountingHandler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    port = server.server_address[1]
    try:
        content = tmp_path / "Content"
        shutil.copytree(CONTENT, content)
        for folder in ("consults", "physio", "stacks"):
            for path in sorted((content / folder).glob("*.json"))[2:]:
                path.unlink()
        site = (content / "site.yml").read_text()
        (content / "site.yml").write_text(site + "paper: letter\n")
        layout = (REPOSITORY / "Templates/layouts/page.html.mustache").read_text()
        # The build refuses remote resources in markup, so the page's script asks for them as it runs.
        beacons = ("<script>const server = 'http://127.0.0.1:" + str(port) + "';"
                   "const image = new Image(); image.src = server + '/pixel.png'; document.body.append(image);"
                   "const style = document.createElement('link'); style.rel = 'stylesheet';"
                   "style.href = server + '/style.css'; document.head.append(style);"
                   "fetch(server.replace('http:', 'https:') + '/tls').catch(() => {});"
                   "fetch(server + '/beacon').catch(() => {}); fetch('file:///etc/hostname').catch(() => {});"
                   "if (location.pathname.endsWith('/consults/hl-2026-0001.html')) { for (;;) {} }</script>")
        templates = tmp_path / "Templates"
        shutil.copytree(REPOSITORY / "Templates", templates)
        (templates / "layouts/page.html.mustache").write_text(layout.replace("</main>", beacons + "</main>"))
        output = tmp_path / "Output"
        result = run([str(carepress), "build", "--content", str(content), "--templates", str(templates),
                      "--output", str(output), "--pdf", "--pdf-timeout", "5"], cwd=REPOSITORY)
        assert CountingHandler.requests == [], "no request reached the server"
        assert result.returncode == 1, result.stderr
        assert re.search(r"consults/hl-2026-0001\.json:1:1: error: the PDF was not made: loading the page did not "
                         r"finish within 5 s", result.stderr), result.stderr
        assert f"the PDF was printed without http://127.0.0.1:{port}/pixel.png" in result.stderr
        assert (output / "reports/consults/hl-2026-0001.html").exists()
        assert not (output / "reports/consults/hl-2026-0001.pdf").exists()
        pdfs = sorted(output.glob("reports/*/*.pdf"))
        assert len(pdfs) == 5
        for pdf in pdfs:
            box = pypdf.PdfReader(pdf).pages[0].mediabox
            assert (float(box.width), float(box.height)) == (pytest.approx(612, abs=1), pytest.approx(792, abs=1.5))
    finally:
        server.shutdown()


def test_a_killed_build_leaves_no_partial_pdf_and_no_browser(carepress, tmp_path):
    output = tmp_path / "Output"
    process = subprocess.Popen([str(carepress), "build", "--output", str(output), "--pdf", "--jobs", "2", "--quiet"],
                               cwd=REPOSITORY, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.time() + 60
    while time.time() < deadline and len(list(output.glob("reports/*/*.pdf"))) < 3:
        time.sleep(0.05)
    process.send_signal(signal.SIGKILL)
    process.wait()
    pdfs = list(output.glob("reports/*/*.pdf"))
    assert 3 <= len(pdfs) < 29, "killed part way"
    for pdf in pdfs:
        assert pdf.read_bytes().rstrip().endswith(b"%%EOF"), f"{pdf.name} is whole"
        assert len(pypdf.PdfReader(pdf).pages) >= 1
    time.sleep(1)
    browsers = run(["pgrep", "-f", f"carepress-chromium-.*{process.pid}|user-data-dir=.*carepress-chromium"]).stdout
    leftover = [line for line in browsers.split() if line and os.path.exists(f"/proc/{line}")]
    owned = [pid for pid in leftover if str(process.pid) in pathlib.Path(f"/proc/{pid}/stat").read_text().split()[3:4]]
    assert not owned, "the browser left with the build"
    again = run([str(carepress), "build", "--output", str(output), "--pdf", "--json"], cwd=REPOSITORY)
    assert again.returncode == 0, again.stderr
    assert len(list(output.glob("reports/*/*.pdf"))) == 29
    assert not [path for path in output.rglob("*") if path.name.endswith(".tmp")]


def test_a_second_build_remakes_nothing_and_an_edit_remakes_only_its_pdf(pdf_site, carepress):
    output = pdf_site / "Output"
    build = [str(carepress), "build", "--content", str(pdf_site / "Content"), "--templates", "Templates", "--output",
             str(output), "--pdf", "--json"]
    before = {pdf: pdf.stat().st_mtime_ns for pdf in all_pdfs(pdf_site)}
    again = run(build, cwd=REPOSITORY)
    assert again.returncode == 0, again.stderr
    assert json.loads(again.stdout)["pdfs"] == 0 and json.loads(again.stdout)["rendered"] == 0
    assert {pdf: pdf.stat().st_mtime_ns for pdf in all_pdfs(pdf_site)} == before
    record = pdf_site / "Content/physio/pg-long-03.json"
    edited = json.loads(record.read_text())
    edited["concern"] = "Now it is my other knee, the right one."
    record.write_text(json.dumps(edited))
    third = run(build, cwd=REPOSITORY)
    assert third.returncode == 0, third.stderr
    assert json.loads(third.stdout)["pdfs"] == 1
    changed = [pdf.name for pdf in all_pdfs(pdf_site) if pdf.stat().st_mtime_ns != before[pdf]]
    assert changed == ["pg-long-03.pdf"]
    assert "the right one" in squeeze(" ".join(pages_text(output / "reports/physio/pg-long-03.pdf")))
    # Without --pdf, the PDFs are no longer made, so they are removed; a deleted record's files go too.
    record.unlink()
    plain = run(build[:-2] + ["--json"], cwd=REPOSITORY)
    assert plain.returncode == 0, plain.stderr
    assert not all_pdfs(pdf_site)
