"""Replications of the studies of Powers 2003 and 2008, for the notebooks: not part of the library.

* :mod:`.concordance` — the senses of *dog* and *train* in the Brown corpus and their
  context features (Powers 2003, Table 1; the data ship in ``bookeval_lib/data/``);
* :mod:`.mixture` — the Bernoulli mixture fitted by EM that induces the classes
  (Powers 2003's AutoClass run), refitted over seeds;
* :mod:`.betting` — the punter behind informedness: Figure 1's informed/guessing
  punters, their winnings, the spreadsheet's dollar block (Powers 2003);
* :mod:`.figure2` — Figure 2 of Powers 2008: the measures of simulated tables against p_inf.

The library's tools they use stay in the core: the odds and payoffs
(:mod:`bookeval_lib.betting`), the simulator (:mod:`bookeval_lib.montecarlo`), the
evaluation of a clustering (:mod:`bookeval_lib.clustering`).
"""
