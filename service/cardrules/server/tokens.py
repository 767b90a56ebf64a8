"""Bearer tokens: the callers' file of token hashes, and the command that makes tokens.

The file (``--auth-tokens``) holds one caller per line, ``NAME sha256:HEX``, where HEX is the SHA-256 of the
token's UTF-8 bytes; ``#`` starts a comment line. The server never sees a plain token at rest: a leaked file
does not let anyone call. A name may have several lines, so a token is rotated by adding the new hash, moving
the caller to the new token, then deleting the old line; the server reloads the file when it changes.

Revocation fails closed (docs/security.md, "What a reload does"): at start-up a file with any bad line, or with no
caller, stops the server; while running, every reload takes the file as it is now, so a deleted line is revoked
whatever else is wrong: a bad line is reported and skipped, and a file that is empty, missing or unreadable
accepts no caller until a good one returns. The previous callers are never kept.

Tokens are random (32 bytes from ``secrets``), so one SHA-256 is enough: there is nothing to brute-force that a
slow password hash would protect.

    python -m cardrules.server.tokens new game-backend      # a new token (line 1) and its file line (line 2)
    python -m cardrules.server.tokens hash game-backend < token.txt   # the file line of an existing token
"""

from __future__ import annotations

import argparse
import hashlib
import hmac
import os
import re
import secrets
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import structlog

# Names end up in log lines and metric labels: keep them short and plain.
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._@-]{0,63}")
_LINE = re.compile(r"(?P<name>\S+)\s+sha256:(?P<hex>[0-9a-fA-F]{64})")

# How often a call may trigger a look at the file's modification stamp (a stat every few seconds is free).
RELOAD_CHECK_SECONDS = 5.0
# After a reload that found bad lines or no caller (perhaps a file caught while being written in place).
RETRY_CHECK_SECONDS = 0.5

# Bad lines named one by one when a file stops start-up.
MAX_NAMED_LINES = 10

# A token longer than this is not one of ours: reject it before hashing (the metadata limit bounds it anyway).
MAX_TOKEN_LENGTH = 512

# Not cardrules.server.logging's get_logger: that module imports the config, which imports this one.
log: structlog.typing.FilteringBoundLogger = structlog.get_logger("cardrules")


class TokenFileError(ValueError):
    """The tokens file cannot be used (at start-up: unreadable, a bad line, or no caller); the message names the
    line."""


def new_token() -> str:
    """32 random bytes, URL-safe base64, never starting with ``-``: command-line parsers (argparse, Node's
    parseArgs) read ``--token -abc…`` as a missing value, so such a token would only work as ``--token=-abc…``."""
    while True:
        token = secrets.token_urlsafe(32)
        if not token.startswith("-"):
            return token


def token_digest(token: str) -> bytes:
    return hashlib.sha256(token.encode()).digest()


def file_line(name: str, token: str) -> str:
    return f"{name} sha256:{token_digest(token).hex()}"


@dataclass(frozen=True)
class BadLine:
    """A line of the file that names no caller: skipped, and reported with its number."""

    number: int
    problem: str


def _parse_line(line: str) -> str | tuple[str, bytes]:
    """The line's ``(name, digest)``, or what is wrong with it."""
    match = _LINE.fullmatch(line)
    if match is None:
        return "expected 'NAME sha256:<64 hex digits>'"
    if NAME.fullmatch(match["name"]) is None:
        return "a name is 1-64 letters, digits and . _ @ - (starting with a letter or digit)"
    return match["name"], bytes.fromhex(match["hex"])


