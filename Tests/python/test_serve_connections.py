"""`carepress serve` against clients that hold connections: idle ones, request heads and bodies sent a byte at a time,
and more connections than the server takes at once. The server binds 127.0.0.1 on a free port, with short limits
given on the command line, so that every wait below is a bounded wait for an event, never a fixed pause or a timing.
"""
import pathlib
import select
import socket
import subprocess
import time

import pytest

from test_serve_browser import REPORT, WAIT, Server

CONNECTIONS = 12  # idle or slow connections opened by a test: a bound on every loop below


@pytest.fixture(scope="module")
def project(tmp_path_factory, carepress) -> pathlib.Path:
    folder = tmp_path_factory.mktemp("serve-connections") / "clinic"
    subprocess.run([str(carepress), "init", str(folder)], check=True, capture_output=True)
    return folder


@pytest.fixture
def serve(carepress, project):
    """Starts `carepress serve` with the given arguments; every server started is stopped after the test."""
    started = []

    def start(*arguments: str) -> Server:
        started.append(Server(carepress, project, arguments))
        return started[-1]

    yield start
    for server in started:
        if server.process.poll() is None:
            server.stop()


def connect(server: Server) -> socket.socket:
    return socket.create_connection(("127.0.0.1", server.port), timeout=WAIT)


def closed_by_server(connection: socket.socket, within: float = WAIT) -> bool:
    """Whether the server closes the connection within `within` seconds (reading and dropping what it sends first)."""
    deadline = time.monotonic() + within
    for _ in range(10_000):
        if not select.select([connection], [], [], max(deadline - time.monotonic(), 0))[0]:
            return False
        try:
            if connection.recv(65536) == b"":
                return True
        except ConnectionResetError:
            return True
    return False


def is_open(connection: socket.socket) -> bool:
    """Whether the server has not closed the connection, as far as can be seen now (what it sent is read and dropped)."""
    return not closed_by_server(connection, within=0)


def read_until(connection: socket.socket, marker: bytes) -> bytes:
    """What the server sends, up to and including `marker`; at most WAIT seconds and 100 reads."""
    received = b""
    for _ in range(100):
        if marker in received:
            return received
        chunk = connection.recv(65536)
        assert chunk, f"closed before {marker!r}: {received!r}"
        received += chunk
    raise AssertionError(f"no {marker!r} in {received!r}")


def sockets_of(server: Server) -> int:
    """How many sockets the server process has open (its listening socket included)."""
    count = 0
    for entry in pathlib.Path(f"/proc/{server.process.pid}/fd").iterdir():
        try:
            count += entry.readlink().name.startswith("socket:")
        except FileNotFoundError:  # closed while listed
            pass
    return count


def test_idle_connections_are_closed_by_the_server(serve):
    server = serve("--idle-timeout", "1")
    # Connections that never send a byte.
    idle = [connect(server) for _ in range(CONNECTIONS)]
    # And one kept alive after a whole request and its response.
    kept = connect(server)
    kept.sendall(f"GET /{REPORT} HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n\r\n".encode())
    assert read_until(kept, b"\r\n\r\n").startswith(b"HTTP/1.1 200"), "the request was not answered"
    for connection in [*idle, kept]:
        assert closed_by_server(connection), "an idle connection was not closed by the server"
        connection.close()
    # The server still answers.
    assert server.request("/" + REPORT)[0] == 200


@pytest.mark.parametrize("part", ["head", "body"])
def test_a_request_sent_a_byte_at_a_time_is_closed_by_the_server(serve, part):
    server = serve("--idle-timeout", "1")
    start = f"GET /{REPORT} HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n"
    if part == "body":
        start += "Content-Length: 1000000\r\n\r\n"
    slow = [connect(server) for _ in range(CONNECTIONS)]
    for connection in slow:
        connection.sendall(start.encode())
    # A byte every 0.2 s on each (a header line, or the body): never idle for the timeout, yet the request never ends.
    # At most WAIT seconds of it; every connection must be closed by then.
    open_ones = list(slow)
    deadline = time.monotonic() + WAIT
    while open_ones and time.monotonic() < deadline:
        for connection in list(open_ones):
            try:
                connection.sendall(b"x")
            except (BrokenPipeError, ConnectionResetError):
                open_ones.remove(connection)
                continue
            if not is_open(connection):
                open_ones.remove(connection)
        time.sleep(0.2)
    assert not open_ones, f"{len(open_ones)} of {CONNECTIONS} slow requests were still open after {WAIT} s"
    for connection in slow:
        connection.close()
    assert server.request("/" + REPORT)[0] == 200


def test_connections_beyond_the_cap_wait_and_a_normal_request_is_still_answered(serve):
    server = serve("--idle-timeout", "3", "--max-connections", "4")
    baseline = sockets_of(server)
    first = [connect(server) for _ in range(4)]
    deadline = time.monotonic() + WAIT
    while sockets_of(server) < baseline + 4:
        assert time.monotonic() < deadline, "the server did not accept four connections"
        time.sleep(0.05)
    # Eight more, beyond the cap: the system queues them, and the server does not take them while four are open.
    queued = [connect(server) for _ in range(8)]
    for _ in range(20):
        assert sockets_of(server) <= baseline + 4, "the server took more connections than its cap"
        time.sleep(0.05)
    # A normal request is answered once idle connections have been closed to make room; by then one of the first
    # four is closed (without the cap it would be answered at once, with all four still open).
    connection = socket.create_connection(("127.0.0.1", server.port), timeout=4 * WAIT)
    connection.sendall(f"GET /{REPORT} HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nConnection: close\r\n\r\n".encode())
    assert read_until(connection, b"\r\n\r\n").startswith(b"HTTP/1.1 200"), "the request beyond the cap was not answered"
    assert not all(is_open(other) for other in first), "answered while the first four connections were all open"
    assert sockets_of(server) <= baseline + 4
    for other in [*first, *queued, connection]:
        other.close()


def test_the_reload_channel_outlives_the_idle_timeout(serve):
    server = serve("--idle-timeout", "1")
    events = connect(server)
    events.sendall(f"GET /__carepress/events HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n\r\n".encode())
    read_until(events, b"event: state")
    idle = connect(server)
    # By the time an idle connection opened after it is closed, the event stream has been idle longer: it stays.
    assert closed_by_server(idle)
    assert is_open(events), "the reload channel was closed by the idle timeout"
    events.close()
    idle.close()
