"""Tools built on the SDK, outside its runtime import path: nothing in ``cardrules.client`` imports them.

- ``python -m cardrules.client.tools.conformance`` (the ``cardrules-conformance`` command): replay conformance
  vectors against a live server (``vectors`` reads them, ``matching`` holds the matching rules).
- ``python -m cardrules.client.tools.demo`` (the ``cardrules-demo`` command): play one random hand of each game.
"""
