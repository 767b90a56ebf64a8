"""``python -m cardrules.client.cli``: the same as the ``cardrules`` command."""

import sys

from cardrules.client.cli import main

sys.exit(main())
