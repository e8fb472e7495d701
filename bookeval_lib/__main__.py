"""``python -m bookeval_lib report FILE ...``: the command line of :mod:`bookeval_lib.cli`."""
from .cli import main

if __name__ == "__main__":             # not when imported (e.g. by a test importing every module)
    raise SystemExit(main())
