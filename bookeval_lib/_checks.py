"""The one set of input validators of the package, with one wording of the errors.

Every public function validates its input with these and raises ``ValueError``
naming the argument and the problem, worded "``name`` must be ..., got ...".
Strings, booleans, ``None`` and complex numbers are not numbers here, even
where numpy would convert them (``np.asarray("0.3", float)`` is 0.3, and
``np.asarray(1+2j).astype(float)`` drops the imaginary part with a warning).

* :func:`real_array`, :func:`real_number`: finite real numbers;
* :func:`probabilities`: numbers in [low, high] (or the open interval);
* :func:`counts`: non-negative finite cells (counts or proportions);
* :func:`positive_number`: a finite scale > 0 (or >= 0);
* :func:`positive_integer`: a whole number >= a minimum (``races``, ``points``);
* :func:`labels`: a 1-D sequence of class labels (no None or NaN, one kind of
  label, not a vector of scores).
"""
from __future__ import annotations

import numbers

import numpy as np

__all__ = ["real_array", "real_number", "probabilities", "counts", "positive_number", "positive_numbers",
           "positive_integer", "labels", "generator", "real_values"]

_NOT_NUMBERS = (str, bytes, bool, np.bool_, complex, np.complexfloating)


def _shown(value, limit=80):
    """A short repr of ``value`` for an error message."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 5] + " ...)"


def _numeric(value, name, what):
    """``value`` as a float64 array, rejecting strings, booleans, None and complex numbers."""
    if isinstance(value, _NOT_NUMBERS) or value is None:
        raise ValueError(f"{name} must be {what}, got {_shown(value)}")
    try:
        array = np.asarray(value)
    except (TypeError, ValueError):            # ragged nesting
        raise ValueError(f"{name} must be {what}, got {_shown(value)}") from None
    if array.dtype.kind == "O":
        if any(v is None or isinstance(v, _NOT_NUMBERS) for v in array.flat):
            raise ValueError(f"{name} must be {what}, got {_shown(value)}")
        try:
            array = array.astype(np.float64)
        except (TypeError, ValueError):
            raise ValueError(f"{name} must be {what}, got {_shown(value)}") from None
    elif array.dtype.kind not in "iuf":
        raise ValueError(f"{name} must be {what}, got {_shown(value)} (dtype {array.dtype})")
    return array.astype(np.float64, copy=False)


def real_values(value, name):
    """``value`` as a float64 array of real numbers, NaN allowed (an undefined measure), or a ValueError.

    Strings, booleans, None and complex numbers are refused as everywhere else.
    """
    return _numeric(value, name, "a real number or an array of them")


def real_array(value, name):
    """``value`` as a float64 array of finite real numbers, or a ValueError naming ``name``."""
    array = _numeric(value, name, "a real number or an array of them")
    if not np.isfinite(array).all():
        problem = "NaN" if np.isnan(array).any() else "infinite"
        raise ValueError(f"{name} must be finite, got {_shown(value)} ({problem})")
    return array


def real_number(value, name, *, allow_infinite=False):
    """``value`` as one finite float (a 0-d array or a number), or a ValueError naming ``name``.

    ``allow_infinite`` lets +-inf through (never NaN).
    """
    array = _numeric(value, name, "a real number")
    if array.ndim != 0:
        raise ValueError(f"{name} must be a single real number, got an array of shape {array.shape}")
    if np.isnan(array) or not (allow_infinite or np.isfinite(array)):
        raise ValueError(f"{name} must be finite, got {_shown(value)}")
    return float(array)


def probabilities(value, name, *, low=0.0, high=1.0, open_interval=False):
    """``value`` as a float64 array in [low, high] (or (low, high) with ``open_interval``).

    Raises ValueError naming ``name`` for a non-number, a non-finite value or a
    value out of range.
    """
    array = real_array(value, name)
    if open_interval:
        if ((array <= low) | (array >= high)).any():
            raise ValueError(f"{name} must lie strictly between {low:g} and {high:g}, got {_shown(value)}")
    elif ((array < low) | (array > high)).any():
        raise ValueError(f"{name} must lie in [{low:g}, {high:g}], got {_shown(value)}")
    return array


def counts(value, name, *, ndim=None):
    """Cells of a table: a float64 array of finite numbers >= 0 (counts or proportions).

    ``ndim`` fixes the number of dimensions.  The message names the first bad cell.
    """
    array = _numeric(value, name, "counts or proportions (non-negative numbers)")
    if ndim is not None and array.ndim != ndim:
        raise ValueError(f"{name} must be a {ndim}-D array, got shape {array.shape}")
    if array.size == 0:
        return array
    with np.errstate(over="ignore", invalid="ignore"):   # fast path: a finite sum and a minimum >= 0
        if np.isfinite(array.sum()) and array.min() >= 0:
            return array
    bad = ~np.isfinite(array) | (array < 0)
    if bad.any():
        where = tuple(int(i) for i in np.argwhere(bad)[0])
        cell = array[where]
        problem = "NaN" if np.isnan(cell) else "infinite" if np.isinf(cell) else f"negative ({cell:g})"
        at = f" at {where if len(where) > 1 else where[0]}" if where else ""
        raise ValueError(f"{name} must be counts or proportions (finite, non-negative); the cell{at} is {problem}")
    return array


def positive_number(value, name, *, allow_zero=False):
    """A finite scale > 0 (>= 0 with ``allow_zero``) as a float, or a ValueError naming ``name``."""
    number = real_number(value, name)
    if number < 0 or (number == 0 and not allow_zero):
        raise ValueError(f"{name} must be a finite number {'>=' if allow_zero else '>'} 0, got {_shown(value)}")
    return number


def positive_numbers(value, name):
    """A float64 array of finite numbers > 0, or a ValueError naming ``name``."""
    array = real_array(value, name)
    if (array <= 0).any():
        raise ValueError(f"{name} must be > 0, got {_shown(value)}")
    return array


def generator(value, name="rng"):
    """``value`` if it is a ``numpy.random.Generator``, else a ValueError that says how to make one."""
    if not isinstance(value, np.random.Generator):
        raise ValueError(f"{name} must be a numpy.random.Generator, e.g. numpy.random.default_rng(seed), "
                         f"got {_shown(value)}")
    return value


def positive_integer(value, name, *, minimum=1):
    """A whole number >= ``minimum`` as an int; 2.0 is accepted, 2.7, True and "2" are not."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (numbers.Integral, numbers.Real)):
        raise ValueError(f"{name} must be an integer >= {minimum}, got {_shown(value)}")
    if isinstance(value, numbers.Integral):
        number = int(value)
    else:
        if not np.isfinite(value) or float(value) != int(value):
            raise ValueError(f"{name} must be an integer >= {minimum}, got {_shown(value)} (not a whole number)")
        number = int(value)
    if number < minimum:
        raise ValueError(f"{name} must be an integer >= {minimum}, got {number}")
    return number


