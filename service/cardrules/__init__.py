"""cardrules — the rules service for Sâm Lốc and Liêng.

Layout (data flows one way: request → convert → core → convert → response):

- ``cardrules.core``   the pure rules core: no gRPC, no protobuf, no I/O.
- ``cardrules.api``    the gRPC layer: converts messages to core values and back.
- ``cardrules.server`` bootstrap: configuration, logging, health, reflection, signals.
"""

__version__ = "0.1.0"
