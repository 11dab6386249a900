"""Reports on paper: a heading is never the last thing on a page, and an urgent box and one for review differ by a
label word and a shape in greyscale, not by colour alone.

A small project of stack and physio records whose free text grows in steps, so that the reports' headings fall at
every height of a page, is built once with `--pdf`; each page is read back with `pdftotext -layout`."""
import html.parser
import json
import pathlib
import re
import shutil
import subprocess

import pytest

REPOSITORY = pathlib.Path(__file__).resolve().parents[2]
CONTENT = REPOSITORY / "Content"
FILLER = "Sleep through the night without waking at three in the morning."


def run(arguments, **options):
    return subprocess.run(arguments, capture_output=True, text=True, **options)


def squeeze(text):
    return re.sub(r"\s+", " ", text).strip()


class Blocks(html.parser.HTMLParser):
    """The blocks of a report's <main> in order, as (tag, words): the children of <main> and of a <section> or <div>
    in it. A callout's icon and label are left out of its words."""

    CONTAINERS = ("main", "section", "div")

    def __init__(self):
        super().__init__()
        self.blocks, self._stack, self._skip = [], [], 0

    def handle_starttag(self, tag, attrs):
        if tag in ("br", "img", "hr", "meta", "link", "input"):
            return
        classes = set((dict(attrs).get("class") or "").split())
        inside = "main" in self._stack
        if inside and self._stack[-1] in self.CONTAINERS and tag not in self.CONTAINERS:
            self.blocks.append([tag, ""])
        self._stack.append(tag)
        if self._skip or classes & {"callout-icon", "callout-label"}:
            self._skip += 1

    def handle_endtag(self, tag):
        if tag in ("br", "img", "hr", "meta", "link", "input"):
            return
        while self._stack:
            if self._skip:
                self._skip -= 1
            if self._stack.pop() == tag:
                break

    def handle_data(self, data):
        if self.blocks and not self._skip and "main" in self._stack and self._stack[-1] not in self.CONTAINERS:
            self.blocks[-1][1] += data


def keep_groups(html_text):
    """For each heading among the blocks, its words and the first words of what must share its page: the first
    block after it that is not a heading, passing over one paragraph that introduces subheadings (a paragraph
    followed by a heading), so that a heading, its introduction and its first subheading stay with the content."""
    parser = Blocks()
    parser.feed(html_text)
    blocks = [(tag, squeeze(words)) for tag, words in parser.blocks if squeeze(words)]
    heading = re.compile(r"h[1-4]")
    groups = []
    for index, (tag, words) in enumerate(blocks):
        if not heading.fullmatch(tag):
            continue
        later, introduced = index + 1, False
        while later < len(blocks):
            later_tag = blocks[later][0]
            if heading.fullmatch(later_tag):
                if later_tag <= tag:
                    break
            elif (later_tag == "p" and not introduced and later + 1 < len(blocks)
                  and heading.fullmatch(blocks[later + 1][0])):
                introduced = True
            else:
                groups.append((words, " ".join(blocks[later][1].split()[:4])))
                break
            later += 1
    return groups


def pages_text(pdf):
    return run(["pdftotext", "-layout", str(pdf), "-"]).stdout.split("\f")[:-1]


def body_lines(page, number, count):
    """A page's lines, squeezed, without the header and footer that the PDF engine prints on every page."""
    lines = [squeeze(line) for line in page.split("\n") if line.strip()]
    footer = next((index for index, line in enumerate(lines) if f"Page {number} of {count}" in line), len(lines))
    return lines[1:footer]  # the first line is the page header


def find_heading(bodies, heading, page, line):
    """(page, line) of the first line at or after (page, line) that ends the heading (which may wrap)."""
    while page < len(bodies):
        lines = bodies[page]
        for index in range(line, len(lines)):
            for start in range(index, max(index - 3, -1), -1):
                if squeeze(" ".join(lines[start:index + 1])) == heading:
                    return page, index
        page, line = page + 1, 0
    return None


@pytest.fixture(scope="module")
def long_records_site(tmp_path_factory, carepress):
    root = tmp_path_factory.mktemp("pdf-print")
    content = root / "Content"
    content.mkdir()
    for item in ("site.yml", "knowledge", "schemas", "pages"):
        source = CONTENT / item
        if source.is_dir():
            shutil.copytree(source, content / item)
        elif source.exists():
            shutil.copy(source, content / item)
    (content / "stacks").mkdir()
    (content / "physio").mkdir()
    stack = json.loads((CONTENT / "stacks" / "sw-2026-0001.json").read_text())
    for step in range(14):
        record = dict(stack, id=f"sw-long-{step:02d}", priority=" ".join([FILLER] * (1 + step * 3)))
        (content / "stacks" / f"sw-long-{step:02d}.json").write_text(json.dumps(record))
    physio = json.loads((CONTENT / "physio" / "pg-2026-0002.json").read_text())
    for step in range(10):
        record = dict(physio, id=f"pg-long-{step:02d}",
                      concern=physio["concern"] + ". " + " ".join(["It is worse after a long day at my desk."] * (step * 5)))
        (content / "physio" / f"pg-long-{step:02d}.json").write_text(json.dumps(record))
    output = root / "Output"
    result = run([str(carepress), "build", "--content", str(content), "--templates", "Templates", "--output",
                  str(output), "--pdf", "--jobs", "2"], cwd=REPOSITORY)
    assert result.returncode == 0, result.stderr
    return output


def test_no_heading_is_left_at_the_bottom_of_a_page(long_records_site):
    pdfs = sorted((long_records_site / "reports").glob("*/*.pdf"))
    assert len(pdfs) == 24
    checked, stranded = 0, []
    for pdf in pdfs:
        groups = keep_groups(pdf.with_suffix(".html").read_text())
        assert "Optional supplements" in [heading for heading, _ in groups] or pdf.parent.name == "physio"
        pages = pages_text(pdf)
        bodies = [body_lines(page, number, len(pages)) for number, page in enumerate(pages, start=1)]
        page, line = 0, 0
        for heading, content in groups:
            found = find_heading(bodies, heading, page, line)
            assert found, f"{pdf.name}: heading {heading!r} not found in the PDF text after page {page + 1}"
            page, line = found
            if content not in squeeze(" ".join(bodies[page][line + 1:])):
                stranded.append(f"{pdf.name} page {page + 1}: {heading!r} without {content!r}")
            checked += 1
    assert checked >= 24 * 8
    assert stranded == [], "\n".join(stranded)


def test_urgent_and_for_review_boxes_say_so_in_words_on_paper(long_records_site):
    # The stack's risk warnings are urgent and its supplements' cautions for review: both printed with their label.
    pdf = long_records_site / "reports" / "stacks" / "sw-long-00.pdf"
    text = squeeze(" ".join(pages_text(pdf)))
    assert "URGENT: Check before you take these" in text or "URGENT Check before you take these" in text
    assert re.search(r"FOR REVIEW:? Check before you take this\b", text)
