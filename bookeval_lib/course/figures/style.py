"""One style for every figure of the course: the same colour means the same thing everywhere.

Measures keep their colour in every chapter (informedness is always red,
markedness green, ...); "ours" against "the paper" always uses the same pair;
chance and reference lines are grey and dashed.  Figure modules take colours
from :data:`COLOURS` and nowhere else.
"""
from __future__ import annotations

from typing import Any

__all__ = ["COLOURS", "MEASURE_STYLE", "CELL_COLOURS", "REFERENCE_LINE"]

#: Colour by meaning.
COLOURS = {
    # measures (one colour per measure, in every chapter)
    "informedness": "tab:red",
    "markedness": "tab:green",
    "correlation": "tab:blue",
    "kappa": "black",
    "accuracy": "tab:orange",
    "g_measure": "tab:purple",
    "f_measure": "tab:brown",
    "recall": "tab:cyan",
    "precision": "tab:olive",
    # sources
    "ours": "#1f4e9c",
    "paper": "#e08214",
    # ROC space
    "better_than_chance": "#d9f0d3",
    "worse_than_chance": "#fbe0dc",
    "better_text": "#2d6a1f",
    "worse_text": "#a0341f",
    "curve": "#1f4e9c",
    "hull": "0.4",
    "isocost": "#6a3d9a",
    "distance": "#b2182b",
    # chance, identity and other reference lines
    "reference": "0.35",
    # a band of expected spread (e.g. mean +- 2 standard errors)
    "uncertainty_band": "#c6dbef",
}

#: (colour, marker, label in words and symbol) of each measure in scatter plots.
MEASURE_STYLE = {
    "informedness": (COLOURS["informedness"], "o", "informedness B"),
    "markedness": (COLOURS["markedness"], "s", "markedness M"),
    "correlation": (COLOURS["correlation"], "^", "correlation (Matthews) r"),
    "kappa": (COLOURS["kappa"], "x", "Cohen's kappa"),
    "Wav": (COLOURS["accuracy"], "o", "Wav (Rand accuracy)"),
    "Gav": (COLOURS["g_measure"], "s", "Gav (averaged G-measure)"),
    "Fav": (COLOURS["f_measure"], "^", "Fav (averaged F1)"),
}

#: The four cells of a 2x2 table: hits dark, the inverse problem's hits light.
CELL_COLOURS = {"tp": "#4C72B0", "tn": "#8DA9D4", "fp": "#DD8452", "fn": "#F2B58C"}

#: Keyword arguments of a chance or identity line.
REFERENCE_LINE: dict[str, Any] = {"color": COLOURS["reference"], "linestyle": "--", "linewidth": 1.2}

#: Colours of distinct series of one kind (models compared, prevalences, ...), in order of use.
#: Chosen apart from the measure colours above, so a model is never read as a measure.
SERIES_COLOURS = ("#1b6fa8", "#d0640e", "#5b8c2a", "#8e4585")

#: The colormap of the K classes of a data set (one-vs-rest curves): K <= 10 distinct colours.
CLASS_COLORMAP = "tab10"

__all__ += ["SERIES_COLOURS", "CLASS_COLORMAP"]
