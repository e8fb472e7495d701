"""Every measure of a K-class contingency table in one numpy pass (Powers 2003's general Bookmaker).

:func:`table_parts` takes the square table over the union of names (rows =
predicted labels, columns = real classes) and returns its margins, the
per-label recall, precision, fallout, B(l) = recall(l) - fallout(l) and
M(l) = precision(l) - its dual fallout, and the aggregates: Powers 2003's
B = sum_l Pr_P(l) B(l) and M = sum_c Pr_R(c) M(c), Gorodkin's R_K (2004, the
K-class Matthews correlation), Cohen's kappa (1960), the macro and
prevalence-weighted means of B(l), and scikit-learn's adjusted balanced
accuracy.  Off-diagonal and "all but l" sums are added up from the cells
(:func:`_cell_sums`, :func:`_others`), never taken as differences of margins.
:class:`bookeval_lib.Contingency` computes them once and reads them.
"""
from __future__ import annotations

import numpy as np

#: The aggregate measures, in the order :meth:`Contingency.measures` returns them.
_AGGREGATES = ("accuracy", "informedness", "markedness", "matthews_correlation", "kappa", "informedness_macro",
               "informedness_prevalence_weighted", "adjusted_balanced_accuracy")



def _others(values):
    """For each row of ``values``, ``sum(row) - row[i]`` for every i, as sums of the other entries.

    An exclusive prefix sum plus an exclusive suffix sum, with no subtraction:
    for entries >= 0 the result is 0 exactly when every other entry is 0, and
    it keeps its relative precision when ``row[i]`` holds nearly all of the sum
    (where ``total - row[i]`` would cancel).
    """
    sums = np.zeros((2,) + values.shape)
    np.cumsum(values[:, :-1], axis=1, out=sums[0, :, 1:])
    np.cumsum(values[:, :0:-1], axis=1, out=sums[1, :, -2::-1])
    return np.add(sums[0], sums[1], out=sums[0])


def _cell_sums(square, parts):
    """Write the off-diagonal row sums, off-diagonal column sums and the diagonal of ``square`` to ``parts[:3]``.

    The off-diagonal sums are added up from the cells, with the diagonal set
    to 0 for a moment (``square`` is an array the caller owns, so no other
    array changes and no K x K temporary is made), never as row total - n(l, l).
    """
    parts[2] = np.diagonal(square)
    writeable = square.flags.writeable
    square.flags.writeable = True
    try:
        np.fill_diagonal(square, 0.0)
        square.sum(axis=1, out=parts[0])
        square.sum(axis=0, out=parts[1])
    finally:
        np.fill_diagonal(square, parts[2])
        square.flags.writeable = writeable


def table_parts(square):
    """Every measure of the table ``square`` (over the union of names, read-only), in one numpy pass.

    Returns a dict of the margins (scaled), per-label arrays and the aggregate ``values``.

    Margins and off-diagonal sums are taken on the counts and then scaled by
    the power of two that brings N to [1/2, 1): exact in floating point, so
    every ratio measure is the same for counts and for the counts times any
    factor, and products of margins (all <= 1) neither overflow nor
    underflow.  Off-diagonal sums and "everything but l" sums are added up from the cells, never taken as
    differences of margins (row total - n(l, l), N - n(R=l)), which lose
    digits when a class is rare and the cells are proportions.
    """
    k = square.shape[0]
    # numerators: rows, cols, diagonal, diagonal, fp (off-diagonal row sums), fn (off-diagonal
    # column sums); denominators: N, N, cols, rows, N - cols, N - rows (each summed from the cells)
    top, bottom = np.empty((6, k)), np.empty((6, k))
    sums = top[[4, 5, 2]]
    with np.errstate(over="ignore"):    # an overflow is caught below: the sums are then redone scaled
        _cell_sums(square, sums)
        total = float(np.add.reduce(sums[0]) + np.add.reduce(sums[2]))
    if not np.isfinite(total):          # cells near the largest float: sum them scaled down
        _cell_sums(np.ldexp(square, -int(np.frexp(square.max())[1])), sums)
        total = float(np.add.reduce(sums[0]) + np.add.reduce(sums[2]))
    # scale by the power of two that brings N to [1/2, 1): exact, so the measures do not depend on
    # the scale of the cells, and no product of margins overflows or underflows
    exponent = int(np.frexp(total)[1]) if total > 0 else 0
    np.ldexp(sums, -exponent, out=sums)          # ldexp: 2.0 ** 1074 (subnormal cells) would overflow
    n = float(np.ldexp(total, -exponent))
    top[4], top[5], top[2], top[3] = sums[0], sums[1], sums[2], sums[2]
    np.add(top[4], top[2], out=top[0])
    np.add(top[5], top[2], out=top[1])
    bottom[:2] = n
    bottom[2], bottom[3] = top[1], top[0]
    others = _others(top[:3])      # N - rows, N - cols, trace - diagonal
    bottom[5], bottom[4] = others[0], others[1]
    rows, cols, diagonal, fp, fn = top[0], top[1], top[2], top[4], top[5]
    rest_rows, rest_cols = bottom[5], bottom[4]
    with np.errstate(divide="ignore", invalid="ignore"):
        ratios = top / bottom
    ratios[bottom == 0] = np.nan
    bias, prevalence, recall, precision, fallout, dual = ratios
    informedness = recall - fallout
    markedness = precision - dual
    # N trace - sum_l n(P=l) n(R=l) = sum_l (TP_l TN_l - FP_l FN_l), the one-vs-rest determinants.
    # TN_l = (trace - n(l,l)) + (off-diagonal cells outside row and column l): the first is a sum
    # of the other diagonal cells; the second is empty for K = 2 (so TN_l is exact there) and
    # otherwise the off-diagonal total less FP_l and FN_l.
    true_negatives = others[2]
    if k > 2:
        true_negatives += np.maximum(np.add.reduce(fp) - fp - fn, 0.0)
    covariance = float(diagonal @ true_negatives) - float(fp @ fn)
    spread = float(np.sqrt(rows @ rest_rows)) * float(np.sqrt(cols @ rest_cols))
    chance = float(rows @ rest_cols)          # N^2 (1 - E) = sum_l n(P=l) (N - n(R=l))
    occurring = recall[cols > 0]
    m = occurring.size
    nan = float("nan")
    # a name with no real and no predicted case (listed in labels=..., absent here) contributes nothing
    used = (rows > 0) | (cols > 0)
    weighted = (lambda w, v: float(w[used] @ v[used])) if n > 0 else (lambda w, v: nan)
    values = {
        "accuracy": float(np.add.reduce(diagonal)) / n if n > 0 else nan,
        "informedness": weighted(bias, informedness),
        "markedness": weighted(prevalence, markedness),
        "matthews_correlation": covariance / spread if spread > 0 else nan,
        "kappa": covariance / chance if chance > 0 else nan,
        "informedness_macro": float(np.add.reduce(informedness[used])) / used.sum() if n > 0 else nan,
        "informedness_prevalence_weighted": weighted(prevalence, informedness),
        "adjusted_balanced_accuracy": ((float(occurring.sum()) / m - 1.0 / m) / (1.0 - 1.0 / m)
                                       if m > 1 else nan),
    }
    for array in (ratios, informedness, markedness):
        array.flags.writeable = False
    return {"n": n, "rows": rows, "cols": cols, "rest_rows": rest_rows, "rest_cols": rest_cols, "used": used,
            "bias": bias, "prevalence": prevalence, "recall": recall, "precision": precision,
            "fallout": fallout, "informedness": informedness, "markedness": markedness,
            "values": values}
