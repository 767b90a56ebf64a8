"""The tokens file and the token command: parsing, matching, rotation lines, and what the command prints."""

from __future__ import annotations

import hashlib
import subprocess
import sys

import pytest

from cardrules.server.tokens import MAX_TOKEN_LENGTH, TokenFile, TokenFileError, file_line, main, new_token


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
    ("text", "message"),
    [
        ("", "no callers"),
        ("backend\n", ":1: expected"),
        (f"backend md5:{_hash('x')}\n", ":1: expected"),
        (f"# ok\nbackend sha256:{_hash('x')[:-1]}\n", ":2: expected"),
        (f"-dash sha256:{_hash('x')}\n", ":1: a name is"),
        (f"{'n' * 65} sha256:{_hash('x')}\n", ":1: a name is"),
        (f"two words sha256:{_hash('x')}\n", ":1: expected"),
    ],
)
def test_bad_files_name_the_line(text: str, message: str) -> None:
    with pytest.raises(TokenFileError, match=message):
        TokenFile.parse(text, "callers")


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
