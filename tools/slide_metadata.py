"""No slide metadata in the committed notebooks: ``metadata.slideshow`` is removed from every cell.

The lecture decks are written for the room (book/lectures/, tools/slides.py), not cut from the notebooks'
cells, so a notebook's ``metadata.slideshow`` (which JupyterLab's property inspector adds) is used by nothing
and only makes diffs noisy: ``python -m tools regen`` removes it (:func:`strip`) and its ``--check`` reports
a notebook that has some (:func:`stored`).
"""
from __future__ import annotations


def strip(notebook: dict) -> dict:
    """The notebook (changed in place, and returned) without any cell's ``metadata.slideshow``."""
    for cell in notebook["cells"]:
        cell.get("metadata", {}).pop("slideshow", None)
    return notebook


def stored(notebook: dict) -> list[int]:
    """The indices of the cells that carry slide metadata."""
    return [index for index, cell in enumerate(notebook["cells"]) if "slideshow" in cell.get("metadata", {})]
