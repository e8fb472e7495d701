"""The course layer: what only the notebooks need.

It may use matplotlib, sympy, ipywidgets and IPython; the core of
:mod:`bookeval_lib` never imports it.

* :mod:`.papers` — what the papers print, as data with their sources;
* :mod:`.symbolic` — the sympy catalogue of definitions and identities;
* :mod:`.display` — HTML and text rendering of tables;
* :mod:`.figure1` — Powers 2003's Figure 1 reproduced (figures, printed form, HTML);
* :mod:`.figures` — the matplotlib figures, one module per chapter, one shared style;
* :mod:`.states` — the pure functions behind the explorers and figures (bias sweep, Bookmaker table);
* :mod:`.widgets` — the interactive explorers;
* :mod:`.checker` — the learner's checker: :func:`check`, :func:`hint` and
  :func:`solution` over the banks of :mod:`.exercise_bank`.
"""
from .checker import check, hint, solution

__all__ = ["check", "hint", "solution"]
