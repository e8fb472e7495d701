"""bookeval_lib: evaluating a classifier honestly, after David Powers.

Bookmaker informedness, markedness and their geometric mean, the Matthews
correlation, set against recall, precision, F, Jaccard, Rand accuracy, kappa,
Yule's Q/Y and chi^2.

The **core** needs numpy and scipy only:

* :mod:`.measures` — :class:`BinaryTable`, every 2x2 measure, vectorised
  (:mod:`._binary_input` its readers, :mod:`._lingpipe` LingPipe's extra measures);
* :mod:`.contingency` — :class:`Contingency`, K-class tables, the K-class
  Bookmaker, label matching, abstention (:mod:`._contingency_input` its readers,
  :mod:`._contingency_measures` its measures in one numpy pass);
* :mod:`.averages` — Powers' bias-weighted averages (AvF, AvG, Wav);
* :mod:`.roc` — ROC points and curves, hull, AUC, isocost lines;
  :mod:`.curves` — precision-recall and cost curves;
* :mod:`.uncertainty` and :mod:`.coverage` — confidence intervals, significance
  tests, comparing classifiers, and how often the intervals cover (exactly, or by
  simulation); :mod:`.resampling` — the bootstrap of a table's cells with BCa;
  :mod:`.results` — the result types (:class:`~.results.Interval`,
  :class:`~.results.Significance`, :class:`~.results.Comparison` and the reports), each one
  readable line, ``format()``, ``to_dict()``;
* :mod:`.comparison` — the engine of
  :func:`~.uncertainty.compare_predictions`, two classifiers on the same cases: paired
  intervals and the paired test of the measure; :mod:`.crossval` — two models on the same folds;
* :mod:`.ranking` — ROC AUC with DeLong's interval and paired test, average
  precision, one-vs-rest AUC;
* :mod:`.metrics` — scikit-learn-style scores, a report and scorers;
* :mod:`.plot` — figures for researchers (matplotlib imported only when one is
  drawn); :mod:`.cli` — ``python -m bookeval_lib report FILE ...``;
* :mod:`.matching` — the exact B-maximising map of clusters onto classes,
  :mod:`.merge_search` its search for a fixed set of clusters (on the subset
  tables and Lagrangian bound of :mod:`._subset_tables`), and
  :mod:`.kept_sets` its search when clusters may be dropped;
* :mod:`.betting` — fair odds, payoffs, the punter behind informedness;
* :mod:`.montecarlo` — simulated informed/guessing decision makers;
* :mod:`.concordance`, :mod:`.mixture`, :mod:`.clustering` — the Brown dog/train
  data, a Bernoulli mixture fitted by EM, and Powers 2003's evaluation of a clustering;
* :mod:`._checks` — the input validators; :mod:`._undefined` — the score
  functions' ``undefined=`` policy and :class:`UndefinedMeasureWarning`.

The **course layer**, :mod:`bookeval_lib.course`, holds what only the notebooks
need (the papers' printed tables, sympy, figures, widgets); the core never
imports it.
"""
from ._undefined import UndefinedMeasureWarning
from .contingency import Contingency
from .measures import LAYOUTS, MEASURES, BinaryTable

__all__ = ["BinaryTable", "Contingency", "MEASURES", "LAYOUTS", "UndefinedMeasureWarning"]
__version__ = "0.1.0"