@dataclass(frozen=True)
class TokenFile:
    """The parsed file: ``(name, digest)`` for every good line, and the bad lines that were skipped."""

    entries: tuple[tuple[str, bytes], ...]
    bad_lines: tuple[BadLine, ...] = ()
    source: str = "tokens file"

    @classmethod
    def parse(cls, text: str, source: str = "tokens file") -> TokenFile:
        entries: list[tuple[str, bytes]] = []
        bad: list[BadLine] = []
        for number, raw in enumerate(text.splitlines(), start=1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            parsed = _parse_line(line)
            if isinstance(parsed, str):
                bad.append(BadLine(number, parsed))
            else:
                entries.append(parsed)
        return cls(tuple(entries), tuple(bad), source)

    @classmethod
    def load(cls, path: Path) -> TokenFile:
        """The file as it is now; TokenFileError only when it cannot be read at all. Bytes that are not UTF-8
        spoil only their own line (it fails to parse), not the file."""
        try:
            data = path.read_bytes()
        except OSError as error:
            raise TokenFileError(f"{path}: cannot read: {error.strerror or error}") from None
        return cls.parse(data.decode("utf-8", errors="replace"), str(path))

    def problems(self) -> list[str]:
        """Every reason this file could not start a server: each bad line (``source:N: problem``), or no caller."""
        found = [f"{self.source}:{bad.number}: {bad.problem}" for bad in self.bad_lines]
        if not self.entries and not found:
            found.append(f"{self.source}: no callers: every call would be refused")
        return found

    def checked(self) -> TokenFile:
        """This file if it is fit to start a server with, else TokenFileError naming its bad lines (the first
        ``MAX_NAMED_LINES``: a file that is not a tokens file at all would otherwise fill the terminal)."""
        problems = self.problems()
        if len(problems) > MAX_NAMED_LINES:
            problems = [*problems[:MAX_NAMED_LINES], f"and {len(problems) - MAX_NAMED_LINES} more bad lines"]
        if problems:
            raise TokenFileError("; ".join(problems))
        return self

    @property
    def callers(self) -> int:
        return len({name for name, _digest in self.entries})

    def caller(self, token: str) -> str | None:
        """The name whose hash ``token`` has, else None.

        Every entry is compared, each in constant time, whatever matched: how long this takes does not tell
        which entry (or how much of one) a guess got right.
        """
        if len(token) > MAX_TOKEN_LENGTH:
            return None
        digest = token_digest(token)
        found: str | None = None
        for name, expected in self.entries:
            if hmac.compare_digest(digest, expected):
                found = name
        return found


# Told the file's state after every load (start-up and each reload): (callers, bad lines).
LoadObserver = Callable[[int, int], None]


class TokenSource:
    """The tokens file as it is now: reloaded when its modification stamp changes (a rotated Kubernetes Secret
    swaps the file under the same path). Start-up needs a file without bad lines (TokenFileError otherwise);
    after that, each reload takes the file as it is, never the callers it replaced: bad lines are logged at error
    level and skipped, and a file that is missing, unreadable or without callers accepts no caller (logged at
    error level too) until the file is good again."""

    def __init__(self, path: Path, on_load: LoadObserver | None = None, check_seconds: float | None = None) -> None:
        self._path = path
        self._on_load = on_load
        self._check_seconds = RELOAD_CHECK_SECONDS if check_seconds is None else check_seconds
        self._stamp = self._read_stamp()  # before reading: a change during the read is seen at the next check
        self._tokens = TokenFile.load(path).checked()
        self._next_check = time.monotonic() + self._check_seconds
        self._report(self._tokens)

    def _read_stamp(self) -> tuple[int, int, int] | None:
        try:
            stat = os.stat(self._path)  # follows the symlink a Secret volume swaps
        except OSError:
            return None
        return (stat.st_mtime_ns, stat.st_ino, stat.st_size)

    def current(self) -> TokenFile:
        now = time.monotonic()
        if now >= self._next_check:
            self._next_check = now + self._check_seconds
            stamp = self._read_stamp()
            if stamp != self._stamp:
                self._stamp = stamp
                self._tokens = self._reload()
                if self._tokens.bad_lines or not self._tokens.entries:
                    # Perhaps caught half-written (an editor saving in place): look again soon, not in 5 s.
                    self._next_check = now + min(self._check_seconds, RETRY_CHECK_SECONDS)
        return self._tokens

    def _reload(self) -> TokenFile:
        file = str(self._path)
        try:
            tokens = TokenFile.load(self._path)
        except TokenFileError as error:
            log.error("tokens file unreadable: no caller is accepted", file=file, error=str(error))
            tokens = TokenFile((), (), file)
        else:
            for bad in tokens.bad_lines:
                log.error("tokens file line skipped", file=file, line=bad.number, error=bad.problem)
            if tokens.entries:
                log.info("tokens file reloaded", file=file, callers=tokens.callers, bad_lines=len(tokens.bad_lines))
            else:
                log.error("tokens file names no caller: no caller is accepted", file=file)
        self._report(tokens)
        return tokens

    def _report(self, tokens: TokenFile) -> None:
        if self._on_load is not None:
            self._on_load(tokens.callers, len(tokens.bad_lines))

    @property
    def callers(self) -> int:
        return self._tokens.callers


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m cardrules.server.tokens", description="Make bearer tokens for the --auth-tokens file."
    )
    commands = parser.add_subparsers(dest="command", required=True)
    new = commands.add_parser("new", help="print a new random token (line 1) and its tokens-file line (line 2)")
    new.add_argument("name", help="the caller's name, as logs and metrics will show it")
    hashed = commands.add_parser("hash", help="read a token on standard input, print its tokens-file line")
    hashed.add_argument("name")
    args = parser.parse_args(argv)
    if NAME.fullmatch(args.name) is None:
        parser.error("a name is 1-64 letters, digits and . _ @ - (starting with a letter or digit)")
    if args.command == "new":
        token = new_token()
        print(token)
        print(file_line(args.name, token))
        return 0
    token = sys.stdin.readline().strip()
    if not token:
        parser.error("no token on standard input")
    print(file_line(args.name, token))
    return 0


if __name__ == "__main__":
    sys.exit(main())
