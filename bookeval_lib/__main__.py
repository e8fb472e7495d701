"""``python -m bookeval_lib report FILE ...``: the command line of :mod:`bookeval_lib.cli`."""
from .cli import main

raise SystemExit(main())