def _is_missing(value):
    return value is None or (isinstance(value, (float, np.floating)) and value != value)


def labels(value, name, *, scores_hint=None):
    """``value`` as a 1-D numpy array of class labels, or a ValueError naming ``name``.

    Refused: a shape that is not 1-D; ``None`` or NaN among the labels (a
    missing label is not a class); strings mixed with numbers (``"1"`` is not
    ``1``); and, when ``scores_hint`` is given, a vector that looks like scores
    rather than labels: floats, not all whole numbers, in [0, 1], more than
    two distinct values.  ``scores_hint`` completes the message with what was
    probably meant.
    """
    if isinstance(value, (str, bytes)):
        raise ValueError(f"{name} must be a 1-D sequence of labels, got the string {_shown(value)}")
    try:
        array = np.asarray(value)
    except (TypeError, ValueError):
        raise ValueError(f"{name} must be a 1-D sequence of labels, got {_shown(value)}") from None
    if array.ndim != 1:
        raise ValueError(f"{name} must be a 1-D sequence of labels, got shape {array.shape}")
    if array.dtype.kind in "US" and not isinstance(value, np.ndarray):
        # numpy turned every element into a string: look at what was given
        array = np.asarray(list(value), dtype=object)
        if all(isinstance(v, (str, bytes)) for v in array.tolist()):
            array = np.asarray(value)
    kind = array.dtype.kind
    if kind == "c":
        raise ValueError(f"{name} must hold labels, not complex numbers")
    if kind == "f":
        missing = np.isnan(array)
        if missing.any():
            raise ValueError(f"{name} must not contain missing labels: NaN at position "
                             f"{int(np.flatnonzero(missing)[0])}")
    if kind == "O":
        for i, v in enumerate(array.tolist()):
            if _is_missing(v):
                raise ValueError(f"{name} must not contain missing labels: {v!r} at position {i}")
        strings = [isinstance(v, (str, bytes)) for v in array.tolist()]
        if any(strings) and not all(strings):
            i, j = strings.index(True), strings.index(False)
            raise ValueError(f"{name} mixes strings and other labels ({array[i]!r} at position {i}, "
                             f"{array[j]!r} at position {j}); use one kind of label")
        try:
            sorted(set(array.tolist()))
        except TypeError:
            raise ValueError(f"{name} mixes labels of kinds that cannot be ordered "
                             f"({', '.join(sorted({type(v).__name__ for v in array.tolist()}))}); "
                             "use one kind of label") from None
    if scores_hint is not None and kind == "f" and array.size:
        distinct = np.unique(array)
        if distinct.size > 2 and (distinct != np.round(distinct)).any() \
                and distinct[0] >= 0 and distinct[-1] <= 1:
            raise ValueError(f"{name} looks like scores, not labels ({distinct.size} distinct values in "
                             f"[0, 1], not whole numbers): {scores_hint}")
    return array
