"""Entry point for end-to-end tests: the real bootstrap hosting the fake services.

Run as ``python -m tests.support.fake_server [flags]`` from the repository root; flags as for
``python -m cardrules.server``.
"""

import sys

from cardrules.server.__main__ import main
from tests.support.fake_services import bindings

if __name__ == "__main__":
    sys.exit(main(bindings_factory=bindings))
