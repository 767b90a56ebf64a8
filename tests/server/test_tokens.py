"""The tokens file and the token command: parsing, matching, rotation lines, reloads (every row of the revocation
table in docs/security.md), and what the command prints."""

from __future__ import annotations

import hashlib
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from cardrules.server import tokens as tokens_module
from cardrules.server.tokens import (
    MAX_TOKEN_LENGTH,
    TokenFile,
    TokenFileError,
    TokenSource,
    file_line,
    main,
    new_token,
)


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def test_each_token_names_its_caller_and_rotation_lines_share_a_name() -> None:
    text = f"# callers\n\nbackend sha256:{_hash('old')}\nbackend sha256:{_hash('new')}\n  ops  sha256:{_hash('o')}\n"
    tokens = TokenFile.parse(text)
    assert [tokens.caller(t) for t in ("old", "new", "o", "other", "", "OLD")] == [
        "backend",
        "backend",
        "ops",
        None,
        None,
        None,
    ]


def test_upper_case_hex_is_accepted_and_overlong_tokens_never_match() -> None:
    long_token = "x" * (MAX_TOKEN_LENGTH + 1)
    tokens = TokenFile.parse(f"a sha256:{_hash('t').upper()}\nb sha256:{_hash(long_token)}\n")
    assert tokens.caller("t") == "a"
    assert tokens.caller(long_token) is None


@pytest.mark.parametrize(
    ("text", "line", "problem"),
    [
        ("backend\n", 1, "expected"),
        (f"backend md5:{_hash('x')}\n", 1, "expected"),
        (f"# ok\nbackend sha256:{_hash('x')[:-1]}\n", 2, "expected"),
        (f"-dash sha256:{_hash('x')}\n", 1, "a name is"),
        (f"{'n' * 65} sha256:{_hash('x')}\n", 1, "a name is"),
        (f"two words sha256:{_hash('x')}\n", 1, "expected"),
    ],
)
def test_bad_lines_are_skipped_and_named_and_refuse_start_up(text: str, line: int, problem: str) -> None:
    good = f"ops sha256:{_hash('o')}\n"
    tokens = TokenFile.parse(good + text, "callers")
    assert tokens.caller("o") == "ops" and tokens.callers == 1
    (bad,) = tokens.bad_lines
    assert bad.number == line + 1 and bad.problem.startswith(problem)
    with pytest.raises(TokenFileError, match=f"^callers:{line + 1}: {problem}"):
        tokens.checked()


def test_every_bad_line_is_named_at_start_up() -> None:
    text = f"a sha256:{_hash('a')}\nbroken\nb sha256:{_hash('b')}\nbad/name sha256:{_hash('c')}\n"
    with pytest.raises(TokenFileError) as error:
        TokenFile.parse(text, "callers").checked()
    assert str(error.value) == (
        "callers:2: expected 'NAME sha256:<64 hex digits>'; "
        "callers:4: a name is 1-64 letters, digits and . _ @ - (starting with a letter or digit)"
    )


def test_a_file_that_is_not_a_tokens_file_names_its_first_bad_lines_only() -> None:
    with pytest.raises(TokenFileError) as error:
        TokenFile.parse("garbage\n" * 500, "callers").checked()
    named = str(error.value).split("; ")
    assert named[0] == "callers:1: expected 'NAME sha256:<64 hex digits>'"
    assert len(named) == 11 and named[-1] == "and 490 more bad lines"


@pytest.mark.parametrize("text", ["", "\n\n", "# nobody yet\n"])
def test_a_file_without_callers_accepts_no_token_and_refuses_start_up(text: str) -> None:
    tokens = TokenFile.parse(text, "callers")
    assert tokens.callers == 0 and tokens.caller("anything") is None
    with pytest.raises(TokenFileError, match=r"^callers: no callers"):
        tokens.checked()


def test_bytes_that_are_not_utf8_spoil_only_their_line(tmp_path: Path) -> None:
    path = tmp_path / "callers"
    path.write_bytes(f"ops sha256:{_hash('o')}\n\xff\xfe sha256:{_hash('x')}\n".encode("latin-1"))
    tokens = TokenFile.load(path)
    assert tokens.caller("o") == "ops"
    assert [bad.number for bad in tokens.bad_lines] == [2]


def test_a_missing_file_cannot_be_loaded(tmp_path: Path) -> None:
    with pytest.raises(TokenFileError, match="cannot read"):
        TokenFile.load(tmp_path / "absent")


# --- reloads: the revocation table of docs/security.md ("What a reload does") -----------------------------------


class _Reloads:
    """A TokenSource over a file in ``tmp_path`` that looks at the file on every call, and what it reported."""

    def __init__(self, tmp_path: Path, text: str) -> None:
        self.path = tmp_path / "callers"
        self.path.write_text(text)
        self.reports: list[tuple[int, int]] = []
        self.source = TokenSource(self.path, on_load=lambda *report: self.reports.append(report), check_seconds=0)

    def replace(self, text: str) -> None:
        """A new file moved into place, as a Kubernetes Secret update does (a new inode: always noticed)."""
        staged = self.path.with_name("staged")
        staged.write_text(text)
        staged.replace(self.path)

    def caller(self, token: str) -> str | None:
        return self.source.current().caller(token)


