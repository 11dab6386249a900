"""`carepress export --format markdown` prints exactly the bytes `carepress build` writes for the record, and
`--format html` the built page made to stand alone (its stylesheet inlined in place of the `<link>` to it, no
breadcrumb trail, its links to other files of the site turned into their text), whether the record is named as a
file or piped on standard input."""
import json
import pathlib
import re
import subprocess

import pytest

REPOSITORY = pathlib.Path(__file__).resolve().parents[2]
CONTENT = REPOSITORY / "Content"
STYLESHEET = (REPOSITORY / "Templates" / "assets" / "style.css").read_bytes()
LINK = b'<link rel="stylesheet" href="../../assets/style.css">\n'
RECORDS = sorted(
    path for folder in ("consults", "physio", "stacks") for path in (CONTENT / folder).glob("*.json")
)


def slug(text):
    """formats/README.md: lower-cased, runs of other characters turned into '-'."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


@pytest.mark.parametrize("path", RECORDS, ids=lambda path: f"{path.parent.name}/{path.name}")
def test_exports_are_the_built_pages(carepress, built_site, path):
    record = json.loads(path.read_text(encoding="utf-8"))
    report = built_site / "reports" / path.parent.name / slug(record["id"])
    for fmt, extension in (("markdown", ".md"), ("html", ".html")):
        expected = report.with_suffix(extension).read_bytes()
        if fmt == "html":
            assert expected.count(LINK) == 1 and b"<style" not in expected, "a built page links the stylesheet"
            expected = expected.replace(LINK, b"<style>\n" + STYLESHEET + b"\n</style>\n")
            expected = re.sub(rb'<nav aria-label="Breadcrumb"[^>]*>\n.*?</nav>\n', b"", expected, count=1, flags=re.S)
            expected = re.sub(rb'<a href="(?!#|https?:|mailto:)[^"]*">(.*?)</a>', rb"\1", expected)
        named = subprocess.run([str(carepress), "export", str(path), "--format", fmt], cwd=REPOSITORY,
                               capture_output=True)
        assert named.returncode == 0, named.stderr.decode()
        assert named.stdout == expected, f"{fmt} of {path.name} differs from {report.with_suffix(extension)}"
        piped = subprocess.run([str(carepress), "export", "-", "--format", fmt], cwd=REPOSITORY,
                               capture_output=True, input=path.read_bytes())
        assert piped.returncode == 0, piped.stderr.decode()
        assert piped.stdout == expected


def test_the_html_is_standalone_and_names_the_guide_pages_without_linking_them(carepress):
    html = subprocess.run(
        [str(carepress), "export", str(CONTENT / "physio" / "pg-2026-0001.json"), "--format", "html"],
        cwd=REPOSITORY, capture_output=True, text=True,
    ).stdout
    assert re.search(r"<style[\s>]", html)
    assert '<link rel="stylesheet"' not in html
    links = re.findall(r'href="([^"]+)"', html)
    assert not any("guide/" in link for link in links), "the export carries no guide page to link to"
    assert "Patellofemoral Pain Syndrome" in html, "the condition is still named"
