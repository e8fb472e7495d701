"""``python -m tools <command> [options]``: the course's build commands (run from the checkout)."""
from __future__ import annotations

import importlib
import sys

COMMANDS = {
    "regen": ("tools.regen", "rewrite every generated file in order (--check: only list what is stale)"),
    "gallery": ("tools.gallery", "every figure of the course as SVG and PNG, in build/site-extra/gallery/"),
    "slides": ("tools.slides", "one reveal.js deck per lecture of the lecture plans, in _site/slides/"),
    "handouts": ("tools.handouts", "each page of the built site printed to PDF, in _site/handouts/"),
    "sheets": ("tools.sheets", "per lecture a tutorial sheet and an instructor pack, in _site/tutorials/, instructor/"),
    "measure": ("tools.measure", "the share of main-path prose about errors of the sources (--check)"),
    "concordance": ("tools.concordance", "rebuild the shipped dog/train concordance from a Brown corpus"),
}


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if not argv or argv[0] not in COMMANDS:
        print("usage: python -m tools <command> [options]\n\ncommands:", file=sys.stderr)
        for name, (_, what) in COMMANDS.items():
            print(f"  {name:<12} {what}", file=sys.stderr)
        return 0 if argv[:1] in (["-h"], ["--help"]) else 2
    module = importlib.import_module(COMMANDS[argv[0]][0])
    return module.main(argv[1:])


if __name__ == "__main__":
    sys.exit(main())
