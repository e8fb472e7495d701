"""The checker's bank for notebook 12 (the dog/train senses): exercises 12.1-12.3.

Right answers and known mistakes are computed with :mod:`bookeval_lib.course.replications.concordance`,
:mod:`bookeval_lib.course.replications.mixture` and :mod:`bookeval_lib.clustering` on the shipped concordance,
with notebook 12's seed (2003) and fitting settings; notebook 12b's bank (nb12b) builds on the
same designs and fits.
"""
from __future__ import annotations

import functools
from typing import Any

import numpy as np

from ... import clustering
from ..replications import concordance, mixture
from ..checker import Exercise, Mistake

SEED = 2003                        # notebook 12's seed: the first of notebook 12b's 20 fits
RAILWAY = ("railroad", "station", "passenger", "car", "ride", "trip", "travel")
# Three decimals are asked for every float: rounding moves a value by at most 5e-4; the
# integers asked with them (counts) are exact, and 5e-4 < 1 keeps them exact.
THREE_DECIMALS = 5e-4


@functools.cache
def _records():
    return concordance.load_concordance()


@functools.cache
def _design(name):
    """(features, real) with the index document appended, for one of the designs of 12 and 12b."""
    designs: dict[str, dict[str, Any]] = {
        "three sentences": {}, "sentence only": {"neighbours": False},
        "no railway words": {"context_words": {word: forms for word, forms in concordance.CONTEXT_WORDS.items()
                                               if word not in RAILWAY}}}
    options = designs[name]
    features = concordance.context_features(_records(), **options)
    real = [record["sense"] for record in _records()]
    return concordance.add_index_document(features, real)


@functools.cache
def _induced(name):
    """The 18 induced classes of the seed-2003 fit (10 restarts), as in the notebook."""
    features, _ = _design(name)
    return mixture.induced_over_seeds(features, seeds=[SEED])[0]


# The one place that calls clustering's reduction (its argument order is (induced, real)).
def _reduce(induced, keep="best"):
    return clustering.reduce_clustering(_design("three sentences")[1], induced, keep=keep)


def _scores(induced, keep="best"):
    """(B_wav, discounted B_wav n/N, n/N) of a reduced clustering."""
    return clustering.reduction_scores(_design("three sentences")[1], induced, keep=keep)


# ---------------------------------------------------------------------------- 12.1
@functools.cache
def _single_class():
    features, _ = _design("three sentences")
    fit = mixture.fit_bernoulli_mixture(features, 1, seed=SEED, n_restarts=1)
    return _reduce(fit.predict(features))


def _single_class_value(name):
    return float(_single_class().weighted_averages()[name])


# ---------------------------------------------------------------------------- 12.2
def _label_n(*, fallout_over="the other classes", recall_over="column"):
    """(recall, fallout, B) of label N in the strict reduced table, from its counts."""
    table = _reduce(_induced("three sentences")).table
    counts = np.asarray(table.counts, dtype=float)
    row, column = table.labels.index("N"), table.classes.index("N")
    hit = counts[row, column]
    found = hit / (counts[:, column].sum() if recall_over == "column" else counts[row].sum())
    false_alarms = counts[row].sum() - hit
    others = counts.sum() - (counts[:, column].sum() if fallout_over == "the other classes" else 0)
    fallout = false_alarms / others
    return (float(found), float(fallout), float(found - fallout))


EXERCISES = (
    Exercise(
        id="12.1",
        asks="B_wav of a clustering into a single class, a float",
        answer=lambda: _single_class_value("informedness"),
        tolerance=THREE_DECIMALS,
        hints=(
            "One class predicts one label, its majority, for every case.",
            "Its recall is 1, but so is its fallout: every case of another label is predicted "
            "as that label too.",
            "B(l) = recall - fallout, and B_wav weights the B(l) of the labels kept.",
        ),
        mistakes=(
            Mistake(lambda: _single_class_value("recall"),
                    "that is the recall of the one label; its fallout is 1 as well, and B is "
                    "recall - fallout"),
            Mistake(lambda: _single_class_value("precision"),
                    "that is the precision of the one label, which equals its prevalence here; "
                    "informedness is recall - fallout"),
        ),
        starter="answer_1 = ...    # B_wav",
    ),
    Exercise(
        id="12.2",
        asks="(recall, fallout, B(N)) of label N in the strict reduced table, three floats to 3 decimals",
        answer=_label_n,
        tolerance=THREE_DECIMALS,
        hints=(
            "The rows of result.table are the labels predicted, the columns the real classes; "
            "take the row and the column of N.",
            "recall = n(N, N)/(column total of N); fallout = (row total of N - n(N, N))/(n - column "
            "total of N), with n the cases retained.",
            "B(N) = recall - fallout; result.per_label() lists it.",
        ),
        mistakes=(
            Mistake(lambda: _label_n(fallout_over="all cases"),
                    "the fallout divides N's false alarms by the cases that are not N, n - column "
                    "total, not by all n cases"),
            Mistake(lambda: _label_n(recall_over="row"),
                    "that first value is the precision of N (over its row); recall divides by the "
                    "column total, the real N cases"),
        ),
        starter="answer_2 = ...    # (recall, fallout, B(N))",
    ),
    Exercise(
        id="12.3",
        asks="(discounted B_wav of the strict reduction, discounted B_wav of the liberal one), two floats to "
             "3 decimals; the report for the lexicographer is yours to write",
        answer=lambda: (float(_scores(_induced("three sentences"))[1]),
                        float(_scores(_induced("three sentences"), keep="informed")[1])),
        tolerance=THREE_DECIMALS,
        hints=("The lexicographer wants every occurrence sorted: an abstention sorts nothing.",
               "The discounted B_wav multiplies B_wav by the coverage n/N.",
               "result.discounted_informedness() and liberal.discounted_informedness()."),
        mistakes=(
            Mistake(lambda: (float(_scores(_induced("three sentences"))[0]),
                             float(_scores(_induced("three sentences"), keep="informed")[0])),
                    "those are the B_wav of the retained cases only; discount each by its coverage n/N"),
            Mistake(lambda: (float(_scores(_induced("three sentences"))[2]),
                             float(_scores(_induced("three sentences"), keep="informed")[2])),
                    "those are the coverages n/N; multiply each by its B_wav"),
        ),
        starter="answer_3 = ...  # (discounted B_wav strict, discounted B_wav liberal)",
    ),
)
