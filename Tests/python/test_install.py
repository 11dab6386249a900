"""`make install PREFIX=...`: the binary, its man page, and the shell completions it generates, where each looks.

`make install` builds the release binary first; this runs its second half (`install-files`) on the debug build the
suite already has, into a temporary prefix.
"""
import os
import pathlib
import subprocess

from conftest import REPOSITORY


def test_make_install_puts_the_binary_man_page_and_completions_under_the_prefix(tmp_path, carepress):
    prefix = tmp_path / "usr" / "local"
    result = subprocess.run(
        ["make", "--no-print-directory", "install-files", f"PREFIX={prefix}", f"BIN={carepress}"],
        cwd=REPOSITORY, capture_output=True, text=True,
    )
    assert result.returncode == 0, result.stderr
    binary = prefix / "bin" / "carepress"
    assert os.access(binary, os.X_OK)
    version = subprocess.run([str(binary), "--version"], capture_output=True, text=True, check=True).stdout
    assert version.startswith("carepress "), version
    manual = prefix / "share" / "man" / "man1" / "carepress.1"
    assert manual.read_bytes() == (REPOSITORY / "docs" / "man" / "carepress.1").read_bytes()
    completions = {
        "bash": prefix / "share" / "bash-completion" / "completions" / "carepress",
        "zsh": prefix / "share" / "zsh" / "site-functions" / "_carepress",
        "fish": prefix / "share" / "fish" / "vendor_completions.d" / "carepress.fish",
    }
    for shell, path in completions.items():
        text = path.read_text()
        # Each script knows the subcommands, including the new ones.
        for command in ("build", "init", "serve", "theme"):
            assert command in text, (shell, command)
    assert completions["zsh"].read_text().startswith("#compdef carepress")


def test_make_install_honours_destdir(tmp_path, carepress):
    stage = tmp_path / "stage"
    result = subprocess.run(
        ["make", "--no-print-directory", "install-files", f"DESTDIR={stage}", "PREFIX=/opt/carepress",
         f"BIN={carepress}"],
        cwd=REPOSITORY, capture_output=True, text=True,
    )
    assert result.returncode == 0, result.stderr
    assert os.access(stage / "opt" / "carepress" / "bin" / "carepress", os.X_OK)
    assert (stage / "opt" / "carepress" / "share" / "man" / "man1" / "carepress.1").is_file()
    assert not pathlib.Path("/opt/carepress").exists()
