"""The figure gallery's registry (notebooks/figures.toml) against the notebooks: every figure listed, once.

The figures themselves are drawn by tools/gallery.py while the site builds; tests/test_site.py
checks the gallery page, its files and their alt text in the browser.
"""
import importlib
import json
import re
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
REGISTRY = tomllib.loads((NOTEBOOKS / "figures.toml").read_text(encoding="utf-8"))["figure"]
FIGURE_KINDS = ("image/png", "image/svg+xml", "image/jpeg")


def _figures(path):
    """(cell id, source) of every figure the committed notebook shows, counted output by output."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    return [(cell["id"], "".join(cell["source"])) for cell in notebook["cells"] if cell["cell_type"] == "code"
            for output in cell.get("outputs", []) if any(kind in output.get("data", {}) for kind in FIGURE_KINDS)]


NOTEBOOK_PATHS = sorted(NOTEBOOKS.glob("[0-9A][0-9]*_*.ipynb"))
BY_CELL = {entry["cell"]: entry for entry in REGISTRY}


@pytest.mark.parametrize("path", NOTEBOOK_PATHS, ids=lambda path: path.stem)
def test_every_figure_of_the_notebook_is_in_the_gallery_once(path):
    shown = _figures(path)
    cells = [cell["id"] for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]]
    listed = [BY_CELL[cell] for cell in cells if cell in BY_CELL]
    assert len(listed) == len(shown), (f"{path.stem}: the notebook shows {len(shown)} figures, figures.toml "
                                       f"lists {len(listed)} of its cells")
    assert [entry["cell"] for entry in listed] == [cell for cell, _ in shown], \
        f"{path.stem}: figures.toml's cells are not the cells that draw the figures"
    for entry, (_, source) in zip(listed, shown):
        called = entry["function"].rsplit(".", 1)[-1]
        assert re.search(rf"\b{called}\(", source), f"{entry['name']}: the cell does not call {called}"
        number = path.stem.split("_")[0]                     # 05b for 05b_informed_or_guessing
        assert entry["name"].startswith(f"{number}-"), f"{entry['name']}: not named by its notebook's number"


def test_every_entry_names_one_cell_of_the_course_and_its_own_files():
    # the notebook of a figure, and its alt text on the site, are found by the cell's id alone
    ids = [cell["id"] for path in NOTEBOOK_PATHS for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]]
    assert [entry["name"] for entry in REGISTRY if ids.count(entry["cell"]) != 1] == []
    names = [entry["name"] for entry in REGISTRY]
    assert len(names) == len(set(names))
    for entry in REGISTRY:
        assert set(entry) == {"name", "cell", "function", "caption", "alt"}, entry["name"]
        assert re.fullmatch(r"[0-9A][0-9][a-z]?-[a-z0-9-]+", entry["name"]), entry["name"]


@pytest.mark.parametrize("entry", REGISTRY, ids=lambda entry: entry["name"])
def test_each_figure_has_a_caption_alt_text_and_a_real_function(entry):
    # alt text describes what is drawn, in sentences; the caption says what the figure shows, more briefly
    assert 80 <= len(entry["alt"]) <= 700 and entry["alt"].endswith("."), entry["alt"]
    assert 40 <= len(entry["caption"]) <= 300 and entry["caption"].endswith("."), entry["caption"]
    assert entry["alt"] != entry["caption"]
    # both go into HTML as text: no maths to typeset, no markup
    assert not re.search(r"[$<>\\]", entry["alt"] + entry["caption"]), entry["name"]
    module, name = entry["function"].rsplit(".", 1)
    owner = module.rsplit(".", 1)
    if module.startswith("bookeval_lib."):
        assert callable(getattr(importlib.import_module(module), name)), entry["function"]
    else:  # a class's method of another library (scikit-learn's CalibrationDisplay.from_predictions)
        assert callable(getattr(getattr(importlib.import_module(owner[0]), owner[1]), name)), entry["function"]


def test_the_script_reads_the_registry_as_the_test_does():
    from tools import gallery as build_gallery

    assert build_gallery.load_registry() == REGISTRY
    # and finds each figure's notebook as the test does
    located = {entry["cell"]: entry["notebook"] for entry in build_gallery.locate(REGISTRY, NOTEBOOKS)}
    expected = {cell: path.stem for path in NOTEBOOK_PATHS for cell, _ in _figures(path)}
    assert located == expected
