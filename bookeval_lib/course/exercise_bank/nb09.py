"""The checker's bank for notebook 09 (uncertainty): exercises 09.1-09.3.

Right answers and known mistakes are computed with :mod:`bookeval_lib.uncertainty`
on LingPipe's wine tables (:data:`bookeval_lib.course.papers.LINGPIPE_WINES`).
"""
from __future__ import annotations

import numpy as np

from ... import uncertainty as u
from ...measures import BinaryTable
from .. import papers
from ..checker import Exercise, Mistake

# The limits of 09.1 are asked to 3 decimals: rounding moves each by at most 5e-4; the
# nearest known mistake (Wald's lower limit) lies 0.008 away.
THREE_DECIMALS = 5e-4


# ---------------------------------------------------------------------------- 09.1
def _syrah():
    cells = papers.LINGPIPE_WINES["Syrah"]          # LingPipe's order: (tp, fn, fp, tn)
    return BinaryTable.from_matrix(np.reshape(cells, (2, 2)), layout="lingpipe")


def _interval(method):
    return tuple(float(limit) for limit in u.informedness_interval(_syrah(), method=method))


def _wilson_limits_paired_wrongly():
    """Newcombe's construction with the lower limit of fpr where its upper limit belongs."""
    import scipy.stats

    from ..._binary_intervals import _wilson_distances       # the library's one Wilson interval

    table = _syrah()
    z = scipy.stats.norm.isf(0.025)
    tpr, below_t, above_t = _wilson_distances(np.array([table.tp]), np.array([table.real_positives]), z)
    fpr, below_f, above_f = _wilson_distances(np.array([table.fp]), np.array([table.real_negatives]), z)
    return (float((tpr - fpr - np.hypot(below_t, below_f))[0]),
            float((tpr - fpr + np.hypot(above_t, above_f))[0]))


# ---------------------------------------------------------------------------- 09.2
_SIZES = np.arange(10, 1001)        # n real positives and n real negatives


def _smallest_n(method, width):
    tp, fp = np.rint(0.9 * _SIZES), np.rint(0.2 * _SIZES)
    tables = BinaryTable(tp=tp, fn=_SIZES - tp, fp=fp, tn=_SIZES - fp)
    widths = u.informedness_interval(tables, method=method).width
    return int(_SIZES[np.argmax(widths <= width)])


def _wald_approximation():
    import scipy.stats

    z = scipy.stats.norm.isf(0.025)
    widths = 2 * z * np.sqrt((0.9 * 0.1 + 0.2 * 0.8) / _SIZES)
    return int(_SIZES[np.argmax(widths <= 0.2)])


# ---------------------------------------------------------------------------- 09.3
# The reported screening test: all 12 ill people found, 3 of 150 healthy people flagged.
def _screening():
    return BinaryTable(tp=12, fn=0, fp=3, tn=147)


def _screening_interval(method, clip=True):
    if not clip:                      # Agresti–Caffo before clipping at 1: (q1 - q2) -+ z sd
        import scipy.stats

        q1, q2 = 13 / 14, 4 / 152     # (TP + 1)/(RP + 2), (FP + 1)/(RN + 2)
        half = scipy.stats.norm.isf(0.025) * np.sqrt(q1 * (1 - q1) / 14 + q2 * (1 - q2) / 152)
        return (q1 - q2 - half, q1 - q2 + half)
    return tuple(float(limit) for limit in u.informedness_interval(_screening(), method=method, seed=13))


def _recall_wilson():
    from ..._binary_intervals import _wilson_distances       # the library's one Wilson interval
    import scipy.stats

    rate, below, above = _wilson_distances(np.array([12.0]), np.array([12.0]), scipy.stats.norm.isf(0.025))
    return (float((rate - below)[0]), float((rate + above)[0]))


