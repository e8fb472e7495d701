"""Averages of a measure over the positive and the inverse problem (Powers 2003, 2008).

Powers 2003's Figure 1 prints AvF and AvG without defining them; the
definitions that reproduce all four of its models are the **bias-weighted**
harmonic mean of F1 and the inverse problem's F1, 1/AvF = pp/F + pn/IF, and the
bias-weighted geometric mean of G and IG, AvG = G^pp IG^pn (pp = Pr(+P)).
Powers 2008's Figure 2 calls them Fav and Gav beside Wav (read as Rand
accuracy).  :func:`weighted_mean` is the one implementation of these means.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from . import _checks

if TYPE_CHECKING:                       # type hints only; nothing imported at run time
    from typing import Any

    from numpy.typing import ArrayLike

    from .measures import BinaryTable

__all__ = ["WEIGHTINGS", "WAV_READINGS", "positive_weight", "weighted_mean", "weighted_average",
           "averaged_g_measure", "averaged_f_measure"]

#: How the positive and the inverse problem are weighted when a measure is
#: averaged over both: ``bias`` by pp and pn (Powers 2003's spreadsheet; it
#: reproduces its AvF and AvG), ``prevalence`` by rp and rn, ``equal`` by 1/2 each.
WEIGHTINGS = ("bias", "prevalence", "equal")

#: What the paper's "Rank Weighted Average (Wav)" is taken to be: ``rand`` the
#: Rand accuracy (2008 eq. 5 calls it a weighted average of recall and inverse
#: recall, and of precision and inverse precision); ``arithmetic`` the weighted
#: mean of A = (recall + precision)/2 and its inverse, the arithmetic sibling of
#: Gav and Fav.
WAV_READINGS = ("rand", "arithmetic")


def positive_weight(table: BinaryTable, weighting: str) -> np.ndarray:
    """Weight of the positive problem: pp (bias), rp (prevalence) or 1/2 (equal).

    Parameters
    ----------
    table : BinaryTable
        One table or an array of tables.
    weighting : {"bias", "prevalence", "equal"}
        The weighting (:data:`WEIGHTINGS`).

    Returns
    -------
    ndarray
        The weight w of the positive problem, of ``table.shape``; nan for an empty table
        (``"bias"``, ``"prevalence"``).

    Raises
    ------
    ValueError
        If ``weighting`` is not one of :data:`WEIGHTINGS`.

    Examples
    --------
    >>> from bookeval_lib import BinaryTable
    >>> positive_weight(BinaryTable(tp=30, fp=10, fn=20, tn=40), "bias")     # PP/N = 40/100
    array(0.4)
    """
    if weighting == "bias":
        return np.asarray(table.bias, dtype=float)
    if weighting == "prevalence":
        return np.asarray(table.prevalence, dtype=float)
    if weighting == "equal":
        return np.full(table.shape, 0.5)
    _checks.choice(weighting, "weighting", WEIGHTINGS)
    raise AssertionError("unreachable: every weighting is handled above")


def weighted_mean(positive: ArrayLike, inverse: ArrayLike, weight: ArrayLike, kind: str) -> Any:
    """Weighted arithmetic, geometric or harmonic mean of two values, weight on ``positive``.

    ``kind`` is ``"arithmetic"`` (w a + (1 - w) b), ``"geometric"`` (a^w b^(1-w)) or
    ``"harmonic"`` (1/(w/a + (1 - w)/b), its limit 0 when a or b is 0).  A term with
    weight 0 is dropped (it cannot make the mean undefined).  nan where a term
    that carries weight is nan (an undefined F or G), and where the weight is
    nan (an empty table has no bias): never a silent 0.

    Parameters
    ----------
    positive : float or array-like
        a, the value of the positive problem.
    inverse : float or array-like
        b, the value of the inverse problem.
    weight : float or array-like
        w, the weight of ``positive``, in [0, 1] (nan: undefined).
    kind : {"arithmetic", "geometric", "harmonic"}
        Which mean.

    Returns
    -------
    ndarray
        The mean (broadcast over the arguments); nan as above.

    Raises
    ------
    ValueError
        If ``kind`` is unknown, a value is not a real number, or a weight lies outside [0, 1].

    Examples
    --------
    >>> float(weighted_mean(0.5, 1.0, 0.5, "harmonic"))       # 1/(0.5/0.5 + 0.5/1)
    0.6666666666666666
    >>> float(weighted_mean(0.5, 1.0, 0.25, "arithmetic"))    # 0.25*0.5 + 0.75*1
    0.875
    """
    _checks.choice(kind, "kind", ("arithmetic", "geometric", "harmonic"))
    positive = _checks.real_values(positive, "positive")
    inverse = _checks.real_values(inverse, "inverse")
    weight = _checks.real_values(weight, "weight")
    known = weight[~np.isnan(weight)]
    if np.isinf(known).any() or ((known < 0) | (known > 1)).any():
        raise ValueError(f"weight must lie in [0, 1] (or be nan, undefined), got {_checks._shown(weight)}")
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        if kind == "arithmetic":
            mean = weight * positive + (1.0 - weight) * inverse
        elif kind == "geometric":
            mean = positive ** weight * inverse ** (1.0 - weight)
        else:  # harmonic: 1/(w/a + (1-w)/b) = ab/(w b + (1-w) a); its limit 0 if a or b is 0
            denominator = weight * inverse + (1.0 - weight) * positive
            mean = np.where(denominator > 0, positive * inverse / denominator, 0.0)
            mean = np.where(np.isnan(denominator), np.nan, mean)
    mean = np.where(weight == 0.0, inverse, mean)
    return np.where(weight == 1.0, positive, mean)


def weighted_average(table: BinaryTable, reading: str = "rand", weighting: str = "bias") -> Any:
    """The paper's Wav ("Rank Weighted Average"; Powers 2008, Fig. 2), in one of two readings.

    ``rand``: Rand accuracy (TP+TN)/N = rp*recall + rn*inverse recall
    = pp*precision + pn*inverse precision (2008 eq. 5); ``weighting`` is then unused.
    ``arithmetic``: w*A + (1-w)*A', A = (recall + precision)/2, A' the same for
    the inverse problem, w from ``weighting`` (see :data:`WEIGHTINGS`).

    Parameters
    ----------
    table : BinaryTable
        One table or an array of tables.
    reading : {"rand", "arithmetic"}, default="rand"
        Which reading of Wav (:data:`WAV_READINGS`).
    weighting : {"bias", "prevalence", "equal"}, default="bias"
        The weighting of the ``"arithmetic"`` reading (checked, unused, for ``"rand"``).

    Returns
    -------
    float or ndarray
        Wav; nan where a weighted term is undefined.

    Raises
    ------
    ValueError
        If ``reading`` or ``weighting`` is unknown.

    Examples
    --------
    TP, FP, FN, TN = 30, 10, 20, 40: accuracy 70/100; A = (0.6 + 0.75)/2 = 0.675,
    A' = (0.8 + 2/3)/2 = 0.7333, w = pp = 0.4: 0.4*0.675 + 0.6*0.7333 = 0.71.

    >>> from bookeval_lib import BinaryTable
    >>> t = BinaryTable(tp=30, fp=10, fn=20, tn=40)
    >>> weighted_average(t), round(weighted_average(t, "arithmetic"), 4)
    (0.7, 0.71)
    """
    if reading == "rand":
        positive_weight(table, weighting)  # validate the name all the same
        return table.accuracy
    _checks.choice(reading, "reading", WAV_READINGS)
    inverse = table.swap_classes()
    positive_mean = (np.asarray(table.recall) + np.asarray(table.precision)) / 2.0
    inverse_mean = (np.asarray(inverse.recall) + np.asarray(inverse.precision)) / 2.0
    mean = weighted_mean(positive_mean, inverse_mean, positive_weight(table, weighting),
                          "arithmetic")
    return float(mean) if mean.ndim == 0 else mean


def averaged_g_measure(table: BinaryTable, weighting: str = "bias") -> Any:
    """Gav = G^w * G'^(1-w), the weighted geometric mean of G and G' of the inverse problem.

    G = sqrt(recall*precision) (Powers 2003, Fig. 1 "AvG"; 2008, Fig. 2 "Gav").
    With ``weighting="bias"`` (w = pp) this reproduces the 2003 spreadsheet.

    Parameters
    ----------
    table : BinaryTable
        One table or an array of tables.
    weighting : {"bias", "prevalence", "equal"}, default="bias"
        The weight w of the positive problem (:data:`WEIGHTINGS`).

    Returns
    -------
    float or ndarray
        Gav; nan where a G that carries weight is undefined, or the table is empty.

    Raises
    ------
    ValueError
        If ``weighting`` is unknown.

    Examples
    --------
    G = sqrt(0.6*0.75), G' = sqrt(0.8*2/3), w = 0.4: Gav = 0.45^0.2 (8/15)^0.3.

    >>> from bookeval_lib import BinaryTable
    >>> round(averaged_g_measure(BinaryTable(tp=30, fp=10, fn=20, tn=40)), 4)
    0.7059
    """
    mean = weighted_mean(table.g_measure, table.swap_classes().g_measure,
                          positive_weight(table, weighting), "geometric")
    return float(mean) if mean.ndim == 0 else mean


def averaged_f_measure(table: BinaryTable, weighting: str = "bias") -> Any:
    """Fav = 1/(w/F + (1-w)/F'), the weighted harmonic mean of F1 and F1 of the inverse problem.

    Powers 2003, Fig. 1 "AvF"; 2008, Fig. 2 "Fav".
    With ``weighting="bias"`` (w = pp) this reproduces the 2003 spreadsheet.

    Parameters
    ----------
    table : BinaryTable
        One table or an array of tables.
    weighting : {"bias", "prevalence", "equal"}, default="bias"
        The weight w of the positive problem (:data:`WEIGHTINGS`).

    Returns
    -------
    float or ndarray
        Fav: 0 if either F is 0 and carries weight; nan if either F is undefined
        (TP = FP = FN = 0 in its problem) and carries weight, or the table is empty.

    Raises
    ------
    ValueError
        If ``weighting`` is unknown.

    Examples
    --------
    F1 = 60/90 = 2/3, F1 of the inverse problem = 80/110 = 8/11, bias w = 0.4:
    Fav = 1/(0.4/(2/3) + 0.6/(8/11)) = 1/(0.6 + 0.825) = 0.7018.

    >>> from bookeval_lib import BinaryTable
    >>> round(float(averaged_f_measure(BinaryTable(tp=30, fp=10, fn=20, tn=40))), 4)
    0.7018
    """
    mean = weighted_mean(table.f1, table.swap_classes().f1,
                          positive_weight(table, weighting), "harmonic")
    return float(mean) if mean.ndim == 0 else mean
