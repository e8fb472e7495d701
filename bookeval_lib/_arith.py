"""Two small numeric helpers shared by the measures: a nan-safe ratio and scalar unwrapping."""
from __future__ import annotations

import numpy as np

__all__ = ["ratio", "scalar_or_array"]


def ratio(numerator, denominator):
    """``numerator / denominator`` element-wise, ``nan`` where the denominator is 0.

    One divide into a fresh array, then nan written over the (usually no)
    places where the denominator is 0.
    """
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        quotient = np.true_divide(numerator, denominator)
    zero = np.equal(denominator, 0)
    if zero.any():
        if quotient.ndim == 0:
            return np.float64(np.nan)
        quotient[np.broadcast_to(zero, quotient.shape)] = np.nan
    return quotient


def scalar_or_array(value):
    """A 0-d result becomes a Python float (it prints as ``0.7``, not ``np.float64(0.7)``)."""
    value = np.asarray(value)
    return float(value) if value.ndim == 0 else value
