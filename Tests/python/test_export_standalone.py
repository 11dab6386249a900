"""`carepress export --format html` and `--format pdf` of any record make a document that stands alone: written to
a folder of its own, nothing in it points to a file the export does not carry (a stack's adherence chart is inline,
the breadcrumb trail and links into the guide are left out), and the chart in the PDF is there with its text
alternative."""
import html.parser
import json
import pathlib
import re
import subprocess
import urllib.parse

import pypdf
import pytest

REPOSITORY = pathlib.Path(__file__).resolve().parents[2]
CONTENT = REPOSITORY / "Content"
RECORDS = sorted(path for folder in ("consults", "physio", "stacks") for path in (CONTENT / folder).glob("*.json"))
URL_ATTRIBUTES = {"href", "src", "srcset", "poster", "action", "data", "xlink:href"}


class Links(html.parser.HTMLParser):
    """Every URL-valued attribute of a page, and its inline <svg> elements' attributes."""

    def __init__(self):
        super().__init__()
        self.urls, self.svgs = [], []

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag == "svg":
            self.svgs.append(attributes)
        for name, value in attrs:
            if name in URL_ATTRIBUTES and value is not None:
                candidates = [part.split()[0] for part in value.split(",") if part.split()] if name == "srcset" \
                    else [value]
                self.urls += [(tag, name, url) for url in candidates]

    handle_startendtag = handle_starttag


def missing_targets(document: pathlib.Path, urls) -> list[str]:
    """The URLs that lead to a file, relative to the document, that does not exist beside it."""
    missing = []
    for tag, name, url in urls:
        url = url.strip()
        if not url or url.startswith("#"):
            continue
        scheme = urllib.parse.urlsplit(url).scheme.lower()
        if scheme in ("http", "https", "mailto", "tel", "data"):
            continue
        path = urllib.parse.unquote(urllib.parse.urlsplit(url).path)
        target = (document.parent / path) if scheme == "" else pathlib.Path(path)
        if scheme not in ("", "file") or not path or not target.resolve().is_file() \
                or target.resolve() == document.resolve() and scheme == "file":
            missing.append(f"<{tag} {name}=\"{url}\">")
    return missing


def export(carepress, record: pathlib.Path, fmt: str, out: pathlib.Path):
    result = subprocess.run([str(carepress), "export", str(record), "--format", fmt, "-o", str(out)], cwd=REPOSITORY,
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return out


@pytest.mark.parametrize("record", RECORDS, ids=lambda path: f"{path.parent.name}/{path.name}")
def test_an_exported_page_points_to_no_file_it_does_not_carry(carepress, tmp_path, record):
    page = export(carepress, record, "html", tmp_path / "export" / "report.html")
    assert sorted(path.name for path in page.parent.iterdir()) == ["report.html"], "the export is one file"
    parser = Links()
    parser.feed(page.read_text(encoding="utf-8"))
    assert not missing_targets(page, parser.urls), f"{record.name}: {missing_targets(page, parser.urls)}"
    tracked = bool(json.loads(record.read_text(encoding="utf-8")).get("tracking"))
    charts = [svg for svg in parser.svgs if "adherence-chart" in (svg.get("class") or "")]
    if tracked:
        assert len(charts) == 1, f"{record.name}: the adherence chart is in the page"
        assert charts[0].get("role") == "img" and charts[0].get("aria-label", "").startswith("Chart of planned doses")
    else:
        assert not charts


def test_the_guide_link_of_a_physio_report_becomes_its_text(carepress, tmp_path):
    page = export(carepress, CONTENT / "physio" / "pg-2026-0001.json", "html", tmp_path / "report.html")
    text = page.read_text(encoding="utf-8")
    built = subprocess.run([str(carepress), "export", str(CONTENT / "physio" / "pg-2026-0001.json"), "--format",
                            "markdown"], cwd=REPOSITORY, capture_output=True, text=True).stdout
    linked = re.findall(r"\[([^\]]+)\]\(<?\.\./\.\./guide/", built)
    assert linked, "the report links conditions and exercises of the guide"
    for name in linked:
        assert f">{name}<" in text or name in re.sub(r"<[^>]+>", "", text), f"{name} is still shown"
    assert 'aria-label="Breadcrumb"' not in text, "no breadcrumb trail into a site the file is not part of"


# One record of each kind, and a stack with a tracking log.
PDF_RECORDS = ["consults/hl-2026-0002.json", "physio/pg-2026-0001.json", "stacks/sw-2026-0001.json"]


def structure_alternatives(reader: pypdf.PdfReader) -> list[str]:
    """The /Alt texts of the tagged PDF's structure elements."""
    found, seen = [], set()

    def walk(node):
        node = node.get_object() if hasattr(node, "get_object") else node
        if isinstance(node, list) or type(node).__name__ == "ArrayObject":
            for child in node:
                walk(child)
            return
        if not hasattr(node, "get") or id(node) in seen:
            return
        seen.add(id(node))
        if "/Alt" in node:
            found.append(str(node["/Alt"]))
        if "/K" in node:
            walk(node["/K"])

    walk(reader.trailer["/Root"]["/StructTreeRoot"])
    return found


@pytest.mark.parametrize("name", PDF_RECORDS)
def test_an_exported_pdf_links_nowhere_and_shows_the_chart_with_its_alternative(carepress, tmp_path, name):
    pdf = export(carepress, CONTENT / name, "pdf", tmp_path / "report.pdf")
    reader = pypdf.PdfReader(pdf)
    for page in reader.pages:
        for annotation in page.get("/Annots") or []:
            uri = str((annotation.get_object().get("/A") or {}).get("/URI", ""))
            assert re.match(r"(?i)(https?|mailto|tel):", uri), f"{name}: a link to {uri}"
    if name.startswith("stacks/"):
        text = re.sub(r"\s+", " ", subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True,
                                                  text=True).stdout)
        for words in ("Planned doses taken each day", "All taken", "Some taken", "None taken", "Not tracked"):
            assert words in text, f"{name}: the chart's '{words}' is printed"
        assert any(alt.startswith("Chart of planned doses taken each day") for alt in structure_alternatives(reader)), \
            f"{name}: the chart is a figure with its text alternative"
