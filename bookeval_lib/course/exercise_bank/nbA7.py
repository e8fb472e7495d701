"""The checker's bank for appendix A7 (interval coverage): exercise A7.1.

The right answer is computed with :func:`bookeval_lib.coverage.coverage` at appendix A7's
seed and number of trials.
"""
from __future__ import annotations

import functools

from ...coverage import coverage
from ..checker import Exercise, Mistake

SEED = 13                  # appendix A7's seed (that of notebook 09)
TRIALS = 4_000             # appendix A7's trials per setting
METHODS = ("newcombe", "agresti-caffo", "wald")


@functools.cache
def _falling_short():
    """The methods whose coverage falls short for informedness or markedness at N = 50,
    prevalence 0.3, G = 0.5, bias 0.6.

    ``falls_short()`` is a Monte Carlo decision: coverage below 0.95 by more than three
    standard errors sqrt(0.95·0.05/4000) = 0.0034.  At this seed Newcombe's and
    Agresti–Caffo's coverages lie above 0.95 and Wald's 0.016-0.019 below it (4.5-5.5
    standard errors), so another seed would rarely change the set; the answer is the one at
    the appendix's seed.
    """
    short = set()
    for measure in ("informedness", "markedness"):
        for method in METHODS:
            result = coverage(method, measure=measure, total=50, prevalence=0.3, informedness=0.5,
                              bias=0.6, trials=TRIALS, seed=SEED)
            if result.falls_short():
                short.add(method)
    return frozenset(short)


EXERCISES = (
    Exercise(
        id="A7.1",
        asks='the set of methods among "newcombe", "agresti-caffo" and "wald" that fall short for '
             'informedness or markedness (set() if none)',
        answer=_falling_short,
        tolerance=0,             # a set of names, compared exactly
        hints=(
            "Call coverage(method, measure=..., total=50, prevalence=0.3, informedness=0.5, "
            "bias=0.6, trials=TRIALS, seed=SEED) for each method and both measures.",
            "result.falls_short() says whether the coverage is below 0.95 by more than its Monte "
            "Carlo error allows.",
            "Newcombe and Agresti–Caffo condition on the real margins; Wald is there for "
            "comparison.",
        ),
        mistakes=(
            Mistake(lambda: set(),
                    "one of the three does fall short here: compare each coverage with 0.95 minus "
                    "three Monte Carlo standard errors"),
            Mistake(lambda: set(METHODS),
                    "not all three fall short: Newcombe's and Agresti–Caffo's coverages are above "
                    "0.95 here"),
            Mistake(lambda: set(METHODS) - _falling_short(),
                    "that is the other way round: those are the methods that keep their coverage"),
        ),
        starter='answer_1 = ...    # a set of names, e.g. {"newcombe"}, or set() if none',
    ),
)
