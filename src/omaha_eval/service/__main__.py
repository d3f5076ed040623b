"""``python -m omaha_eval.service``: see :mod:`omaha_eval.service.serve`."""

import sys

from .serve import main

sys.exit(main())