EXERCISES = (
    Exercise(
        id="09.1",
        asks="(low, high): the Newcombe 95 % interval of Syrah's informedness, two floats to 3 decimals",
        answer=lambda: _interval("newcombe"),
        tolerance=THREE_DECIMALS,
        hints=(
            "Newcombe combines one Wilson interval for each rate: recall tpr = 5/9 and fallout "
            "fpr = 4/18.",
            "With Wilson limits (l_t, u_t) for tpr and (l_f, u_f) for fpr: the lower limit of B is "
            "B - sqrt((tpr - l_t)^2 + (u_f - fpr)^2), the upper B + sqrt((u_t - tpr)^2 + (fpr - l_f)^2).",
            "B lowest means tpr low and fpr high, so the lower limit pairs l_t with u_f; "
            "proportion_confint(5, 9, method='wilson') gives (l_t, u_t).",
        ),
        mistakes=(
            Mistake(lambda: _interval("agresti-caffo"),
                    "that is the Agresti–Caffo interval, the default of u.informedness_interval; "
                    "Newcombe's is asked (method='newcombe')"),
            Mistake(lambda: _interval("wald"),
                    "that is the Wald interval, B ± 1.96 standard errors; Newcombe's combines the two "
                    "Wilson intervals instead"),
            Mistake(_wilson_limits_paired_wrongly,
                    "the Wilson limits are paired the wrong way: B is lowest when tpr is low and fpr "
                    "is high, so the lower limit uses (tpr - l_t) with (u_f - fpr)"),
        ),
        starter="answer_1 = ...    # (low, high)",
    ),
    Exercise(
        id="09.2",
        asks="the smallest n (real positives = real negatives = n, an integer) whose Agresti–Caffo "
             "interval of B is at most 0.2 wide",
        answer=lambda: _smallest_n("agresti-caffo", 0.2),
        tolerance=0,          # an exact integer
        hints=(
            "Build all the tables at once: BinaryTable accepts arrays, with TP = rint(0.9 n) and "
            "FP = rint(0.2 n) for n = 10, ..., 1000.",
            "u.informedness_interval(tables, method='agresti-caffo').width is an array of widths; "
            "find the first n where it is at most 0.2.",
            "np.argmax(widths <= 0.2) is the index of the first such n; the Wald approximation puts "
            "it near 97.",
        ),
        mistakes=(
            Mistake(_wald_approximation,
                    "that is the Wald approximation 2·1.96·sqrt(0.25/n) <= 0.2; the exercise asks for "
                    "the Agresti–Caffo interval's own width on the rounded tables"),
            Mistake(lambda: _smallest_n("wald", 0.2),
                    "that n is where the Wald (or Newcombe) interval gets narrow enough; the "
                    "exercise asks for Agresti–Caffo, method='agresti-caffo'"),
            Mistake(lambda: _smallest_n("agresti-caffo", 0.4),
                    "that n makes the half-width at most 0.2; the whole width, high - low, must be "
                    "at most 0.2"),
            Mistake(lambda: 2 * _smallest_n("agresti-caffo", 0.2),
                    "that counts both classes; n is the number of cases in each class"),
        ),
        starter="answer_2 = ...    # n, an integer",
    ),
    Exercise(
        id="09.3",
        asks="(low, high): the Agresti–Caffo 95 % interval of the screening test's informedness, two floats "
             "to 3 decimals; the critique and the rewritten claim are yours to write",
        answer=lambda: _screening_interval("agresti-caffo"),
        tolerance=THREE_DECIMALS,
        hints=(
            "The table: TP = 12, FN = 0, FP = 3, TN = 147. What does Wald's interval do with a recall of 12/12?",
            "Agresti–Caffo adds one success and one failure to each class: q1 = 13/14 and q2 = 4/152, then "
            "Wald's formula with RP + 2 and RN + 2 cases.",
            "u.informedness_interval(BinaryTable(tp=12, fn=0, fp=3, tn=147)) uses Agresti–Caffo by default; "
            "an interval for B stops at 1.",
        ),
        mistakes=(
            Mistake(lambda: _screening_interval("wald"),
                    "that is the paper's own interval, Wald's: recall 12/12 has estimated variance 0, so only "
                    "the fallout counts; Agresti–Caffo's adds one success and one failure to each class"),
            Mistake(lambda: _screening_interval("newcombe"),
                    "that is Newcombe's interval (it also does not collapse); the exercise asks for "
                    "Agresti–Caffo's, method='agresti-caffo'"),
            Mistake(lambda: _screening_interval("bootstrap"),
                    "that is the bootstrap's: every resample of 12 ill people who were all found has recall 1, "
                    "so it hides the same thing as Wald's; Agresti–Caffo's is asked"),
            Mistake(lambda: _screening_interval("agresti-caffo", clip=False),
                    "B cannot exceed 1: the upper limit is clipped there"),
            Mistake(_recall_wilson,
                    "that is Wilson's interval for the recall 12/12 alone; B = recall - fallout, and the "
                    "interval for B is asked"),
        ),
        starter="answer_3 = ...    # (low, high)",
    ),
)
