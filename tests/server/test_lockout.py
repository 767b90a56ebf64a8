"""Silent and trickling connections cannot lock new clients out: a connection that has not finished its handshake
within --handshake-timeout is closed, so --max-connections frees up again within seconds."""

from __future__ import annotations

import contextlib
import resource
import socket
import threading
import time
from collections.abc import Iterator

import grpc

from tests.support.calls import call, raw_unary
from tests.support.server_process import FAKE_ENTRY, running_server

SILENT = 2000  # the default --max-connections: alone they would fill every slot
SLOWLORIS = 400
HANDSHAKE_SECONDS = 2
# What every HTTP/2 client sends first; a slowloris sends it one byte at a time and never finishes.
PREFACE = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n"
LIVENESS_SECONDS = 20.0  # generous: the answer comes a few seconds after the handshake timeout


def _raise_file_limit(needed: int) -> None:
    """This process and the server it starts (which inherits the limit) each hold every socket."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < needed:
        assert hard == resource.RLIM_INFINITY or hard >= needed, f"the file limit {hard} is below {needed}"
        resource.setrlimit(resource.RLIMIT_NOFILE, (needed, hard))


@contextlib.contextmanager
def _sockets(port: int, count: int) -> Iterator[list[socket.socket]]:
    opened: list[socket.socket] = []
    try:
        for _ in range(count):
            sock = socket.create_connection(("127.0.0.1", port), timeout=10)
            sock.setblocking(False)
            opened.append(sock)
        yield opened
    finally:
        for sock in opened:
            sock.close()


def _trickle(sockets: list[socket.socket], stop: threading.Event) -> None:
    """One more byte of the preface on every socket every second, until ``stop``."""
    for byte in PREFACE:
        for sock in sockets:
            with contextlib.suppress(OSError):  # closed by the server: the point of the test
                sock.send(bytes([byte]))
        if stop.wait(1.0):
            return


def _closed_by_server(sock: socket.socket) -> bool:
    """Whether the server closed ``sock`` (non-blocking: no data yet means still open)."""
    try:
        return sock.recv(4096) == b""
    except BlockingIOError:
        return False
    except ConnectionResetError:
        return True


def test_silent_and_slow_connections_do_not_lock_new_clients_out() -> None:
    _raise_file_limit(SILENT + SLOWLORIS + 1000)
    args = ["--handshake-timeout", str(HANDSHAKE_SECONDS)]
    with running_server(args, entry=FAKE_ENTRY) as server:
        with _sockets(server.port, SILENT) as silent, _sockets(server.port, SLOWLORIS) as slow:
            stop = threading.Event()
            trickler = threading.Thread(target=_trickle, args=(slow, stop), daemon=True)
            trickler.start()
            try:
                options = [("grpc.use_local_subchannel_pool", 1), ("grpc.max_reconnect_backoff_ms", 1000)]
                with grpc.insecure_channel(server.target, options=options) as channel:
                    method = raw_unary(channel, "/cardrules.test.Probe/Pid")
                    answer = method(b"", timeout=LIVENESS_SECONDS, wait_for_ready=True)
                assert int(answer) == server.process.pid
                # And the sockets that held the slots were closed by the server, not left open.
                deadline = time.monotonic() + LIVENESS_SECONDS
                still_open = [*silent, *slow]
                while still_open and time.monotonic() < deadline:
                    still_open = [sock for sock in still_open if not _closed_by_server(sock)]
                    time.sleep(0.2)
                assert not still_open, f"{len(still_open)} handshake-less connections still open"
            finally:
                stop.set()
                trickler.join(timeout=30)
        with server.channel() as channel:
            call(channel, "Pid")  # the server is fine afterwards
