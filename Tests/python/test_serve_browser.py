"""`carepress serve` with a real headless Chromium: live reload, the error overlay, stylesheet swaps, and the
server's safety (traversal, Host and Origin checks, loopback only, nothing injected into Output/).

The server runs on a free port (`--port 0`) in a project made by `carepress init` in a temporary folder. Nothing
waits for a fixed time: every wait is a WebDriverWait (or a bounded poll) on a condition.
"""
import http.client
import json
import os
import pathlib
import shutil
import signal
import socket
import subprocess
import time

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

WAIT = 30  # seconds: an upper bound for a condition to become true, never a fixed pause
REPORT = "reports/physio/pg-2026-0001.html"
RECORD = "Content/physio/pg-2026-0001.json"


class Server:
    """A running `carepress serve`, its URL and the lines it printed."""

    def __init__(self, carepress: pathlib.Path, project: pathlib.Path, arguments: tuple[str, ...] = ()):
        self.project = project
        self.process = subprocess.Popen(
            [str(carepress), "serve", "--port", "0", "--jobs", "2", *arguments],
            cwd=project, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )
        line = self.process.stdout.readline()  # the first line on stdout is the address, once it listens
        assert line.startswith("Serving Output at http://127.0.0.1:"), line + self.process.stderr.read()
        self.url = line.split(" at ", 1)[1].split(" ", 1)[0]
        self.port = int(self.url.rstrip("/").rsplit(":", 1)[1])

    def request(self, path: str, headers: dict | None = None) -> tuple[int, bytes]:
        """A raw GET with the path sent exactly as given (no normalisation by a client library)."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=WAIT)
        connection.putrequest("GET", path, skip_host=True, skip_accept_encoding=True)
        for name, value in {"Host": f"127.0.0.1:{self.port}", **(headers or {})}.items():
            connection.putheader(name, value)
        connection.endheaders()
        response = connection.getresponse()
        status, body = response.status, response.read() if response.getheader("Content-Type") != "text/event-stream" else b""
        connection.close()
        return status, body

    def state(self) -> dict:
        """The reload channel's current state (its first event): the generation and the overlay's errors."""
        with socket.create_connection(("127.0.0.1", self.port), timeout=WAIT) as connection:
            connection.sendall(f"GET /__carepress/events HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\n\r\n".encode())
            received = b""
            while b"\ndata: " not in received or not received.split(b"\ndata: ", 1)[1].count(b"\n"):
                chunk = connection.recv(65536)
                assert chunk, received
                received += chunk
        return json.loads(received.split(b"\ndata: ", 1)[1].split(b"\n", 1)[0])

    def stop(self) -> int:
        self.process.send_signal(signal.SIGINT)
        try:
            return self.process.wait(timeout=WAIT)
        finally:
            if self.process.poll() is None:
                self.process.kill()


@pytest.fixture(scope="module")
def project(tmp_path_factory, carepress) -> pathlib.Path:
    folder = tmp_path_factory.mktemp("serve") / "clinic"
    subprocess.run([str(carepress), "init", str(folder)], check=True, capture_output=True)
    # A project with its own Templates/ (the theme written out), so the stylesheet can be changed.
    subprocess.run([str(carepress), "theme", "export"], cwd=folder, check=True, capture_output=True)
    return folder


@pytest.fixture(scope="module")
def server(carepress, project):
    running = Server(carepress, project)
    yield running
    if running.process.poll() is None:
        running.stop()


@pytest.fixture(scope="module")
def browser():
    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=900,500"):
        options.add_argument(argument)
    options.binary_location = "/usr/bin/chromium"
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    yield driver
    driver.quit()


def edit(project: pathlib.Path, relative: str, old: str, new: str):
    path = project / relative
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {relative}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def open_page(driver, url: str):
    driver.get(url)
    WebDriverWait(driver, WAIT).until(lambda d: d.execute_script("return document.readyState") == "complete")


def overlay_text(driver) -> str | None:
    found = driver.find_elements(By.ID, "carepress-overlay")
    return found[0].text if found else None


def test_an_open_report_shows_a_record_edit_without_a_manual_reload_and_keeps_its_scroll(server, browser, project):
    open_page(browser, server.url + REPORT)
    assert "Small, steady sessions add up" in browser.find_element(By.TAG_NAME, "main").text
    browser.execute_script("window.scrollTo(0, 240); window.carepressMarker = 'before';")
    WebDriverWait(browser, WAIT).until(lambda d: d.execute_script("return window.scrollY") == 240)

    edit(project, RECORD, "Small, steady sessions add up", "Ten minutes a day add up")
    WebDriverWait(browser, WAIT).until(
        lambda d: "Ten minutes a day add up" in d.find_element(By.TAG_NAME, "main").text)
    assert browser.execute_script("return window.carepressMarker") is None, "the page was reloaded"
    WebDriverWait(browser, WAIT).until(lambda d: d.execute_script("return window.scrollY") == 240)


def test_a_broken_record_shows_the_located_error_as_text_until_it_is_fixed(server, browser, project):
    open_page(browser, server.url + REPORT)
    good = (project / RECORD).read_text(encoding="utf-8")
    line = next(number for number, text in enumerate(good.splitlines(), 1) if '"concern":' in text)
    # An unknown key whose name is markup: the overlay must show it as text.
    edit(project, RECORD, '"concern":', '"<img src=x onerror=alert(1)>": 1, "concern":')
    WebDriverWait(browser, WAIT).until(lambda d: overlay_text(d) is not None)
    text = overlay_text(browser)
    expected = f"{RECORD}:{line}:3: error: [\"<img src=x onerror=alert(1)>\"]: unknown key '<img src=x onerror=alert(1)>'"
    assert expected in text, text
    assert not browser.find_elements(By.CSS_SELECTOR, "#carepress-overlay img")
    # The last good page is still served underneath.
    assert "Ten minutes a day add up" in browser.find_element(By.TAG_NAME, "main").text

    (project / RECORD).write_text(good, encoding="utf-8")
    WebDriverWait(browser, WAIT).until(lambda d: overlay_text(d) is None)
    assert "Ten minutes a day add up" in browser.find_element(By.TAG_NAME, "main").text


def test_a_stylesheet_change_is_swapped_in_without_a_reload(server, browser, project):
    stylesheet = project / "Templates" / "assets" / "style.css"
    for page in (REPORT, "guide/index.html"):  # the report inlines the stylesheet, the guide links it
        open_page(browser, server.url + page)
        browser.execute_script("window.carepressMarker = 'kept';")
        colour = "rgb(1, 2, 3)" if page == REPORT else "rgb(4, 5, 6)"
        stylesheet.write_text(stylesheet.read_text() + f"\nmain {{ outline: 3px solid {colour}; }}\n")
        WebDriverWait(browser, WAIT).until(
            lambda d: d.execute_script("return getComputedStyle(document.querySelector('main')).outlineColor")
            == colour)
        assert browser.execute_script("return window.carepressMarker") == "kept", f"{page} was reloaded"


def test_traversal_and_foreign_hosts_are_refused(server, project):
    (project.parent / "secret.txt").write_text("not for the browser\n")
    for path in ["/../secret.txt", "/../../etc/passwd", "/%2e%2e/secret.txt", "/%2e%2e%2fsecret.txt",
                 "/..%2f..%2fetc%2fpasswd", "/guide/%2e%2e/%2e%2e/secret.txt", "//etc/passwd", "/%2fetc%2fpasswd"]:
        status, body = server.request(path)
        assert status in (403, 404), (path, status)
        assert b"not for the browser" not in body and b"root:" not in body, path
    os.symlink(project.parent / "secret.txt", project / "Output" / "secret.txt")
    status, body = server.request("/secret.txt")
    assert status == 403 and b"not for the browser" not in body
    # DNS rebinding: a page of another site, resolved to 127.0.0.1, sends its own name as Host.
    assert server.request("/", {"Host": f"attacker.example:{server.port}"})[0] == 403
    assert server.request("/__carepress/events", {"Origin": "http://attacker.example"})[0] == 403
    status, body = server.request("/")
    assert status == 200 and b"/__carepress/reload.js" in body
    assert server.request("/guide/nope.html")[0] == 404
    assert server.request("/assets/style.css")[0] == 200


def test_the_socket_is_bound_to_loopback_only(server):
    listening = []
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in pathlib.Path(table).read_text().splitlines()[1:]:
            fields = line.split()
            address, port = fields[1].rsplit(":", 1)
            if int(port, 16) == server.port and fields[3] == "0A":  # 0A: LISTEN
                listening.append(address)
    assert listening == ["0100007F"], listening  # 127.0.0.1, and nothing else
    # The machine's other addresses do not answer.
    others = subprocess.run(["hostname", "-I"], capture_output=True, text=True).stdout.split()
    for address in [a for a in others if ":" not in a and not a.startswith("127.")]:
        with pytest.raises(OSError):
            socket.create_connection((address, server.port), timeout=5).close()


def wait_until(condition, what: str):
    """Polls a condition every 0.1 s until it holds, for at most WAIT seconds (a bound, not a pause)."""
    deadline = time.monotonic() + WAIT
    while not condition():
        assert time.monotonic() < deadline, f"not within {WAIT} s: {what}"
        time.sleep(0.1)


@pytest.mark.parametrize("way", ["removed and restored", "moved away and another moved in", "a nested folder replaced"])
def test_a_replaced_content_folder_is_watched_again(carepress, tmp_path, way):
    project = tmp_path / "clinic"
    subprocess.run([str(carepress), "init", str(project)], check=True, capture_output=True)
    running = Server(carepress, project)
    try:
        def page() -> str:
            status, body = running.request("/" + REPORT)
            return body.decode() if status == 200 else ""

        assert "Small, steady sessions add up" in page()
        content, old = project / "Content", project / "Content.old"
        if way == "removed and restored":
            shutil.copytree(content, old)
            shutil.rmtree(content)
            wait_until(lambda: any("no CarePress project here" in error["message"]
                                   for error in running.state()["errors"]), "the overlay says the folder is missing")
            shutil.copytree(old, content)
        elif way == "moved away and another moved in":
            shutil.copytree(content, project / "Content.new")
            content.rename(old)
            (project / "Content.new").rename(content)
        else:
            physio = content / "physio"
            shutil.copytree(physio, project / "physio.new")
            physio.rename(project / "physio.old")
            (project / "physio.new").rename(physio)
        # An edit in the new folder is built and served, and the overlay has no error.
        edit(project, RECORD, "Small, steady sessions add up", "Ten minutes a day add up")
        wait_until(lambda: "Ten minutes a day add up" in page(), "the edit in the new folder is served")
        wait_until(lambda: running.state()["errors"] == [], "the overlay is clear")
        # And again: the folder watched now is watched for good.
        edit(project, RECORD, "Ten minutes a day add up", "Every session adds up")
        wait_until(lambda: "Every session adds up" in page(), "a second edit in the new folder is served")
    finally:
        running.stop()


def test_no_output_file_contains_the_reload_script_and_ctrl_c_stops_cleanly(server, project):
    for path in (project / "Output").rglob("*"):
        if path.is_file() and not path.is_symlink():
            assert b"__carepress" not in path.read_bytes(), path
    assert server.stop() == 0
    assert "Stopped." in server.process.stderr.read()
