"""Shared fixtures: the built carepress binary and a site built from the sample Content/ into a temporary folder."""
import os
import pathlib
import subprocess

import pytest

REPOSITORY = pathlib.Path(__file__).resolve().parents[2]


def carepress_binary() -> pathlib.Path:
    """The debug build `make test` makes before running pytest (CAREPRESS_BIN overrides it)."""
    path = pathlib.Path(os.environ.get("CAREPRESS_BIN", REPOSITORY / ".build" / "debug" / "carepress"))
    if not path.exists():
        pytest.fail(f"{path} not found: run `swift build` (make test does) before pytest")
    return path


@pytest.fixture(scope="session")
def carepress() -> pathlib.Path:
    return carepress_binary()


@pytest.fixture(scope="session")
def built_site(tmp_path_factory, carepress) -> pathlib.Path:
    """The sample project built once per session; the build must succeed apart from warnings."""
    output = tmp_path_factory.mktemp("site") / "Output"
    result = subprocess.run(
        [str(carepress), "build", "--content", "Content", "--templates", "Templates", "--output", str(output)],
        cwd=REPOSITORY, capture_output=True, text=True,
    )
    assert result.returncode == 0, result.stderr
    return output
