"""Protobuf's base-128 varint, for tests that write wire bytes by hand (junk, padding, envelopes the SDKs never
send)."""

from __future__ import annotations


def varint(value: int) -> bytes:
    """``value`` (≥ 0) as a protobuf varint."""
    out = bytearray()
    while value > 0x7F:
        out.append(value & 0x7F | 0x80)
        value >>= 7
    out.append(value)
    return bytes(out)