def _file(*callers: tuple[str, str], extra: str = "") -> str:
    return "".join(f"{name} sha256:{_hash(token)}\n" for name, token in callers) + extra


def test_a_removed_caller_is_revoked_even_when_another_line_is_bad(tmp_path: Path) -> None:
    reloads = _Reloads(tmp_path, _file(("backend", "b"), ("ops", "o")))
    assert reloads.caller("b") == "backend" and reloads.reports == [(2, 0)]
    reloads.replace(_file(("ops", "o"), extra="ops sha256:typo\n"))
    assert reloads.caller("b") is None
    assert reloads.caller("o") == "ops"
    assert reloads.reports[-1] == (1, 1)


@pytest.mark.parametrize("emptied", ["", "# all callers removed\n", "broken line\n"])
def test_a_file_naming_no_caller_accepts_no_caller(tmp_path: Path, emptied: str) -> None:
    reloads = _Reloads(tmp_path, _file(("backend", "b")))
    reloads.replace(emptied)
    assert reloads.caller("b") is None
    assert reloads.reports[-1] == (0, emptied.count("broken"))
    reloads.replace(_file(("backend", "b")))
    assert reloads.caller("b") == "backend"
    assert reloads.reports[-1] == (1, 0)


def test_a_file_emptied_in_place_accepts_no_caller(tmp_path: Path) -> None:
    reloads = _Reloads(tmp_path, _file(("backend", "b")))
    reloads.path.write_text("")  # truncated where it is: same inode, new size
    assert reloads.caller("b") is None
    assert reloads.reports[-1] == (0, 0)


def test_a_deleted_file_accepts_no_caller_until_a_good_one_returns(tmp_path: Path) -> None:
    reloads = _Reloads(tmp_path, _file(("backend", "b")))
    reloads.path.unlink()
    assert reloads.caller("b") is None
    assert reloads.reports[-1] == (0, 0)
    assert reloads.caller("b") is None  # still gone: nothing changed, nothing reloaded
    reloads.path.write_text(_file(("backend", "b")))
    assert reloads.caller("b") == "backend"
    assert reloads.reports[-1] == (1, 0)


def test_an_unchanged_file_is_not_read_again(tmp_path: Path) -> None:
    reloads = _Reloads(tmp_path, _file(("backend", "b")))
    for _ in range(3):
        assert reloads.caller("b") == "backend"
    assert reloads.reports == [(1, 0)]


def test_the_file_is_looked_at_only_every_few_seconds(tmp_path: Path) -> None:
    path = tmp_path / "callers"
    path.write_text(_file(("backend", "b")))
    source = TokenSource(path)  # the server's interval: the next look is seconds away
    path.unlink()
    assert source.current().caller("b") == "backend"


def test_a_file_caught_half_written_is_looked_at_again_soon(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    clock = [1000.0]
    monkeypatch.setattr(tokens_module, "time", SimpleNamespace(monotonic=lambda: clock[0]))
    path = tmp_path / "callers"
    path.write_text(_file(("backend", "b")))
    source = TokenSource(path)
    path.write_text(f"backend sha256:{_hash('b')[:20]}")  # an editor saving in place, caught half-way
    clock[0] += tokens_module.RELOAD_CHECK_SECONDS
    assert source.current().caller("b") is None
    path.write_text(_file(("backend", "b")))
    clock[0] += tokens_module.RETRY_CHECK_SECONDS
    assert source.current().caller("b") == "backend"
    path.unlink()  # a good file is not looked at again that soon
    clock[0] += tokens_module.RETRY_CHECK_SECONDS
    assert source.current().caller("b") == "backend"


@pytest.mark.parametrize("text", ["", "broken\n", f"a sha256:{_hash('a')}\nbroken\n"])
def test_start_up_refuses_a_file_with_a_bad_line_or_no_caller(tmp_path: Path, text: str) -> None:
    path = tmp_path / "callers"
    path.write_text(text)
    with pytest.raises(TokenFileError):
        TokenSource(path)
    with pytest.raises(TokenFileError, match="cannot read"):
        TokenSource(tmp_path / "absent")


def test_new_prints_a_token_and_the_line_that_accepts_it(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["new", "game-backend"]) == 0
    token, line = capsys.readouterr().out.splitlines()
    assert len(token) >= 40
    assert line == file_line("game-backend", token)
    assert TokenFile.parse(line).caller(token) == "game-backend"


def test_new_tokens_are_long_random_and_never_start_with_a_dash() -> None:
    tokens = [new_token() for _ in range(3000)]  # about 47 would start with "-" if nothing prevented it
    assert len(set(tokens)) == len(tokens)
    assert all(len(token) == 43 and not token.startswith("-") for token in tokens)


def test_hash_reads_the_token_from_standard_input() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "cardrules.server.tokens", "hash", "ops"],
        input="s3cret-token\n",
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert result.stdout.strip() == f"ops sha256:{_hash('s3cret-token')}"


def test_the_command_refuses_a_bad_name() -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["new", "no spaces please"])
    assert exit_info.value.code == 2
