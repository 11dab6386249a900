"""Issue 14, finding 1, in a real browser: no text from content or records can create an element or an attribute.

A copy of the sample project gets grapheme-glued markup appended to every string that reaches a template: site.yml
(title, description, disclaimer, starter prompts), the knowledge store (area, phase, condition and exercise names and
texts), the questionnaires' texts, and every free-text field of the consults, physio records and stacks (the stack's
user.displayName reaches <title> and the breadcrumbs). U+0600 before `<`, or U+0301 after `"`, glues the bracket or
quote into a larger Character; escaping by Characters (swift-mustache's own) let both through.

The same text gets the same attack wherever it appears, so names that files use to refer to each other still match;
ids, dates, option ids and other values the checks constrain are left alone: whatever `carepress check` rejects is
put back, field by field, before the build. Then every built HTML page is opened from disk (file://) in one headless
Chromium: no [data-pwned] element or attribute exists, no handler ran (window.__pwned is undefined), and the attack
is there as visible text.
"""
import json
import re
import shutil
import subprocess

import pytest
import yaml
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from conftest import REPOSITORY
from test_guide_browser import WAIT, chromium, open_page

# Glued into a larger grapheme cluster: U+0600 (Arabic number sign) prepends itself to `<`; U+0301 (combining acute)
# attaches itself to `"`.
ELEMENT = "\u0600<img src=x data-pwned=1 onerror=window.__pwned=1>"
ATTRIBUTE = 'x"\u0301 data-pwned="1'
MARK = "<img src=x data-pwned=1 onerror=window.__pwned=1>"  # what the page must show as text

# Keys whose values are ids or references the checks constrain, never text for people.
YAML_KEEP = {"id", "bodyArea", "bodyAreas", "phase", "language", "baseURL", "order"}
JSON_KEEP = {
    "id", "schema", "schemaVersion", "status", "startedAt", "completedAt", "createdAt", "date", "time", "url",
    "supplementId", "type", "goto", "ifAnswer", "flag", "evidence", "timing", "role", "taken", "bodyArea", "at",
    "goals", "risks", "dietaryPreferences",
}
# In a questionnaire only these keys are text; the rest (ids, types, rules) shapes the flow.
SCHEMA_TEXT = {"title", "intro", "prompt", "label", "additionalInfo", "unit"}


def attacked(text: str) -> str:
    return f"{text} {ELEMENT} {ATTRIBUTE}"


def transform(value, keep, text_keys=None, key=None):
    """Every string leaf with the attack appended, except under `keep` keys (or outside `text_keys` when given)."""
    if isinstance(value, dict):
        return {k: transform(v, keep, text_keys, k) for k, v in value.items()}
    if isinstance(value, list):
        return [transform(v, keep, text_keys, key) for v in value]
    if isinstance(value, str) and key not in keep and (text_keys is None or key in text_keys):
        return attacked(value)
    return value


PATH_PART = re.compile(r'\.?([A-Za-z_][A-Za-z0-9_]*)|\[(\d+)\]|\["((?:[^"\\]|\\.)*)"\]')


def parse_path(path: str) -> list:
    """`answers.goals`, `minimal[0].timing[1]` as a list of keys and indexes."""
    parts, position = [], 0
    while position < len(path):
        match = PATH_PART.match(path, position)
        assert match, f"cannot read the path {path!r}"
        name, index, quoted = match.groups()
        parts.append(int(index) if index is not None else json.loads(f'"{quoted}"') if quoted is not None else name)
        position = match.end()
    return parts


def restore(data, original, parts) -> bool:
    """Puts the original value back at a path (or the nearest container that has one); True when it changed."""
    for length in range(len(parts), 0, -1):
        target, source = data, original
        try:
            for part in parts[: length - 1]:
                target, source = target[part], source[part]
            last = parts[length - 1]
            if target[last] != source[last]:
                target[last] = source[last]
                return True
        except (KeyError, IndexError, TypeError):
            continue
    return False


ERROR = re.compile(r"^(.+?):(\d+):(\d+): error: (?:([^ :]+): )?(.*)$")


