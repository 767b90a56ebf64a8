"""Whether a client certificate is meant for clients: its extended key usage must name TLS client authentication.

grpc's TLS handshake checks that our CA signed the certificate, and refuses one whose extended key usage lists
other purposes only (a server's ``serverAuth``), but it accepts one without that extension at all, which X.509
reads as "any purpose": a server's or some other service's certificate from the same CA would then pass as a
client. grpc-python's server credentials take no verifier of their own, so the interceptor asks this module about
the certificate the handshake accepted (``x509_pem_cert`` of the call's auth context) and refuses the call unless
the certificate lists ``clientAuth`` (1.3.6.1.5.5.7.3.2) explicitly.

Only the few DER structures on the way to that extension are read (RFC 5280, section 4.1): the certificate has
already been verified against our CA, so this reads what our CA signed, not arbitrary bytes; anything it cannot
follow counts as "not a client certificate".
"""

from __future__ import annotations

import functools
import ssl

_SEQUENCE = 0x30
_OID = 0x06
_OCTET_STRING = 0x04
_EXTENSIONS = 0xA3  # tbsCertificate's [3] EXPLICIT field
_EXTENDED_KEY_USAGE = bytes.fromhex("551d25")  # 2.5.29.37
CLIENT_AUTH = bytes.fromhex("2b06010505070302")  # 1.3.6.1.5.5.7.3.2, id-kp-clientAuth


class _Malformed(ValueError):
    pass


def _elements(data: bytes, start: int, end: int) -> list[tuple[int, int, int]]:
    """The DER elements between ``start`` and ``end``: (tag, value start, value end) for each."""
    found = []
    offset = start
    while offset < end:
        if offset + 2 > end:
            raise _Malformed("truncated header")
        tag, length = data[offset], data[offset + 1]
        offset += 2
        if length & 0x80:
            size = length & 0x7F
            if not 1 <= size <= 4 or offset + size > end:
                raise _Malformed("bad length")
            length = int.from_bytes(data[offset : offset + size], "big")
            offset += size
        if offset + length > end:
            raise _Malformed("value past its container")
        found.append((tag, offset, offset + length))
        offset += length
    return found


def _only(data: bytes, start: int, end: int, tag: int) -> tuple[int, int]:
    elements = _elements(data, start, end)
    if not elements or elements[0][0] != tag:
        raise _Malformed(f"expected tag {tag:#x}")
    return elements[0][1], elements[0][2]


def extended_key_usages(der: bytes) -> list[bytes] | None:
    """The certificate's extended key usage OIDs (DER contents), or None when it has no such extension."""
    certificate = _only(der, 0, len(der), _SEQUENCE)
    tbs = _only(der, *certificate, _SEQUENCE)
    for tag, start, end in _elements(der, *tbs):
        if tag != _EXTENSIONS:
            continue
        for extension_tag, ext_start, ext_end in _elements(der, *_only(der, start, end, _SEQUENCE)):
            if extension_tag != _SEQUENCE:
                raise _Malformed("extension")
            parts = _elements(der, ext_start, ext_end)  # extnID, critical (optional), extnValue
            if parts[0][0] != _OID or der[parts[0][1] : parts[0][2]] != _EXTENDED_KEY_USAGE:
                continue
            tag_value, value_start, value_end = parts[-1]
            if tag_value != _OCTET_STRING:
                raise _Malformed("extnValue")
            usages = _elements(der, *_only(der, value_start, value_end, _SEQUENCE))
            return [der[s:e] for usage_tag, s, e in usages if usage_tag == _OID]
    return None


@functools.lru_cache(maxsize=1024)
def is_client_certificate(pem: bytes) -> bool:
    """Whether the PEM certificate lists ``clientAuth`` in its extended key usage (cached: a client presents the
    same certificate on every call)."""
    try:
        der = ssl.PEM_cert_to_DER_cert(pem.decode("ascii"))
        usages = extended_key_usages(der)
    except (ValueError, IndexError, UnicodeDecodeError):
        return False
    return usages is not None and CLIENT_AUTH in usages
