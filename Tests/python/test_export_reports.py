"""`carepress export --format markdown|html` prints exactly the bytes `carepress build` writes for the record,
whether the record is named as a file or piped on standard input."""
import json
import pathlib
import re
import subprocess

import pytest

REPOSITORY = pathlib.Path(__file__).resolve().parents[2]
CONTENT = REPOSITORY / "Content"
RECORDS = sorted(
    path for folder in ("consults", "physio", "stacks") for path in (CONTENT / folder).glob("*.json")
)


def slug(text):
    """formats/README.md: lower-cased, runs of other characters turned into '-'."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


@pytest.mark.parametrize("path", RECORDS, ids=lambda path: f"{path.parent.name}/{path.name}")
def test_markdown_and_html_are_byte_identical_to_the_build(carepress, built_site, path):
    record = json.loads(path.read_text(encoding="utf-8"))
    report = built_site / "reports" / path.parent.name / slug(record["id"])
    for fmt, extension in (("markdown", ".md"), ("html", ".html")):
        expected = report.with_suffix(extension).read_bytes()
        named = subprocess.run([str(carepress), "export", str(path), "--format", fmt], cwd=REPOSITORY,
                               capture_output=True)
        assert named.returncode == 0, named.stderr.decode()
        assert named.stdout == expected, f"{fmt} of {path.name} differs from {report.with_suffix(extension)}"
        piped = subprocess.run([str(carepress), "export", "-", "--format", fmt], cwd=REPOSITORY,
                               capture_output=True, input=path.read_bytes())
        assert piped.returncode == 0, piped.stderr.decode()
        assert piped.stdout == expected


def test_the_html_is_standalone_and_its_guide_links_stay_relative(carepress):
    html = subprocess.run(
        [str(carepress), "export", str(CONTENT / "physio" / "pg-2026-0001.json"), "--format", "html"],
        cwd=REPOSITORY, capture_output=True, text=True,
    ).stdout
    assert re.search(r"<style[\s>]", html)
    assert '<link rel="stylesheet"' not in html
    links = re.findall(r'href="([^"]+)"', html)
    assert any("guide/conditions/" in link for link in links)
    assert all(not re.match(r"^[a-z]+:|^/", link) for link in links if "guide/" in link), links