@pytest.fixture(scope="module")
def attacked_site(tmp_path_factory, carepress):
    project = tmp_path_factory.mktemp("attacked")
    shutil.copytree(REPOSITORY / "Content", project / "Content")
    shutil.copytree(REPOSITORY / "Templates", project / "Templates")
    content = project / "Content"

    files = {}  # path -> (original, attacked, writer)
    for path in sorted(content.rglob("*.yml")):
        original = yaml.safe_load(path.read_text(encoding="utf-8"))
        files[path] = [original, transform(original, YAML_KEEP), "yaml"]
    for path in sorted(content.rglob("*.json")):
        original = json.loads(path.read_text(encoding="utf-8"))
        is_schema = path.parent.name == "schemas"
        files[path] = [original, transform(original, {"id"} if is_schema else JSON_KEEP, SCHEMA_TEXT if is_schema else None), "json"]
    for path in sorted((content / "pages").glob("*.md")):
        text = path.read_text(encoding="utf-8")
        _, front, body = text.split("---\n", 2)
        meta = yaml.safe_load(front)
        meta["title"] = attacked(meta["title"])
        path.write_text("---\n" + yaml.safe_dump(meta, allow_unicode=True) + "---\n" + body, encoding="utf-8")

    def write_all():
        for path, (_, data, kind) in files.items():
            if kind == "yaml":
                path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=10_000), encoding="utf-8")
            else:
                path.write_text(json.dumps(data, ensure_ascii=False, indent=2), encoding="utf-8")

    # What the checks reject (an id, an option id, a summary made too long) goes back to its original value.
    restored = []
    for _ in range(6):
        write_all()
        check = subprocess.run([str(carepress), "check", "--content", str(content)], capture_output=True, text=True)
        errors = [ERROR.match(line) for line in check.stderr.splitlines()]
        errors = [e for e in errors if e]
        if check.returncode == 0:
            break
        # Deepest paths first; a path above one restored this round waits for the next check (it may be fixed).
        locations = {(e.group(1), e.group(4)) for e in errors}
        done = []
        for file, value_path in sorted(locations, key=lambda l: (l[0], -len(parse_path(l[1] or "")))):
            path = next((p for p in files if str(p) == file), None)
            assert path is not None and value_path, f"an error that cannot be undone: {file}: {value_path}\n{check.stderr}"
            parts = parse_path(value_path)
            if any(f == file and d[: len(parts)] == parts for f, d in done):
                continue
            if restore(files[path][1], files[path][0], parts):
                done.append((file, parts))
                restored.append(f"{path.relative_to(content)}: {value_path}")
        assert done, "no error could be undone:\n" + check.stderr
    else:
        pytest.fail("the attacked project still has errors:\n" + check.stderr)
    # Only values the checks constrain went back (choice answers, mostly); the free text kept its attack.
    free_text = ("displayName", "concern", "note", "name", "title", "prompt", "label", "reasoning", "encouragement")
    kept = [r for r in restored if not r.split(": ")[1].startswith("answers.") and r.rsplit(".", 1)[-1] in free_text]
    assert not kept, kept

    output = project / "Output"
    build = subprocess.run(
        [str(carepress), "build", "--content", str(content), "--templates", str(project / "Templates"),
         "--output", str(output), "--quiet"],
        capture_output=True, text=True,
    )
    assert build.returncode == 0, build.stderr
    return output


def injected(driver) -> dict:
    return driver.execute_script(
        "return {elements: document.querySelectorAll('[data-pwned]').length,"
        " images: document.querySelectorAll('img[src=\"x\"]').length,"
        " ran: typeof window.__pwned !== 'undefined',"
        " text: document.body.innerText, title: document.title};"
    )


def test_every_page_shows_the_attacks_as_text_and_runs_none(attacked_site):
    pages = sorted(attacked_site.rglob("*.html"))
    assert len(pages) > 50, pages
    driver = chromium()
    try:
        for page in pages:
            open_page(driver, page)
            found = injected(driver)
            name = page.relative_to(attacked_site)
            assert found["elements"] == 0 and found["images"] == 0, f"{name}: markup from content became elements"
            assert not found["ran"], f"{name}: an injected handler ran"
            # The site title (in every page's header and <title>) carries both attacks, as text.
            assert MARK in found["text"] and 'data-pwned="1' in found["text"], f"{name}: the attack is not shown as text"
            assert MARK in found["title"], f"{name}: <title> lost the attack text"

        # The search renders names from the index, and echoes the concern typed, with the page's script: the same
        # holds there. Every keyword now ends in the attack's words, so the attack itself is what finds them (with a
        # symptom: a body part alone matches nothing since the lay-language matcher).
        open_page(driver, attacked_site / "guide" / "index.html")
        box = driver.find_element(By.ID, "search-concern")
        box.send_keys(attacked("knee pain"), Keys.ENTER)
        WebDriverWait(driver, WAIT).until(
            lambda d: len(d.find_elements(By.CSS_SELECTOR, "#search-results .result-title a")) == 3)
        found = injected(driver)
        assert found["elements"] == 0 and found["images"] == 0 and not found["ran"]
        names = [a.text for a in driver.find_elements(By.CSS_SELECTOR, "#search-results .result-title a")]
        assert all(MARK in name for name in names), names
        assert MARK in driver.find_element(By.CSS_SELECTOR, "#search-results .results-status").text
    finally:
        driver.quit()


def test_the_attacks_reach_the_fields_the_issue_names(attacked_site):
    """The sample's stack user, starter prompts and knowledge names did carry the attack into the pages."""
    stacks = sorted((attacked_site / "reports" / "stacks").glob("*.html"))
    assert stacks
    html = stacks[0].read_text(encoding="utf-8")
    # Escaped by scalars: the glued `<` and `"` are entities, the marks kept beside them.
    assert "\u0600&lt;img src=x data-pwned=1" in html
    assert "x&quot;\u0301 data-pwned=&quot;1" in html
    home = (attacked_site / "guide" / "index.html").read_text(encoding="utf-8")
    assert home.count("\u0600&lt;img") >= 6, "starter prompts and area names carry the attack"
    assert "\u0600<" not in home and '"\u0301' not in home
