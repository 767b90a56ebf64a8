"""Bearer tokens: the callers' file of token hashes, and the command that makes tokens.

The file (``--auth-tokens``) holds one caller per line, ``NAME sha256:HEX``, where HEX is the SHA-256 of the
token's UTF-8 bytes; ``#`` starts a comment line. The server never sees a plain token at rest: a leaked file
does not let anyone call. A name may have several lines, so a token is rotated by adding the new hash, moving
the caller to the new token, then deleting the old line; the server reloads the file when it changes.

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

# Names end up in log lines and metric labels: keep them short and plain.
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._@-]{0,63}")
_LINE = re.compile(r"(?P<name>\S+)\s+sha256:(?P<hex>[0-9a-fA-F]{64})")

# How often a call may trigger a look at the file's modification stamp (a stat every few seconds is free).
RELOAD_CHECK_SECONDS = 5.0

# A token longer than this is not one of ours: reject it before hashing (the metadata limit bounds it anyway).
MAX_TOKEN_LENGTH = 512


class TokenFileError(ValueError):
    """The tokens file cannot be used; the message names the line."""


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
class TokenFile:
    """The parsed file: ``(name, digest)`` for every line."""

    entries: tuple[tuple[str, bytes], ...]

    @classmethod
    def parse(cls, text: str, source: str = "tokens file") -> TokenFile:
        entries: list[tuple[str, bytes]] = []
        for number, raw in enumerate(text.splitlines(), start=1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            match = _LINE.fullmatch(line)
            if match is None:
                raise TokenFileError(f"{source}:{number}: expected 'NAME sha256:<64 hex digits>'")
            if NAME.fullmatch(match["name"]) is None:
                raise TokenFileError(
                    f"{source}:{number}: a name is 1-64 letters, digits and . _ @ - (starting with a letter or digit)"
                )
            entries.append((match["name"], bytes.fromhex(match["hex"])))
        if not entries:
            raise TokenFileError(f"{source}: no callers: every call would be refused")
        return cls(tuple(entries))

    @classmethod
    def load(cls, path: Path) -> TokenFile:
        try:
            text = path.read_text()
        except (OSError, UnicodeDecodeError) as error:
            raise TokenFileError(f"{path}: cannot read: {error}") from None
        return cls.parse(text, str(path))

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


class TokenSource:
    """The tokens file as it is now: reloaded when its modification stamp changes (a rotated Kubernetes Secret
    swaps the file under the same path). A file that no longer parses keeps the previous callers and reports the
    problem through ``on_error``."""

    def __init__(self, path: Path, on_error: Callable[[str], None] | None = None) -> None:
        self._path = path
        self._tokens = TokenFile.load(path)
        self._stamp = self._read_stamp()
        self._next_check = time.monotonic() + RELOAD_CHECK_SECONDS
        self._on_error = on_error

    def _read_stamp(self) -> tuple[int, int, int] | None:
        try:
            stat = os.stat(self._path)  # follows the symlink a Secret volume swaps
        except OSError:
            return None
        return (stat.st_mtime_ns, stat.st_ino, stat.st_size)

    def current(self) -> TokenFile:
        now = time.monotonic()
        if now >= self._next_check:
            self._next_check = now + RELOAD_CHECK_SECONDS
            stamp = self._read_stamp()
            if stamp != self._stamp:
                self._stamp = stamp
                try:
                    self._tokens = TokenFile.load(self._path)
                except TokenFileError as error:
                    if self._on_error is not None:
                        self._on_error(str(error))
        return self._tokens

    @property
    def callers(self) -> int:
        return len({name for name, _digest in self._tokens.entries})


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
