"""The checker's bank for notebook 12b (selection bias, held-out halves, seeds): exercises 12b.1-12b.3.

Right answers and known mistakes are computed with :mod:`bookeval_lib.clustering` on the designs and the
seed-2003 fits of notebook 12's bank (:mod:`.nb12`), as notebook 12b builds them.
"""
from __future__ import annotations

from ..replications import concordance
from ..checker import Exercise, Mistake
from .nb12 import THREE_DECIMALS, _design, _induced, _reduce, _scores


# ---------------------------------------------------------------------------- 12b.1
def _window(name, *, keep="best", rows=slice(None, -1)):
    """(occurrences with a context word, n/N, discounted B) of one design at seed 2003."""
    features, _ = _design(name)
    _, discounted, coverage = _scores(_induced(name), keep)
    return (int(features[rows].any(axis=1).sum()), coverage, discounted)


# ---------------------------------------------------------------------------- 12b.2
def _lost_label():
    kept = set(_reduce(_induced("three sentences")).table.labels)
    lost = kept - set(_reduce(_induced("no railway words")).table.labels)
    assert len(lost) == 1
    return lost.pop()


EXERCISES = (
    Exercise(
        id="12b.1",
        asks="(occurrences with at least one context word, n/N, discounted B) for the sentence alone, "
             "seed 2003, strict reading: an integer and two floats to 3 decimals",
        answer=lambda: _window("sentence only"),
        tolerance=THREE_DECIMALS,
        hints=(
            "Build the features with concordance.context_features(records, neighbours=False) and "
            "add the index document as the notebook does; fit with seed 2003.",
            "Count the rows with any context word, leaving out the last row (the index document, "
            "not an occurrence); clustering.reduction_scores gives (B_wav, discounted B, n/N).",
            "The notebook's designs['sentence only'] and induced_by_design['sentence only'][0] are "
            "these features and this fit.",
        ),
        mistakes=(
            Mistake(lambda: _window("sentence only", rows=slice(None)),
                    "that count includes the last row, the index document, which is not an "
                    "occurrence of dog or train"),
            Mistake(lambda: _window("three sentences"),
                    "those are the values of the three-sentence window; the exercise asks for the "
                    "sentence alone, neighbours=False"),
            Mistake(lambda: _window("sentence only", keep="informed"),
                    "those are the liberal reading's n/N and discounted B; the strict reading "
                    "(keep='best') is asked"),
        ),
        starter="answer_1 = ...    # (occurrences, n/N, discounted B)",
    ),
    Exercise(
        id="12b.2",
        asks="the label that disappears from the reduced table, as the table names it (one letter)",
        answer=_lost_label,
        tolerance=0,          # a label, compared exactly
        hints=(
            "Compare the labels of the reduced table with and without the railway words "
            "(result.table.labels).",
            "Which sense do the words railroad, station, passenger, car, ride, trip and travel "
            "point to?",
            "concordance.SENSES names every label: one of them is the railway train.",
        ),
        mistakes=(
            Mistake(lambda: concordance.SENSES[_lost_label()],
                    "give the label as the reduced table names it, one letter, not its meaning"),
            Mistake(lambda: "M",
                    "M, train as teach, is still kept without the railway words"),
        ),
        starter='answer_2 = ...    # a label, e.g. "Z"',
    ),
    Exercise(
        id="12b.3",
        asks='the figure to report, one of "in sample", "held out" and "in sample minus null mean" '
             "(the sentences are yours to write)",
        answer=lambda: "held out",
        tolerance=0,          # a choice, compared exactly
        hints=(
            "Which of the three scores a map chosen on cases other than those it scores?",
            "The null is what a clustering that knows nothing scores in sample. Is an informed "
            "clustering inflated by as much?",
            "Section 1 printed the strict B_wav in sample (0.91), held out (0.78) and the null mean "
            "(0.36): the optimism of choosing on the scored labels is about 0.13, not 0.36.",
        ),
        mistakes=(
            Mistake(lambda: "in sample",
                    "that is the paper's own figure: its map was chosen on the labels it is scored on, "
                    "which inflates it (the strict B_wav here by about 0.13)"),
            Mistake(lambda: "in sample minus null mean",
                    "the null mean is the inflation of a clustering that knows nothing; an informed "
                    "clustering keeps classes that are pure for a reason and is inflated less, so "
                    "subtracting the null over-corrects"),
        ),
        starter='answer_3 = ...    # "in sample", "held out" or "in sample minus null mean"',
    ),
)
