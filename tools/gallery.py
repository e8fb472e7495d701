"""The figure gallery: every figure of the course as SVG and PNG, with its caption and alt text.

The figures are drawn by the notebooks themselves, never copied by hand: each notebook that shows a figure
is run (in memory; the committed notebook is not touched) with the inline backend set to emit SVG and a
200 dpi PNG of every figure, and the figures of the cells that notebooks/figures.toml lists are kept.  The
registry gives, for each figure, the id of the cell that draws it, the function that cell
calls, a caption and alt text (the notebook is found by the cell's id); tests/test_gallery.py checks that it
lists every figure of every notebook.

The figures are cached in build/gallery-cache/ by the notebook's text, the package's source, the setup below
and notebooks/matplotlibrc, so only a changed notebook is run again.  ``make site`` runs it
(``python -m tools gallery``) before Sphinx (tools/sphinx_kit.py calls :func:`build` too, and finds the cache
fresh); the files land in build/site-extra/gallery/, which the site copies to _site/gallery/.
"""
from __future__ import annotations

import argparse
import base64
import hashlib
import json
import os
import sys
import time
import tomllib
from pathlib import Path

from tools.course import BUILD, DATA, NOTEBOOKS, ROOT, notebook_paths

REGISTRY = DATA / "figures.toml"
CACHE = BUILD / "gallery-cache"
OUT = BUILD / "site-extra" / "gallery"
PNG_DPI = 200  # twice the notebooks' 100 dpi: sharp on a projector or in print
ATTRIBUTION = ("© the bookeval developers, CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/): "
               "reuse it, with this line")
# Run before the notebook's own cells: SVG (vector, for slides and print) and PNG, cut to the drawing.
SETUP = ('%config InlineBackend.figure_formats = ["svg", "png"]\n'
         f'%config InlineBackend.print_figure_kwargs = {{"bbox_inches": "tight", "dpi": {PNG_DPI}}}')
IMAGE_KINDS = ("image/png", "image/svg+xml")


KEYS = {"name", "cell", "function", "caption", "alt"}


def load_registry(path: Path = REGISTRY) -> list[dict]:
    """The figures of notebooks/figures.toml: name, cell, function, caption, alt."""
    figures = tomllib.loads(path.read_text(encoding="utf-8"))["figure"]
    for figure in figures:
        if set(figure) != KEYS:
            raise ValueError(f"figures.toml: figure {figure.get('name')!r} needs exactly the keys {sorted(KEYS)}")
    for key in ("name", "cell"):
        values = [figure[key] for figure in figures]
        if len(values) != len(set(values)):
            raise ValueError(f"figures.toml: two figures have the same {key}")
    return figures


def locate(registry: list[dict], notebooks: Path = NOTEBOOKS) -> list[dict]:
    """The registry's figures whose cell is in a notebook of ``notebooks``, each with that notebook's name
    (``notebook``), in the order of the notebooks' file names and of the cells in each."""
    by_cell = {figure["cell"]: figure for figure in registry}
    found = []
    for path in notebook_paths(notebooks):
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        found += [{**by_cell[cell["id"]], "notebook": path.stem} for cell in cells if cell.get("id") in by_cell]
    return found


def _key(path: Path) -> str:
    """What the figures of one notebook depend on: its text, the settings above, matplotlibrc, the package."""
    digest = hashlib.sha256(SETUP.encode())
    for source in [path, NOTEBOOKS / "matplotlibrc", *sorted((ROOT / "bookeval_lib").rglob("*.py"))]:
        if source.exists():
            digest.update(source.name.encode() + b"\0" + source.read_bytes())
    return digest.hexdigest()[:20]


def run_notebook(path: Path) -> dict[str, list[dict]]:
    """Run one notebook with SVG and PNG figures; the figures of each cell, by cell id (cached)."""
    cached = CACHE / f"{path.stem}-{_key(path)}.json"
    if cached.exists():
        return json.loads(cached.read_text(encoding="utf-8"))
    import nbformat
    from nbclient import NotebookClient

    notebook = nbformat.read(path, as_version=4)
    notebook.cells.insert(0, nbformat.v4.new_code_cell(SETUP))
    # the kernel imports this checkout's package, as nbval and JupyterLab in notebooks/ do
    os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    start = time.perf_counter()
    NotebookClient(notebook, timeout=900, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    print(f"  ran {path.name} in {time.perf_counter() - start:.0f} s", file=sys.stderr)
    figures: dict[str, list[dict]] = {}
    for cell in notebook.cells[1:]:
        shown = [output["data"] for output in cell.get("outputs", [])
                 if all(kind in output.get("data", {}) for kind in IMAGE_KINDS)]
        if shown:
            figures[cell["id"]] = [{"svg": data["image/svg+xml"], "png": data["image/png"]} for data in shown]
    CACHE.mkdir(parents=True, exist_ok=True)
    for stale in CACHE.glob(f"{path.stem}-*.json"):
        stale.unlink()
    cached.write_text(json.dumps(figures), encoding="utf-8")
    return figures


def build(out: Path = OUT, registry: list[dict] | None = None) -> list[dict]:
    """Write <name>.svg and <name>.png of every registered figure found in a notebook into ``out``; return
    those figures (:func:`locate`'s entries, with their notebook).  One build at a time writes ``out`` (a lock
    file beside it): the test workers that need the gallery (the site's, the decks') may ask at once."""
    import fcntl

    out.mkdir(parents=True, exist_ok=True)
    with open(out.parent / f".{out.name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        return _build(out, registry)


def _build(out: Path, registry: list[dict] | None) -> list[dict]:
    figures = locate(load_registry() if registry is None else registry)
    for stem in dict.fromkeys(figure["notebook"] for figure in figures):
        shown = run_notebook(NOTEBOOKS / f"{stem}.ipynb")
        entries = [figure for figure in figures if figure["notebook"] == stem]
        for figure in entries:
            drawn = shown.get(figure["cell"], [])
            if len(drawn) != 1:
                raise ValueError(f"{stem}: cell {figure['cell']} drew {len(drawn)} figures; figures.toml "
                                 "lists one figure per cell")
            _write(out / f"{figure['name']}.svg", drawn[0]["svg"].encode("utf-8"))
            _write(out / f"{figure['name']}.png", base64.b64decode(drawn[0]["png"]))
    wanted = {f"{figure['name']}.{kind}" for figure in figures for kind in ("svg", "png")}
    for stale in out.iterdir():
        if stale.name not in wanted:
            stale.unlink()
    return figures


def _write(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` if it differs, atomically (a reader never sees half a file)."""
    if not path.exists() or path.read_bytes() != data:
        partial = path.with_name(path.name + ".partial")
        partial.write_bytes(data)
        partial.replace(path)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT, help="where the SVG and PNG files go")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    built = build(args.out)
    print(f"{len(built)} figures in {args.out} ({time.perf_counter() - start:.0f} s)")
    return 0
