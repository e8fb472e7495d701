"""Reading a K-class table: the count check and the margins of a crosstab that :class:`~bookeval_lib.Contingency` refuses.

:func:`_validate_counts` accepts a non-empty 2-D matrix of finite counts >= 0
(rows = predicted labels, columns = real classes, Powers 2003's layout);
:func:`_margins` says whether the last row or column of a pandas crosstab is a
total (``margins=True`` or one added by hand), the rule that
:meth:`bookeval_lib.Contingency.from_crosstab` documents.
"""
from __future__ import annotations

import numpy as np

from . import _checks


def _validate_counts(counts, name="counts"):
    matrix = _checks.counts(counts, name)
    if matrix.ndim != 2 or 0 in matrix.shape:
        raise ValueError(f"{name} must be a non-empty 2-D matrix (rows = predicted, columns = real), "
                         f"got shape {matrix.shape}")
    return matrix


def _is_sum(counts):
    """Whether the last row of ``counts`` is not all zeros and is the sum of the rows above (relative 1e-9)."""
    if counts.shape[0] < 2 or not counts[-1].any():
        return False
    counts = np.ldexp(counts, -np.frexp(counts.max())[1])     # < 1 each, exactly: the sums cannot overflow
    others = counts[:-1].sum(axis=0)
    return bool(np.all(np.abs(counts[-1] - others) <= 1e-9 * others))


def _margins(counts, index, columns):
    """"row", "column" or None: which last line of a crosstab is a margin (see :meth:`Contingency.from_crosstab`)."""
    row, column = _is_sum(counts), _is_sum(counts.T)
    if row and column and index[-1] == columns[-1]:
        return "row"                              # margins=True: a total row and column of one name
    if row and index[-1] not in set(columns):
        return "row"
    if column and columns[-1] not in set(index):
        return "column"
    return None
