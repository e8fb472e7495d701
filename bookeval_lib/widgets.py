"""ipywidgets explorers.  Thin wiring only: the logic lives in tested package functions.

``bookmaker_explorer()``: sliders for prevalence, bias and informedness (the three
degrees of freedom of a 2x2 table) redraw the table, the Bookmaker's dollar payoffs
and the measures, via :func:`bookeval_lib.betting.explore_binary` (which clips an
infeasible informedness and says so) and :func:`bookeval_lib.betting.explorer_html`.
"""
from __future__ import annotations

import ipywidgets as widgets

from .betting import explore_binary, explorer_html

__all__ = ["bookmaker_explorer"]


def bookmaker_explorer(prevalence=0.7, bias=0.785, informedness=0.15, total=100):
    """A VBox of three sliders and an HTML view; starts at Figure 1's model 3."""
    slider = lambda value, low, high, description: widgets.FloatSlider(
        value=value, min=low, max=high, step=0.005, description=description, readout_format=".3f",
        continuous_update=False, style={"description_width": "12em"}, layout={"width": "32em"})
    sliders = {
        "prevalence": slider(prevalence, 0.01, 0.99, "prevalence Pr(+R)"),
        "bias": slider(bias, 0.0, 1.0, "bias Pr(+P)"),
        "informedness": slider(informedness, -1.0, 1.0, "informedness B"),
    }
    view = widgets.HTML()

    def update(_change=None):
        state = explore_binary(**{name: s.value for name, s in sliders.items()}, total=total)
        view.value = explorer_html(state)

    for s in sliders.values():
        s.observe(update, names="value")
    update()
    return widgets.VBox([*sliders.values(), view])
