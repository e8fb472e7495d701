"""The one set of input validators of the package, with one wording of the errors.

Every public function validates its input with these and raises ``ValueError``
naming the argument and the problem.  Strings, booleans and complex numbers are
not numbers here, even where numpy would convert them.
"""
from __future__ import annotations

import numpy as np

__all__ = ["real_array", "probabilities"]


def real_array(value, name):
    """``value`` as a float64 array of finite real numbers, or a ValueError naming ``name``."""
    array = np.asarray(value)
    if array.dtype.kind == "O":
        if any(v is None or isinstance(v, (str, bytes, bool, np.bool_, complex)) for v in array.flat):
            raise ValueError(f"{name} must be a real number or an array of them, got {value!r}")
        try:
            array = array.astype(np.float64)
        except (TypeError, ValueError):
            raise ValueError(f"{name} must be a real number or an array of them, got {value!r}") from None
    elif array.dtype.kind not in "iuf":
        raise ValueError(f"{name} must be a real number or an array of them, got {value!r} "
                         f"(dtype {array.dtype})")
    array = array.astype(np.float64)
    if not np.isfinite(array).all():
        raise ValueError(f"{name} must be finite, got {value!r}")
    return array


def probabilities(value, name, *, low=0.0, high=1.0, open_interval=False):
    """``value`` as a float64 array in [low, high] (or (low, high) with ``open_interval``).

    Raises ValueError naming ``name`` for a non-number, a non-finite value or a
    value out of range.
    """
    array = real_array(value, name)
    if open_interval:
        if ((array <= low) | (array >= high)).any():
            raise ValueError(f"{name} must lie strictly between {low:g} and {high:g}, got {value!r}")
    elif ((array < low) | (array > high)).any():
        raise ValueError(f"{name} must lie in [{low:g}, {high:g}], got {value!r}")
    return array
