"""The user docs stay true: the committed CLI reference and man page are what the binary's help says, every link in
README.md, docs/ and formats/ resolves, and README.md stays short."""
import importlib.machinery
import importlib.util
import re
import shutil
import subprocess
import urllib.parse

import pytest

from conftest import REPOSITORY


def cli_docs():
    """scripts/cli-docs, the generator `make docs` runs, as a module."""
    loader = importlib.machinery.SourceFileLoader("cli_docs", str(REPOSITORY / "scripts" / "cli-docs"))
    spec = importlib.util.spec_from_loader("cli_docs", loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


def test_the_committed_cli_reference_and_man_page_are_what_the_binary_says(carepress):
    for path, text in cli_docs().generated(carepress).items():
        committed = (REPOSITORY / path).read_text() if (REPOSITORY / path).exists() else None
        assert committed == text, (
            f"{path} is not what `carepress --experimental-dump-help` says (a help text changed?): run `make docs` "
            "and commit the result")


def test_the_reference_names_every_command_and_option(carepress):
    """The generator leaves nothing out: every shown command and option of the dump is in the reference."""
    module = cli_docs()
    root = module.dump(carepress)
    reference = (REPOSITORY / module.MARKDOWN).read_text()
    names = 0
    for path, command in module.commands(root):
        assert f"`{' '.join(path)}`" in reference, path
        for argument in module.arguments(command):
            for name in argument.get("names") or []:
                assert ("--" if name["kind"] == "long" else "-") + name["name"] in reference, (path, name)
                names += 1
    assert names > 20


def test_the_reference_has_no_value_of_this_machine(carepress):
    """`--jobs` defaults to the number of cores: the reference says so in words, never this machine's count."""
    reference = (REPOSITORY / cli_docs().MARKDOWN).read_text()
    jobs = [line for line in reference.splitlines() if line.startswith("- `--jobs")]
    assert jobs, "no --jobs option in the reference"
    for line in jobs:
        assert not re.search(r"default: \d", line), line


@pytest.mark.skipif(shutil.which("groff") is None, reason="groff is not installed")
def test_the_man_page_renders_without_warnings():
    result = subprocess.run(
        ["groff", "-man", "-Tutf8", "-ww", "-z", str(REPOSITORY / "docs" / "man" / "carepress.1")],
        capture_output=True, text=True,
    )
    assert result.returncode == 0 and result.stderr == "", result.stderr


def documents():
    return [REPOSITORY / "README.md", REPOSITORY / "formats" / "README.md", *sorted((REPOSITORY / "docs").rglob("*.md"))]


def slug(heading):
    """GitHub's anchor for a heading: lower case, punctuation but `-` and `_` dropped, spaces to `-`."""
    text = re.sub(r"<[^>]+>", "", heading).strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path):
    text = path.read_text()
    text = re.sub(r"```.*?```", "", text, flags=re.S)
    found = {slug(m.group(1)) for m in re.finditer(r"^#+ (.+)$", text, flags=re.M)}
    found |= set(re.findall(r'<a id="([^"]+)"', text))
    return found


LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def test_every_link_in_the_docs_resolves():
    broken = []
    for document in documents():
        text = re.sub(r"```.*?```", "", document.read_text(), flags=re.S)
        for target in LINK.findall(text):
            if re.match(r"[a-z]+:", target):
                continue  # a web address: not checked offline
            file, _, fragment = urllib.parse.unquote(target).partition("#")
            resolved = (document.parent / file).resolve() if file else document
            if not resolved.exists() or REPOSITORY not in resolved.parents and resolved != REPOSITORY:
                broken.append(f"{document.relative_to(REPOSITORY)}: {target}: no such file")
            elif fragment and resolved.suffix == ".md" and fragment not in anchors(resolved):
                broken.append(f"{document.relative_to(REPOSITORY)}: {target}: no such heading")
    assert not broken, "\n".join(broken)


def test_the_readme_is_short():
    lines = (REPOSITORY / "README.md").read_text().count("\n")
    assert lines <= 200, f"README.md has {lines} lines; move detail into docs/ (at most 200)"
