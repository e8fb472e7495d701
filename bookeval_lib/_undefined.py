"""What a score function does when its measure is undefined: the ``undefined=`` option and its warning.

A measure is undefined when a denominator is 0 (a class with no cases, a label
never predicted): the table classes return ``nan`` silently and say why in
``undefined``.  The score functions of :mod:`bookeval_lib.metrics`, which
scikit-learn's scorers call once per fold, take an explicit policy instead,
as scikit-learn's ``zero_division=`` does:

* ``undefined="warn"`` (the default): return ``nan`` and issue an
  :class:`UndefinedMeasureWarning` that names the measure and the reason;
* ``undefined=<number>`` (``0.0``, ``nan``, ...): return that number, silently.
"""
from __future__ import annotations

import warnings

import numpy as np

from . import _checks

__all__ = ["UndefinedMeasureWarning", "check_policy", "resolve"]


class UndefinedMeasureWarning(UserWarning):
    """A score is ``nan`` because its measure is undefined on these labels; the message says which and why.

    A subclass of ``UserWarning`` (never a ``RuntimeWarning``): silence it with
    ``warnings.simplefilter("ignore", UndefinedMeasureWarning)``, or choose the
    value with the score function's ``undefined=`` option.
    """


def check_policy(undefined, name="undefined"):
    """``"warn"``, or one real number (nan allowed) as a float; else a ValueError naming ``name``."""
    if isinstance(undefined, str):
        if undefined == "warn":
            return undefined
        raise ValueError(f'{name} must be "warn" or a number (e.g. 0.0 or nan), got {undefined!r}')
    value = _checks.real_values(undefined, name)
    if value.ndim != 0 or np.isinf(value):
        raise ValueError(f'{name} must be "warn" or one finite number or nan, got {_checks._shown(undefined)}')
    return float(value)


def resolve(value, undefined, measure, reason, stacklevel=3):
    """``value`` if it is defined; else, by the policy ``undefined``, nan and a warning, or the chosen number.

    ``stacklevel`` as in ``warnings.warn``: 3 points at the caller of the score function that calls this.
    """
    if value == value:
        return value
    if undefined == "warn":
        warnings.warn(f"{measure} is undefined, returned as nan: {reason}. Pass undefined=<number> to choose "
                      "the value (e.g. undefined=0.0 to score such a fold as uninformed) and silence this warning",
                      UndefinedMeasureWarning, stacklevel=stacklevel)
        return value
    return undefined
