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
* :func:`positive_integer`: a whole number >= a minimum (``races``, ``points``) that fits
  in a 64-bit integer;
* :func:`choice`: one of a set of names (``method``, ``weighting``, ...);
* :func:`instance`: an object of a given class (``table`` a :class:`~bookeval_lib.BinaryTable`);
* :func:`labels`, :func:`label_vectors`, :func:`label_codes`,
  :func:`positive_label`: the one check of class labels (1-D, no None or NaN,
  one kind of label across every vector, whole numbers only: never scores);
* :func:`seed`: a seed for ``numpy.random.default_rng``.
"""
from __future__ import annotations

import numbers

import numpy as np

__all__ = ["real_array", "real_number", "probabilities", "counts", "positive_number", "positive_numbers",
           "positive_integer", "labels", "label_vectors", "label_codes", "positive_label", "generator",
           "real_values", "seed", "sample_weights", "coded_labels", "confidence", "choice", "instance",
           "SCORES_ADVICE"]

#: The largest integer a count, a size or a number of draws may be: numpy's int64 (C's long) holds it.
LARGEST_INTEGER = int(np.iinfo(np.int64).max)

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


def positive_number(value, name, *, allow_zero=False, maximum=None):
    """A finite scale > 0 (>= 0 with ``allow_zero``; <= ``maximum`` if given) as a float, or a ValueError
    naming ``name``."""
    number = real_number(value, name)
    if number < 0 or (number == 0 and not allow_zero):
        raise ValueError(f"{name} must be a finite number {'>=' if allow_zero else '>'} 0, got {_shown(value)}")
    if maximum is not None and number > maximum:
        raise ValueError(f"{name} must be at most {maximum:g}, got {_shown(value)}")
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


def positive_integer(value, name, *, minimum=1, maximum=LARGEST_INTEGER):
    """A whole number in [``minimum``, ``maximum``] as an int; 2.0 is accepted, 2.7, True and "2" are not.

    ``maximum`` defaults to the largest int64, so that numpy (C) can hold the number: ``2**63``
    is refused here, naming the argument, not by an OverflowError deep inside; None lifts it.
    """
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (numbers.Integral, numbers.Real)):
        raise ValueError(f"{name} must be an integer >= {minimum}, got {_shown(value)}")
    if isinstance(value, numbers.Integral):
        number = int(value)
    else:
        real = float(value)
        if not np.isfinite(real) or real != int(real):
            raise ValueError(f"{name} must be an integer >= {minimum}, got {_shown(value)} (not a whole number)")
        number = int(real)
    if number < minimum:
        raise ValueError(f"{name} must be an integer >= {minimum}, got {number}")
    if maximum is not None and number > maximum:
        raise ValueError(f"{name} must be an integer <= {maximum} (it must fit in 64 bits), got {number}")
    return number


def seed(value, name="seed"):
    """A seed for ``numpy.random.default_rng``: a whole number >= 0 as an int, or a ValueError naming ``name``.

    ``None`` is refused (every result of the package is reproducible), and so are
    strings, booleans, 1.5 and -1; 2.0 is accepted as 2.
    """
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (numbers.Integral, numbers.Real)):
        raise ValueError(f"{name} must be a whole number >= 0 (the seed of numpy.random.default_rng), "
                         f"got {_shown(value)}")
    return positive_integer(value, name, minimum=0, maximum=None)    # SeedSequence takes any size


def choice(value, name, choices):
    """``value`` if it is one of ``choices`` (strings, or None), else a ValueError listing them.

    Compared by type as well as value, so an array or a number is refused with the message,
    not with numpy's "truth value of an array is ambiguous".
    """
    if not any(value is option or (isinstance(value, str) and isinstance(option, str) and value == option)
               for option in choices):
        raise ValueError(f"{name} must be one of {', '.join(map(repr, choices))}, got {_shown(value)}")
    return value


def instance(value, name, kind, what=None):
    """``value`` if it is an instance of ``kind``, else a ValueError naming ``name`` and the type it got."""
    if not isinstance(value, kind):
        raise ValueError(f"{name} must be {what or 'a ' + kind.__name__}, got {type(value).__name__}")
    return value


# ---------------------------------------------------------------------- labels
#: What a message about scores passed as labels tells the user to do.
SCORES_ADVICE = ("labels are class names or whole numbers, not scores: threshold the scores first "
                 "(e.g. scores >= 0.5), or pass them as scores to the ROC functions (roc.roc_curve, "
                 "curves.precision_recall_curve)")

#: The kind of label each numpy dtype kind holds; labels of two kinds are never compared.
_DTYPE_KINDS = {"U": "strings", "S": "bytes", "b": "numbers", "i": "numbers", "u": "numbers", "f": "numbers",
                "M": "datetimes", "m": "timedeltas"}


def _kind(value):
    """The kind of one label: "numbers", "strings", "bytes", or the name of its type."""
    if isinstance(value, str):
        return "strings"
    if isinstance(value, bytes):
        return "bytes"
    if isinstance(value, (numbers.Real, np.bool_)):
        return "numbers"
    return type(value).__name__


def _item(value):
    """A numpy scalar as the Python value it holds, for a message (0.3, not np.float64(0.3))."""
    return value.item() if isinstance(value, np.generic) else value


def _is_missing(value):
    return value is None or (isinstance(value, (float, np.floating)) and value != value)


def _check_numbers(array, name, hint):
    """Refuse NaN, infinite and non-integral values in a vector of numeric labels."""
    if array.dtype.kind in "iub":
        return
    if array.dtype.kind == "O":                   # Python numbers: only the floats among them can be fractions
        floats = [(i, v) for i, v in enumerate(array.tolist()) if isinstance(v, (float, np.floating))]
        values = np.array([v for _, v in floats], dtype=np.float64)
        where = np.array([i for i, _ in floats], dtype=np.intp)
    else:
        values, where = array, np.arange(array.size)
    finite = np.isfinite(values)
    if finite.all() and (values == np.floor(values)).all():
        return
    missing = np.isnan(values)
    if missing.any():
        raise ValueError(f"{name} must not contain missing labels: NaN at position "
                         f"{int(where[np.flatnonzero(missing)[0]])}")
    bad = int(where[np.flatnonzero(~finite | (values != np.floor(np.where(finite, values, 0.0))))[0]])
    raise ValueError(f"{name} holds {_item(array[bad])!r} at position {bad}, not a whole number: {SCORES_ADVICE}"
                     + (f"; {hint}" if hint else ""))


def _label_array(value, name, hint=None):
    """``(array, kind)``: ``value`` as a 1-D array of labels of one kind, or a ValueError naming ``name``."""
    if isinstance(value, (str, bytes)):
        raise ValueError(f"{name} must be a 1-D sequence of labels, got the string {_shown(value)}")
    try:
        array = np.asarray(value)
    except (TypeError, ValueError):
        raise ValueError(f"{name} must be a 1-D sequence of labels, got {_shown(value)}") from None
    if array.ndim != 1:
        raise ValueError(f"{name} must be a 1-D sequence of labels, got shape {array.shape}")
    if array.dtype.kind in "US" and not isinstance(value, np.ndarray):
        # numpy turns numbers and bytes among strings into strings: look at what was given
        given = np.empty(len(array), dtype=object)
        given[:] = list(value)
        if any(not isinstance(v, str if array.dtype.kind == "U" else bytes) for v in given):
            array = given
    dtype_kind = array.dtype.kind
    if dtype_kind == "c":
        raise ValueError(f"{name} must hold labels, not complex numbers")
    if dtype_kind in "fiub":
        _check_numbers(array, name, hint)
        return array, "numbers"
    if dtype_kind in "Mm":
        if np.isnat(array).any():
            raise ValueError(f"{name} must not contain missing labels: NaT at position "
                             f"{int(np.flatnonzero(np.isnat(array))[0])}")
        return array, _DTYPE_KINDS[dtype_kind]
    if dtype_kind in "US":
        return array, _DTYPE_KINDS[dtype_kind]
    if dtype_kind != "O":
        raise ValueError(f"{name} must hold labels (numbers or strings), got dtype {array.dtype}")
    items = array.tolist()
    for i, v in enumerate(items):
        if _is_missing(v):
            raise ValueError(f"{name} must not contain missing labels: {v!r} at position {i}")
    kinds = [_kind(v) for v in items]
    distinct = set(kinds)
    if len(distinct) > 1:
        first = kinds[0]
        j = next(i for i, k in enumerate(kinds) if k != first)
        raise ValueError(f"{name} mixes labels of two kinds, {first} and {kinds[j]} ({items[0]!r} at position 0, "
                         f"{items[j]!r} at position {j}): \"1\" is not 1; use one kind of label")
    kind = distinct.pop() if distinct else "numbers"
    if kind == "numbers":
        if any(isinstance(v, (complex, np.complexfloating)) for v in items):
            raise ValueError(f"{name} must hold labels, not complex numbers")
        _check_numbers(array, name, hint)
    elif kind not in ("strings", "bytes"):
        try:
            sorted(set(items))
        except TypeError:
            raise ValueError(f"{name} holds labels of type {kind} that cannot be ordered; use numbers or "
                             "strings") from None
    return array, kind


def labels(value, name, *, hint=None):
    """``value`` as a 1-D numpy array of class labels, or a ValueError naming ``name``.

    Refused: a shape that is not 1-D; ``None``, NaN or NaT among the labels (a
    missing label is not a class); labels of two kinds in one vector (strings,
    bytes and numbers are three kinds: ``"1"`` is not ``1``); and any number
    that is not a whole number, or is infinite: a vector such as
    ``predict_proba(x)[:, 1]`` or ``decision_function(x)`` holds scores, not
    labels (as scikit-learn refuses "continuous" targets in its classification
    metrics).  ``hint`` adds what was probably meant to the message.
    """
    return _label_array(value, name, hint)[0]


def label_vectors(named, *, hint=None):
    """``(arrays, kind)``: several label vectors checked together, for every function that takes two or more.

    ``named`` is a sequence of ``(value, name)``.  Each vector passes
    :func:`labels`; they must have one length and hold one kind of label
    (``["pos", "neg"]`` against ``[1, 0]`` is refused, not a table of four
    labels).  ``kind`` is "numbers", "strings", "bytes", ... (of the non-empty
    vectors; "numbers" when all are empty).
    """
    checked = [(_label_array(value, name, hint), name) for value, name in named]
    (first, first_kind), first_name = checked[0]
    for (array, _), name in checked[1:]:
        if array.size != first.size:
            raise ValueError(f"{first_name} has {first.size} labels but {name} has {array.size}")
    kinds = [(kind, array, name) for (array, kind), name in checked if array.size]
    for kind, array, name in kinds[1:]:
        if kind != kinds[0][0]:
            raise ValueError(f"{kinds[0][2]} holds {kinds[0][0]} but {name} holds {kind} ({_item(kinds[0][1][0])!r} "
                             f"against {_item(array[0])!r}): \"1\" is not 1; use one kind of label")
    return [array for (array, _), _ in checked], (kinds[0][0] if kinds else "numbers")


def positive_label(value, kind, name="pos_label"):
    """A label named by the caller (``pos_label``), checked against ``kind``, the kind of the vectors it is
    compared with (``None``: no labels to compare with)."""
    if _is_missing(value) or isinstance(value, (np.ndarray, list, tuple, set, dict)):
        raise ValueError(f"{name} must be one label, got {_shown(value)}")
    array, given = _label_array([value], name)
    if kind is not None and given != kind:
        raise ValueError(f"{name}={value!r} is one of the {given} but the labels are {kind}: "
                         "\"1\" is not 1; name the positive label as the labels spell it")
    return value


def unique_inverse(values):
    """``np.unique(values, return_inverse=True)`` for a 1-D array, the same result.

    Whole numbers (and booleans) whose range is no wider than their count, or
    than 2^16, are coded through a table of which values occur: O(N), where
    the sort behind ``np.unique`` is O(N log N) (at 3 x 10^6 labels about
    0.3 s against 0.03 s).
    """
    if values.dtype.kind in "biu" and values.size:
        low, high = int(values.min()), int(values.max())
        span = high - low + 1
        if span <= max(values.size, 1 << 16):
            plain = values.view(np.uint8) if values.dtype.kind == "b" else values
            if plain.dtype.kind == "u":      # unsigned: no value is below low, so no wrap-around
                offset = (plain - plain.dtype.type(low)).astype(np.intp)
            else:                             # signed: widen first (int8: 100 - (-100) would wrap)
                offset = (plain.astype(np.int64) - low).astype(np.intp)
            seen = np.zeros(span, dtype=bool)
            seen[offset] = True
            code = np.cumsum(seen, dtype=np.intp) - 1
            present = (np.flatnonzero(seen).astype(plain.dtype) + plain.dtype.type(low)).astype(values.dtype)
            return present, code[offset]
    return np.unique(values, return_inverse=True)


def _pandas_factorized(value, name, hint):
    """``(uniques, codes, kind)`` of a pandas Series, Index or array of strings, objects or categories, else None.

    Through the codes pandas keeps (a categorical) or makes in one hashing pass
    (``pandas.factorize``), where ``numpy.asarray`` would build N Python strings
    and sort them.  Only the few distinct values are checked (:func:`_label_array`).
    None (the caller takes the general path, which gives the exact message) for
    anything else: not pandas, numbers (already fast), missing values, or a check
    the distinct values fail.  pandas is not imported here: the value's type says
    whether it is pandas, and then pandas is loaded already.
    """
    if not type(value).__module__.startswith("pandas") or getattr(value, "ndim", None) != 1:
        return None
    import pandas

    dtype = value.dtype
    if isinstance(dtype, pandas.CategoricalDtype):
        categorical = pandas.Categorical(value)
        codes = np.asarray(categorical.codes, dtype=np.intp)
        if codes.size == 0 or (codes < 0).any():
            return None
        used = np.bincount(codes, minlength=len(categorical.categories)) > 0
        uniques = np.asarray(categorical.categories, dtype=object if categorical.categories.dtype.kind in "OU"
                             or isinstance(categorical.categories.dtype, pandas.StringDtype) else None)[used]
        codes = (np.cumsum(used) - 1)[codes]
    elif dtype.kind == "O" or isinstance(dtype, pandas.StringDtype):
        codes, uniques = pandas.factorize(value, use_na_sentinel=True)
        codes = np.asarray(codes, dtype=np.intp)
        if codes.size == 0 or (codes < 0).any():
            return None
        uniques = np.asarray(uniques, dtype=object)
    else:
        return None
    try:
        uniques, kind = _label_array(uniques, name, hint)
    except ValueError:
        return None
    return uniques, codes, kind


def _codes_through_pandas(named, hint):
    """``(present, inverse, kind, lengths)`` as :func:`label_codes` computes them, when a vector is pandas
    strings or categories (:func:`_pandas_factorized`); None otherwise, or when the general path must
    give a message (lengths or kinds that differ)."""
    factorized = [_pandas_factorized(value, name, hint) for value, name in named]
    if all(part is None for part in factorized):
        return None
    parts = []
    for part, (value, name) in zip(factorized, named):
        if part is None:
            array, kind = _label_array(value, name, hint)
            uniques, codes = unique_inverse(array)
            part = (uniques, codes, kind)
        parts.append(part)
    lengths = [codes.size for _, codes, _ in parts]
    kinds = {kind for _, codes, kind in parts if codes.size}
    if len(set(lengths)) != 1 or len(kinds) != 1:
        return None
    present, where = np.unique(np.concatenate([uniques for uniques, _, _ in parts]), return_inverse=True)
    offsets = np.cumsum([0] + [uniques.size for uniques, _, _ in parts])
    inverse = np.concatenate([where[offsets[i]:offsets[i + 1]][codes] for i, (_, codes, _) in enumerate(parts)])
    return present, inverse, kinds.pop(), lengths


def label_codes(named, *, labels=None, labels_name="labels", hint=None):
    """``(names, codes)``: the label names and, for each vector of ``named``, the index of each case's label.

    Every vector is checked by :func:`label_vectors`.  ``labels`` (checked as
    a label vector, of the same kind, distinct, non-empty) fixes the names and
    their order; a label that occurs but is not listed raises ValueError.
    Default: the sorted union of the vectors (empty if every vector is).
    """
    through_pandas = _codes_through_pandas(named, hint)
    if through_pandas is None:
        arrays, kind = label_vectors(named, hint=hint)
        both = np.concatenate(arrays) if arrays[0].size else np.asarray(arrays[0])
        present, inverse = unique_inverse(both)
        lengths = [array.size for array in arrays]
    else:
        present, inverse, kind, lengths = through_pandas
        both = present[inverse[:1]]                        # the first label, for a message
    if labels is None:
        names, index = present, inverse
    else:
        names, listed_kind = _label_array(labels, labels_name)
        if names.size == 0:
            raise ValueError(f"{labels_name} must be a non-empty 1-D sequence of labels")
        if inverse.size and listed_kind != kind:
            raise ValueError(f"{labels_name} holds {listed_kind} but the labels are {kind} ({_item(names[0])!r} "
                             f"against {_item(both[0])!r}): \"1\" is not 1; use one kind of label")
        order = np.argsort(names, kind="stable")
        ordered = names[order]
        repeated = ordered[1:][ordered[1:] == ordered[:-1]]
        if repeated.size:
            raise ValueError(f"{labels_name} must be distinct, got {_item(repeated[0])!r} twice")
        position = np.clip(np.searchsorted(ordered, present), 0, names.size - 1)
        listed = ordered[position] == present if present.size else np.ones(0, dtype=bool)
        if not listed.all():
            raise ValueError(f"{labels_name} does not list {present[~listed].tolist()!r}, which occur in "
                             + " or ".join(name for _, name in named))
        index = order[position][inverse]
    sizes = np.cumsum([0] + lengths)
    return names.tolist(), [index[sizes[i]:sizes[i + 1]] for i in range(len(lengths))]


def sample_weights(sample_weight, size):
    """``sample_weight`` as a 1-D float array of ``size`` non-negative weights, or None."""
    if sample_weight is None:
        return None
    weight = counts(sample_weight, "sample_weight", ndim=1)
    if weight.size != size:
        raise ValueError(f"sample_weight has {weight.size} values but y_true has {size} labels")
    return weight


def coded_labels(y_true, predictions, labels, names=("y_pred",)):
    """(names, index of y_true, [index of each prediction vector]) over one list of label names.

    The package's one label check (:func:`label_codes`):
    every vector 1-D, of one length and one kind of label, whole numbers
    only.  ``labels`` fixes the names and their order; default: the sorted
    union of every vector.  A value not in ``labels`` raises ValueError.
    """
    label_names, codes = label_codes([(y_true, "y_true"), *zip(predictions, names)], labels=labels)
    if codes[0].size == 0:
        raise ValueError(f"y_true and {' and '.join(names)} are empty")
    return label_names, codes[0], codes[1:]


def confidence(value, name="confidence"):
    """A confidence level strictly between 0 and 1 as a float, or a ValueError naming ``name``."""
    return float(probabilities(real_number(value, name), name, open_interval=True))
