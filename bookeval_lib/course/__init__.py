"""The course layer: what only the notebooks need.

It may use matplotlib, sympy, ipywidgets and IPython; the core of
:mod:`bookeval_lib` never imports it (tests/test_layering.py), except the deprecated aliases
of names that moved here (``bookeval_lib.concordance``, ...), kept for one release.

* :mod:`.papers` — what the papers print, as data with their sources;
* :mod:`.replications` — the studies of Powers 2003 and 2008 replayed: the Brown *dog*/*train*
  concordance, the Bernoulli mixture that clusters it, Figure 1's punters and
  Figure 2's simulation (the library keeps the tools they use: odds and payoffs,
  the simulator, the evaluation of a clustering);
* :mod:`.symbolic` — the sympy catalogue of definitions and identities;
* :mod:`.display` — HTML and text rendering of tables;
* :mod:`.figure1` — Powers 2003's Figure 1 reproduced (figures, printed form, HTML);
* :mod:`.opening` — the course's opening model (notebook 00): a weak scikit-learn classifier and two
  ``DummyClassifier`` guessers on the same test cases, which later notebooks call again;
* :mod:`.figures` — the matplotlib figures, one module per chapter, one shared style;
* :mod:`.states` — the pure functions behind the explorers and figures (bias sweep, Bookmaker table);
* :mod:`.widgets` — the interactive explorers;
* :mod:`.checker` — the learner's checker: :func:`check`, :func:`hint` and
  :func:`solution` over the banks of :mod:`.exercise_bank`.
"""
from .checker import check, hint, solution

__all__ = ["check", "hint", "solution"]
