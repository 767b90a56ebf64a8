"""The service's version, printed by ``--version`` and reported in logs.

``cardrules`` is a namespace package shared by two distributions: this one (``cardrules.core``, ``.api``,
``.server``) and the Python SDK in ``clients/python`` (``cardrules.v1`` generated code, ``cardrules.client``).
"""

__version__ = "0.1.0"
