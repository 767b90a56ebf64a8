"""Server bootstrap: configuration, logging, metrics, health, reflection, signals and worker processes.

Start a server programmatically with :func:`cardrules.server.__main__.main` (flags) or
:func:`cardrules.server.app.run` (a :class:`Config`); host your own services through a bindings factory.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cardrules.server.binding import BindingsFactory, ServiceBinding
    from cardrules.server.config import Config, ConfigError, parse_config

__all__ = ["BindingsFactory", "Config", "ConfigError", "ServiceBinding", "parse_config"]

# These names load on first use, not with the package: `python -m cardrules.server.tokens` imports this package
# before it runs tokens.py as __main__, and importing config here (which imports tokens) would load tokens.py
# twice, once as a module and once as __main__ (runpy warns about exactly that).
_HOMES = {
    "BindingsFactory": "cardrules.server.binding",
    "ServiceBinding": "cardrules.server.binding",
    "Config": "cardrules.server.config",
    "ConfigError": "cardrules.server.config",
    "parse_config": "cardrules.server.config",
}


def __getattr__(name: str) -> Any:
    if name not in _HOMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(_HOMES[name]), name)
