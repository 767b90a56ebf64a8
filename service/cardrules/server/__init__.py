"""Server bootstrap: configuration, logging, metrics, health, reflection, signals and worker processes.

Start a server programmatically with :func:`cardrules.server.__main__.main` (flags) or
:func:`cardrules.server.app.run` (a :class:`Config`); host your own services through a bindings factory.
"""

from cardrules.server.binding import BindingsFactory, ServiceBinding
from cardrules.server.config import Config, ConfigError, parse_config

__all__ = ["BindingsFactory", "Config", "ConfigError", "ServiceBinding", "parse_config"]
