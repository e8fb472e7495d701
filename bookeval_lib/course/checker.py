"""The learner's checker: ``check("08.2", answer)``, ``hint("08.2", 2)``, ``solution("08.2")``.

Every exercise of a notebook is an :class:`Exercise` in its bank,
``bookeval_lib/course/exercise_bank/nbNN.py`` (``EXERCISES``); its right answer
is a function that computes it with the library, never a typed number.
:func:`check` compares the learner's answer with it, then with the bank's
known mistakes (each with its own message), then with the mistakes every
exercise of its kind invites (a percentage for a proportion, a table in
scikit-learn's orientation, two values swapped), and prints one line.
:func:`solution` reads the worked solution from the notebook itself (the cells
tagged ``solution`` under the exercise), so the notebooks stay its one source.
Kaggle's ``learntools`` (``q.check()``, ``q.hint()``, ``q.solution()``) is the model.

Answers compared: a number (``abs(answer - right) <= tolerance``); a tuple,
list or array of numbers (same shape, elementwise); a
:class:`~bookeval_lib.BinaryTable` or :class:`~bookeval_lib.Contingency` (by
cells, in Powers' orientation: rows = predictions; a BinaryTable may also be
answered as ``[[tp, fp], [fn, tn]]`` or ``(tp, fp, fn, tn)``); a string, a set
of strings or a tuple of strings in order (exactly, after strip and lower
case); a bool; a dict of those.  An exercise whose answer is something the learner builds (two points,
two tables) has a ``judge`` instead, which checks what was built.

Every answer is judged to the exercise's stated precision (:func:`precision_note`, written into each starter),
and an answer right only to fewer decimals is told to round.  In IPython, :func:`check` also knows whether the
cell that set ``answer_K`` stopped with an error the last time it ran (:func:`watch_answer_cells`): then the
value it holds is an older one, and it says so instead of judging it.
"""
from __future__ import annotations

import ast
import importlib
import itertools
import json
import math
import pkgutil
import re
import sys
import textwrap
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from ..contingency import Contingency
from ..measures import BinaryTable
from . import solutions

__all__ = [
    "DIAGONAL_SWAP_MESSAGE",
    "PERCENTAGE_MESSAGE",
    "SKLEARN_ORIENTATION_MESSAGE",
    "TRANSPOSED_MESSAGE",
    "PROPORTIONS_FOR_COUNTS_MESSAGE",
    "COUNTS_FOR_PROPORTIONS_MESSAGE",
    "CheckResult",
    "Exercise",
    "Mistake",
    "check",
    "exercises",
    "hint",
    "precision_note",
    "shown_answer",
    "solution",
    "solution_markdown",
    "starter",
    "watch_answer_cells",
]

#: A float answer entered as a percentage (answer = 100 x right).
PERCENTAGE_MESSAGE = ("that looks like a percentage: give the proportion, a number between 0 and 1 "
                      "(0.25, not 25)")
#: A Powers table asked, scikit-learn's confusion matrix given.
SKLEARN_ORIENTATION_MESSAGE = ("that is scikit-learn's orientation (rows = real classes, [[tn, fp], "
                               "[fn, tp]] for two); Powers' table puts the predictions in rows: "
                               "[[tp, fp], [fn, tn]]")
#: A plain 2x2 matrix whose TP and TN are exchanged: the other of the two orientations.
DIAGONAL_SWAP_MESSAGE = ("TP and TN look swapped: scikit-learn's confusion_matrix reads [[tn, fp], [fn, tp]] "
                         "(rows = real), Powers' table [[tp, fp], [fn, tn]] (rows = predicted); give "
                         "the orientation the exercise asks for")
#: A table or matrix given transposed.
TRANSPOSED_MESSAGE = ("rows and columns look swapped: Powers' table has the predictions in rows and "
                      "the real classes in columns")

#: A table of counts asked, the table as proportions (each cell over N) given.
PROPORTIONS_FOR_COUNTS_MESSAGE = ("those are proportions (each cell divided by N); the exercise asks for the "
                                  "counts, whole numbers of cases")
#: A table of proportions asked, counts given.
COUNTS_FOR_PROPORTIONS_MESSAGE = ("those are counts; the exercise asks for proportions: divide each cell by N, "
                                  "so that the four add up to 1")

# Rounding slack added to every tolerance: a library value and the learner's own
# computation of it differ by a few ulps (relative 1e-15 per operation); 1e-9
# relative is far above that and far below any tolerance an exercise asks for,
# and it never lets an exact integer answer (tolerance 0, |value| < 1e9) pass
# for a neighbouring integer.
_RELATIVE_SLACK = 1e-9
_NOTEBOOK = re.compile(r"\A(?:\d{2}b?|A\d+)\Z")   # "08", "08b" (a lecture's second half), "A1"
_EXERCISE_MARK = re.compile(r"^\*\*(\d+)\.(?:\*\*|\s)", re.MULTILINE)      # **3.** and **3. A title.**
_SECTION = re.compile(r"^## (.*)$", re.MULTILINE)


@dataclass(frozen=True)
class Mistake:
    """A common wrong answer: ``answer()`` computes it with the library; ``message`` speaks to the learner."""

    answer: Callable[[], object]
    message: str


@dataclass(frozen=True)
class Exercise:
    """One exercise of a notebook: what it asks, its right answer (computed), tolerance, hints, mistakes.

    ``id`` is ``"NN.K"``: notebook NN, exercise **K.** of its "Exercises".
    ``tolerance`` is absolute (derive it in a comment: 3 decimals asked ->
    5e-4; exact integers -> 0).  ``hints`` are graduated: a nudge, the
    method, nearly the answer.  ``starter`` is the exercise notebook's answer cell (without its precision:
    :func:`starter` adds it).  ``judge``, for an exercise whose answer is something the learner builds
    (two points, two tables) rather than one value, takes the answer and returns None when it does what the
    exercise asks, else the reason it does not, for the learner; then ``answer`` is one right answer, shown by
    :func:`solution`.
    """

    id: str
    asks: str
    answer: Callable[[], object]
    tolerance: float
    hints: tuple[str, ...]
    mistakes: tuple[Mistake, ...] = ()
    starter: str = ""
    judge: Callable[[Any], str | None] | None = None

    def __post_init__(self):
        if not isinstance(self.id, str) or not re.fullmatch(r"(?:\d{2}b?|A\d+)\.\d+", self.id):
            raise ValueError(f"id must look like '08.2', got {self.id!r}")
        if not (isinstance(self.tolerance, (int, float)) and self.tolerance >= 0):
            raise ValueError(f"tolerance of {self.id} must be a number >= 0, got {self.tolerance!r}")
        if not self.hints or not all(isinstance(h, str) and h.strip() for h in self.hints):
            raise ValueError(f"hints of {self.id} must be a non-empty tuple of non-empty strings")


@dataclass(frozen=True)
class CheckResult:
    """What :func:`check` found: ``kind`` is "right", "mistake", "rounding", "wrong", "unanswered" or
    "failed" (the cell that sets the answer stopped with an error when it last ran).

    ``bool(result)`` is True exactly when the answer is right; ``message`` is the line printed.
    """

    exercise_id: str
    kind: str
    message: str

    def __bool__(self):
        return self.kind == "right"

    def _ipython_display_(self):
        """Show nothing in a notebook: :func:`check` has printed the line already."""


# ---------------------------------------------------------------------------- the registry
def _notebook_of(exercise_id):
    if not isinstance(exercise_id, str) or "." not in exercise_id:
        raise ValueError(f"exercise_id must be a string like '08.2', got {exercise_id!r}")
    return exercise_id.split(".", 1)[0]


def _known_notebooks():
    from . import exercise_bank
    return sorted(m.name[2:] for m in pkgutil.iter_modules(exercise_bank.__path__) if m.name.startswith("nb"))


def exercises(notebook: str) -> tuple[Exercise, ...]:
    """The bank of one notebook (``"08"``, ``"A1"``): its ``EXERCISES``, in order.

    Raises ValueError for a notebook that has no bank, listing those that have one.
    """
    if not isinstance(notebook, str) or not _NOTEBOOK.match(notebook):
        raise ValueError(f"notebook must be a name like '08', '08b' or 'A1', got {notebook!r}")
    try:
        module = importlib.import_module(f"{__package__}.exercise_bank.nb{notebook}")
    except ModuleNotFoundError as error:
        if not error.name or not error.name.endswith(f"exercise_bank.nb{notebook}"):
            raise
        raise ValueError(f"notebook {notebook!r} has no exercises; these have: "
                         f"{', '.join(_known_notebooks())}") from None
    bank = tuple(module.EXERCISES)
    ids = [exercise.id for exercise in bank]
    if len(set(ids)) != len(ids) or any(_notebook_of(i) != notebook for i in ids):
        raise ValueError(f"the bank of notebook {notebook} has duplicate or foreign ids: {ids}")
    return bank


def _exercise(exercise_id):
    notebook = _notebook_of(exercise_id)
    try:
        bank = exercises(notebook)
    except ValueError as error:
        raise ValueError(f"exercise_id must name an exercise of a notebook with exercises, got {exercise_id!r}: "
                         f"{error}") from None
    for exercise in bank:
        if exercise.id == exercise_id:
            return exercise
    raise ValueError(f"exercise_id must be one of notebook {notebook}'s {', '.join(e.id for e in bank)}, "
                     f"got {exercise_id!r}")


# ---------------------------------------------------------------------------- comparing
class _Mismatch(Exception):
    """Why an answer is not the expected one (a generic reason, shown to the learner)."""


def _kind(value):
    """'table', 'text', 'texts', 'text sequence', 'bool', 'dict' or 'numbers': how a value is compared."""
    if isinstance(value, (BinaryTable, Contingency)):
        return "table"
    if isinstance(value, str):
        return "text"
    if isinstance(value, (set, frozenset)):
        return "texts"
    if isinstance(value, (bool, np.bool_)):
        return "bool"
    if isinstance(value, dict):
        return "dict"
    if isinstance(value, (tuple, list)) and value and all(isinstance(v, str) for v in value):
        return "text sequence"
    return "numbers"


def _table_cells(value, asks):
    """The cells of a table in Powers' orientation (rows = predictions), as floats."""
    if isinstance(value, BinaryTable):
        return value.to_matrix("powers")
    if isinstance(value, Contingency):
        return np.asarray(value.counts, dtype=float)
    return _numbers(value, asks)


def _numbers(value, asks):
    if isinstance(value, (str, bool, np.bool_, dict, set, frozenset, BinaryTable, Contingency)):
        raise _Mismatch(f"a {type(value).__name__} was given; the exercise asks for {asks}")
    if isinstance(value, (tuple, list)) and any(v is ... for v in value):
        raise _Mismatch(f"some values are still ...: fill in all of {asks}")
    try:
        array = np.asarray(value, dtype=float)
    except (TypeError, ValueError):
        raise _Mismatch(f"a {type(value).__name__} that cannot be read as numbers was given; the exercise "
                        f"asks for {asks}") from None
    except OverflowError:
        raise _Mismatch(f"a number too large for a float was given; the exercise asks for {asks}") from None
    return array


def _shape_reason(right, answer, asks):
    if right.ndim == 0:
        return f"one number is asked: {asks}; you gave {answer.size} values"
    if right.ndim == 1 and answer.ndim <= 1:
        return f"{right.size} values are asked: {asks}; you gave {answer.size}"
    return f"an array of shape {right.shape} is asked: {asks}; you gave shape {answer.shape}"


def _within(expected, given, tolerance):
    """Elementwise: ``given`` equals ``expected`` within ``tolerance`` (plus the rounding slack), nan matching nan."""
    slack = tolerance + _RELATIVE_SLACK * np.maximum(1.0, np.abs(np.nan_to_num(expected)))
    with np.errstate(invalid="ignore", over="ignore"):
        both_nan = np.isnan(expected) & np.isnan(given)
        return both_nan | (given == expected) | (np.abs(given - expected) <= slack)


def _close(expected, given, tolerance):
    return bool(np.all(_within(expected, given, tolerance)))


def _item_names(asks, size):
    """The names of the items of a tuple answer, read from ``asks`` when it starts with them in
    parentheses, "(tp, fp, fn, tn, prevalence, bias), ..." (nested parentheses kept); None when their
    number is not ``size``."""
    text = asks.strip()
    if not text.startswith("("):
        return None
    depth, items, current = 0, [], ""
    for char in text:
        if char == "(":
            depth += 1
            if depth == 1:
                continue
        elif char == ")":
            depth -= 1
            if depth == 0:
                items.append(current.strip())
                break
        if char == "," and depth == 1:
            items.append(current.strip())
            current = ""
        else:
            current += char
    return items if len(items) == size and all(items) else None


def _value_label(index, size, asks):
    """One value of a tuple answer named for the learner: "value 5 (prevalence)", or "value 5 of 6"."""
    names = _item_names(asks, size)
    return f"value {index + 1} ({names[index]})" if names else f"value {index + 1} of {size}"


def _labels(indices, size, asks):
    labels = [_value_label(i, size, asks) for i in indices]
    return labels[0] if len(labels) == 1 else ", ".join(labels[:-1]) + " and " + labels[-1]


def _off_values(expected, right, answer, tolerance, asks=""):
    """Which values of a wrong answer are off: cell names of a BinaryTable, "value 5 (prevalence)" of a
    tuple (named from ``asks`` where it lists them), (row, column) of a matrix, counted from 1."""
    off = ~_within(right, answer, tolerance)
    if isinstance(expected, BinaryTable):
        names = np.array([["tp", "fp"], ["fn", "tn"]])
        return ", ".join(names[off])
    if right.ndim == 1:
        return _labels(np.flatnonzero(off), right.size, asks)
    if right.ndim == 2:
        return "; ".join(f"row {int(r) + 1}, column {int(c) + 1}" for r, c in np.argwhere(off))
    return ", ".join(str(tuple(int(i) + 1 for i in index)) for index in np.argwhere(off))


def _norm(text):
    return text.strip().lower()


def _compare(expected, given, tolerance, asks):
    """Return None when ``given`` matches ``expected``; raise _Mismatch with the reason when not."""
    kind = _kind(expected)
    if kind == "text":
        if not isinstance(given, str):
            raise _Mismatch(f"a string is asked ({asks}), not a {type(given).__name__}")
        if _norm(given) != _norm(expected):
            raise _Mismatch("that is not the answer")
        return
    if kind == "texts":
        if isinstance(given, str) or not isinstance(given, (set, frozenset, list, tuple)) \
                or not all(isinstance(g, str) for g in given):
            raise _Mismatch(f"a set of names is asked ({asks}), like {{'recall', 'precision'}}")
        wanted, named = {_norm(e) for e in expected}, {_norm(g) for g in given}
        if wanted != named:
            raise _Mismatch(f"{len(named - wanted)} of your names do not belong and "
                            f"{len(wanted - named)} are missing")
        return
    if kind == "text sequence":
        if isinstance(given, str) or not isinstance(given, (list, tuple)) \
                or not all(isinstance(g, str) for g in given):
            raise _Mismatch(f"a sequence of names is asked ({asks})")
        if len(given) != len(expected):
            raise _Mismatch(f"{len(expected)} names are asked ({asks}); you gave {len(given)}")
        if [_norm(g) for g in given] != [_norm(e) for e in expected]:
            raise _Mismatch("not all of the names are right")
        return
    if kind == "bool":
        if not isinstance(given, (bool, np.bool_)):
            raise _Mismatch(f"True or False is asked, not a {type(given).__name__}")
        if bool(given) != bool(expected):
            raise _Mismatch("that is not the answer")
        return
    if kind == "dict":
        if not isinstance(given, dict):
            raise _Mismatch(f"a dict is asked ({asks}), not a {type(given).__name__}")
        if set(given) != set(expected):
            raise _Mismatch(f"the keys of the dict are not the ones asked ({asks})")
        for key, value in expected.items():
            _compare(value, given[key], tolerance, asks)
        return
    right = _table_cells(expected, asks)
    answer = _table_cells(given, asks) if kind == "table" else _numbers(given, asks)
    if kind == "table" and isinstance(expected, BinaryTable) and answer.shape == (4,):
        answer = answer.reshape(2, 2)           # (tp, fp, fn, tn): Powers' matrix read row by row
    if answer.shape != right.shape:
        raise _Mismatch(_shape_reason(right, answer, asks))
    if np.isnan(answer).any() and not np.isnan(right).any():
        raise _Mismatch("nan is not the answer: the value is defined here")
    if not _close(right, answer, tolerance):
        within = "right" if tolerance == 0 else f"within ±{tolerance:g} of the answer"
        if right.ndim == 0:
            raise _Mismatch(f"{float(answer):.6g} is not {within}")
        off = _off_values(expected, right, answer, tolerance, asks)
        raise _Mismatch(f"not every value is {within}: look again at {off}")


def _matches(expected, given, tolerance, asks):
    try:
        _compare(expected, given, tolerance, asks)
    except _Mismatch:
        return False
    return True


def _generic_mistake(expected, given, tolerance, asks):
    """The message of a mistake every exercise of this kind invites, or None."""
    kind = _kind(expected)
    if kind not in ("numbers", "table"):
        return None
    right = _table_cells(expected, asks)
    try:
        answer = _table_cells(given, asks) if kind == "table" else _numbers(given, asks)
    except _Mismatch:
        return None
    if isinstance(expected, BinaryTable) and answer.shape == (4,):
        answer = answer.reshape(2, 2)
    if answer.shape != right.shape:
        return None
    finite = right[np.isfinite(right)]
    if (kind == "numbers" and np.asarray(expected).dtype.kind == "f" and np.all(np.abs(finite) <= 1)
            and not _close(right, answer, tolerance) and _close(100 * right, answer, 100 * tolerance)):
        return PERCENTAGE_MESSAGE
    message = _proportions_or_counts(kind, right, answer)
    if message is not None:
        return message
    if kind == "numbers" and right.ndim == 1 and right.size > 1:
        message = _percentage_inside(right, answer, tolerance, asks)
        if message is not None:
            return message
    if right.ndim == 2 and right.shape[0] == right.shape[1]:
        if isinstance(expected, BinaryTable) and _close(right[::-1, ::-1].T, answer, tolerance):
            return SKLEARN_ORIENTATION_MESSAGE          # [[tn, fp], [fn, tp]]
        if isinstance(expected, Contingency) and _close(right.T, answer, tolerance):
            return SKLEARN_ORIENTATION_MESSAGE
        if right.shape == (2, 2) and _close(right[::-1, ::-1].T, answer, tolerance):
            return DIAGONAL_SWAP_MESSAGE
        if _close(right.T, answer, tolerance):
            return TRANSPOSED_MESSAGE
    if right.ndim == 1 and 2 <= right.size <= 12:
        for i, j in itertools.combinations(range(right.size), 2):
            swapped = answer.copy()
            swapped[[i, j]] = swapped[[j, i]]
            if _close(right, swapped, tolerance) and not _close(right, answer, tolerance):
                if right.size == 2:
                    return f"the two values look swapped: give them in the order asked, {asks}"
                return f"{_labels((i, j), right.size, asks)} look swapped: give them in the order asked, {asks}"
    return None


def _proportions_or_counts(kind, right, answer):
    """The message for a table of counts given as proportions, or of proportions given as counts; or None."""
    if kind != "table" and right.ndim != 2:
        return None
    total, given = float(np.sum(right)), float(np.sum(answer))
    if not (np.all(np.isfinite(right)) and np.all(np.isfinite(answer)) and total > 0 and given > 0):
        return None
    counts = np.allclose(right, np.round(right)) and total > 1.5
    # each proportion typed to 3 decimals is within 5e-4 of the cell over N
    if counts and abs(given - 1) < 0.01 and np.all(np.abs(answer - right / total) <= 5e-4 + 1e-12):
        return PROPORTIONS_FOR_COUNTS_MESSAGE
    if abs(total - 1) < 1e-9 and given > 1.5 and np.allclose(answer, np.round(answer)) \
            and np.all(np.abs(answer / given - right) <= 5e-4 + 1e-12):
        return COUNTS_FOR_PROPORTIONS_MESSAGE
    return None


def _percentage_inside(right, answer, tolerance, asks):
    """The message for a tuple whose wrong values are all percentages of proportions (the others right),
    naming them; None otherwise (a whole answer in percentages has :data:`PERCENTAGE_MESSAGE`)."""
    off = ~_within(right, answer, tolerance)
    if not off.any() or off.all():
        return None
    proportions = np.abs(right[off]) <= 1
    if not (proportions.all() and _close(100 * right[off], answer[off], 100 * tolerance)):
        return None
    which = _labels(np.flatnonzero(off), right.size, asks)
    return (f"{which} {'looks like a percentage' if off.sum() == 1 else 'look like percentages'}: give a "
            "proportion, a number between 0 and 1 (0.25, not 25)")


def _decimals(tolerance):
    """3 for a tolerance of 5e-4 (half a unit of the third decimal), ...; None for any other tolerance."""
    if not tolerance or tolerance >= 0.5:
        return None
    decimals = round(-math.log10(2 * tolerance))
    return decimals if math.isclose(tolerance, 0.5 * 10.0 ** -decimals, rel_tol=1e-9) else None


def _rounding_only(right, answer, tolerance):
    """The number of decimals k the wrong values of ``answer`` are given to, when each is ``right``'s value
    to k decimals (rounded or cut) with k below the decimals asked; else None."""
    asked = _decimals(tolerance)
    if asked is None or right.shape != answer.shape or not (np.all(np.isfinite(answer))
                                                             and np.all(np.isfinite(right))):
        return None
    off = ~_within(right, answer, tolerance)
    given = 0
    for value, wanted in zip(np.atleast_1d(answer[off]), np.atleast_1d(right[off])):
        places = next((k for k in range(1, asked) if abs(value * 10 ** k - round(value * 10 ** k)) < 1e-6), None)
        if places is None or abs(value - wanted) >= 10.0 ** -places:
            return None
        given = max(given, places)
    return given if off.any() else None


def _rounding_message(expected, answer, tolerance, asks):
    """\"round to 3 decimals\" when the only fault of ``answer`` is that it has too few decimals; else None."""
    if _kind(expected) != "numbers":
        return None
    try:
        right, given = _numbers(expected, asks), _numbers(answer, asks)
    except _Mismatch:
        return None
    places = _rounding_only(right, given, tolerance)
    if places is None:
        return None
    asked = _decimals(tolerance)
    return (f"round to {asked} decimals: your answer is right to {places} decimal{'s' if places != 1 else ''}, "
            f"and {asked} are asked (±{tolerance:.{asked + 1}f})")


# ---------------------------------------------------------------------------- the learner's functions
def _unanswered(answer: Any) -> bool:
    """``...``, ``None``, or a starter's tuple or list still made of ``...`` only (``(..., ...)``)."""
    if answer is ... or answer is None:
        return True
    return isinstance(answer, (tuple, list)) and len(answer) > 0 and all(_unanswered(v) for v in answer)


def check(exercise_id: str, answer: Any) -> CheckResult:
    """Say in one printed line whether ``answer`` answers exercise ``exercise_id``; return a :class:`CheckResult`.

    ``...``, ``None`` or a starter's ``(..., ...)`` is "no answer yet" (never an exception, so an
    unanswered exercise notebook runs to the end).  A wrong answer is named
    as a known mistake when it is one; the expected value is never shown.  An answer right only to fewer
    decimals than asked is told to round.  In IPython, when ``answer`` is the value of ``answer_K`` and the
    cell that sets ``answer_K`` stopped with an error the last time it ran, ``answer`` is an older value: the
    line says so ("failed") and judges nothing (:func:`watch_answer_cells`).
    Raises ValueError for an unknown ``exercise_id``, listing its notebook's exercises.
    """
    exercise = _exercise(exercise_id)
    failed = _failed_answer_cell(exercise_id, answer)
    if failed is not None:
        result = CheckResult(exercise_id, "failed", f"{exercise_id}: not checked — {failed}")
    elif _unanswered(answer):
        result = CheckResult(exercise_id, "unanswered", f"{exercise_id}: no answer yet — replace the ... "
                                                        "with your answer and run the cell again.")
    elif exercise.judge is not None:
        reason = exercise.judge(answer)
        result = (CheckResult(exercise_id, "right", f"{exercise_id}: right.") if reason is None else
                  CheckResult(exercise_id, "wrong", f"{exercise_id}: not yet — {reason}. "
                                                    f"Try hint('{exercise_id}')."))
    else:
        expected = exercise.answer()
        try:
            _compare(expected, answer, exercise.tolerance, exercise.asks)
            result = CheckResult(exercise_id, "right", f"{exercise_id}: right.")
        except _Mismatch as reason:
            result = _wrong(exercise, expected, answer, str(reason))
    print(result.message)
    return result


def _wrong(exercise, expected, answer, reason):
    for mistake in exercise.mistakes:
        if _matches(mistake.answer(), answer, exercise.tolerance, exercise.asks):
            return CheckResult(exercise.id, "mistake", f"{exercise.id}: not yet — {mistake.message}")
    rounding = _rounding_message(expected, answer, exercise.tolerance, exercise.asks)
    if rounding is not None:
        return CheckResult(exercise.id, "rounding", f"{exercise.id}: not yet — {rounding}.")
    message = _generic_mistake(expected, answer, exercise.tolerance, exercise.asks)
    if message is not None:
        return CheckResult(exercise.id, "mistake", f"{exercise.id}: not yet — {message}")
    return CheckResult(exercise.id, "wrong", f"{exercise.id}: not yet — {reason}. Try hint('{exercise.id}').")


# ---------------------------------------------------------------------------- answer cells that failed
# In IPython, every cell run is watched (post_run_cell): for each name answer_K that a cell assigns, the
# tick of its last successful run and of its last run that raised.  A check of the value of answer_K after a
# failed run would judge an older value (or the starter's ...): check says so instead.
_ANSWER_NAME = re.compile(r"\Aanswer_\d+\Z")
_runs: dict[str, Any] = {"tick": 0, "ok": {}, "failed": {}}


def _assigned_answers(code):
    """The names answer_K that a cell's code assigns (IPython syntax read as Python)."""
    try:
        from IPython.core.inputtransformer2 import TransformerManager
        tree = ast.parse(TransformerManager().transform_cell(code))
    except (SyntaxError, ImportError, ValueError):
        return set(re.findall(r"^\s*(answer_\d+)\s*=", code, re.M))
    return {node.id for node in ast.walk(tree)
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store) and _ANSWER_NAME.match(node.id)}


def _after_cell(result):
    """IPython's post_run_cell callback: record which answer_K the cell set, and whether it failed."""
    code = getattr(getattr(result, "info", None), "raw_cell", None)
    if not isinstance(code, str) or "answer_" not in code:
        return
    _runs["tick"] += 1
    failed = result.error_before_exec is not None or result.error_in_exec is not None
    error = result.error_before_exec or result.error_in_exec
    for name in _assigned_answers(code):
        if failed:
            _runs["failed"][name] = (_runs["tick"], type(error).__name__)
        else:
            _runs["ok"][name] = _runs["tick"]


def watch_answer_cells(shell: Any = None) -> bool:
    """Watch the cells that set ``answer_K`` in an IPython shell (the running one by default), so that
    :func:`check` knows when the last run of one failed.  Done on import in IPython; returns whether a
    shell is watched."""
    if shell is None:
        if "IPython" not in sys.modules:
            return False
        from IPython import get_ipython
        shell = get_ipython()
    if shell is None or not hasattr(shell, "events"):
        return False
    callbacks = shell.events.callbacks.get("post_run_cell", [])
    if _after_cell not in callbacks:
        shell.events.register("post_run_cell", _after_cell)
    return True


def _failed_answer_cell(exercise_id, answer):
    """Why ``answer`` cannot be judged (the cell that sets it failed when it last ran), or None."""
    name = f"answer_{exercise_id.split('.', 1)[1]}"
    failed = _runs["failed"].get(name)
    if failed is None or failed[0] < _runs["ok"].get(name, 0):
        return None
    if "IPython" not in sys.modules:
        return None
    from IPython import get_ipython
    shell = get_ipython()
    if shell is None or name not in shell.user_ns or shell.user_ns[name] is not answer:
        return None                             # the value checked is not answer_K: nothing is known of it
    return (f"the cell that sets {name} stopped with an error ({failed[1]}) the last time it ran, so "
            f"{name} still holds an earlier value; fix the error, run that cell again, then this check.")


watch_answer_cells()


# ---------------------------------------------------------------------------- precision and the answer
def precision_note(exercise: Exercise) -> str:
    """The precision an exercise's answer is judged to, for its starter: "to 3 decimals (±0.0005)", "exact",
    or "" where no number is asked (a name, True or False, something the learner builds)."""
    decimals = _decimals(exercise.tolerance)
    if exercise.judge is not None:
        return ""
    if decimals is not None:
        return f"to {decimals} decimals (±{exercise.tolerance:.{decimals + 1}f})"
    if exercise.tolerance >= 1e-6:
        return f"within ±{exercise.tolerance:g}"
    return "exact" if _kind(exercise.answer()) in ("numbers", "table") else ""


STARTER_WIDTH = 90  # the notebooks' longest code line (tests/test_notebook_format.py)


def starter(exercise: Exercise) -> str:
    """The exercise notebook's answer cell: the bank's ``starter`` (else ``answer_K = ...``) with its
    precision (:func:`precision_note`) at the end of its comment.  A line longer than the notebooks' 90
    characters has its comment moved above it, wrapped."""
    text = (exercise.starter or f"answer_{exercise.id.split('.', 1)[1]} = ...").rstrip("\n")
    note = precision_note(exercise)
    *before, last = text.splitlines()
    code, _, comment = last.partition("#")
    code, comment = code.rstrip(), comment.strip()
    whole = "; ".join(part for part in (comment, note) if part)
    if not whole:
        return text
    if len(f"{code}  # {whole}") <= STARTER_WIDTH:
        return "\n".join([*before, f"{code}  # {whole}"])
    above = [f"# {part}" for part in textwrap.wrap(comment, STARTER_WIDTH - 2, break_on_hyphens=False)]
    if note and above and len(f"{above[-1]}; {note}") <= STARTER_WIDTH:
        above[-1] = f"{above[-1]}; {note}"
    elif note:
        above.append(f"# {note}")
    return "\n".join([*before, *above, code])


def _shown(value, decimals):
    """One answer as the learner would type it (floats to ``decimals`` places, trailing zeros dropped)."""
    if isinstance(value, BinaryTable):
        cells = (value.tp, value.fp, value.fn, value.tn)
        return "BinaryTable(" + ", ".join(f"{name}={_shown(float(cell), decimals)}"
                                          for name, cell in zip(("tp", "fp", "fn", "tn"), cells)) + ")"
    if isinstance(value, Contingency):
        return f"Contingency({_shown(np.asarray(value.counts).tolist(), decimals)}, layout=\"powers\")"
    if isinstance(value, (bool, np.bool_)):
        return str(bool(value))
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, (set, frozenset)):
        return "{" + ", ".join(_shown(v, decimals) for v in sorted(value)) + "}" if value else "set()"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_shown(k, decimals)}: {_shown(v, decimals)}" for k, v in value.items()) + "}"
    if isinstance(value, np.ndarray):
        return _shown(value.tolist(), decimals)
    if isinstance(value, (tuple, list)):
        inner = ", ".join(_shown(v, decimals) for v in value)
        return f"({inner}{',' if len(value) == 1 else ''})" if isinstance(value, tuple) else f"[{inner}]"
    from .opening import OpeningModel
    if isinstance(value, OpeningModel):          # an open task's own model: the worked solution names it so
        return "yours"
    number = float(value)
    if math.isnan(number) or math.isinf(number):
        return f"float({str(number)!r})"
    text = f"{number:.{decimals}f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def shown_answer(exercise: Exercise) -> str:
    """The exercise's answer as :func:`solution` shows it: to the decimals its precision asks (6 for an
    exact float), counts as integers."""
    decimals = _decimals(exercise.tolerance)
    return _shown(exercise.answer(), decimals if decimals is not None else 6)


def hint(exercise_id: str, level: int = 1) -> None:
    """Print hint ``level`` (1 = a nudge, 2 = the method, 3 = nearly the answer) of an exercise.

    Past the last hint it says so and points to :func:`solution`.  Raises
    ValueError for an unknown ``exercise_id`` or a ``level`` that is not an integer >= 1.
    """
    exercise = _exercise(exercise_id)
    if isinstance(level, bool) or not isinstance(level, (int, np.integer)) or level < 1:
        raise ValueError(f"level must be an integer >= 1, got {level!r}")
    count = len(exercise.hints)
    if level > count:
        print(f"{exercise_id} has {count} hint{'s' if count > 1 else ''}, no hint {level}; "
              f"solution('{exercise_id}') shows the worked solution.")
        return
    print(f"hint {level} of {count}: {exercise.hints[level - 1]}")


class _Markdown:
    """Markdown text that a notebook renders and a terminal prints as it is."""

    def __init__(self, text):
        self.text = text

    def _repr_markdown_(self):
        return self.text

    def __repr__(self):
        return self.text


def _notebooks_folder():
    return Path(__file__).resolve().parent.parent.parent / "notebooks"


def solution_markdown(exercise_id: str) -> str:
    """The worked solution of an exercise as Markdown, read from its notebook, and its answer.

    The cells tagged ``solution`` that follow the exercise's ``**K.**`` in the
    "## Exercises" section of ``notebooks/NN_*.ipynb``, up to the next exercise
    or section: markdown as it is, code in a python block; then the bank's answer as the learner would
    type it (:func:`shown_answer`), "One answer" for an exercise with a ``judge``.
    Raises ValueError for an unknown ``exercise_id``, FileNotFoundError when
    the notebooks are not beside the package (an installed copy has none).
    """
    exercise = _exercise(exercise_id)
    notebook, number = exercise_id.split(".")
    folder = _notebooks_folder()
    found = sorted(folder.glob(f"{notebook}_*.ipynb"))
    if not found:
        raise FileNotFoundError(f"the worked solutions are read from the course's notebooks, and no "
                                f"{notebook}_*.ipynb is in {folder}: run solution() from a copy of the "
                                "course repository, where notebooks/ sits beside bookeval_lib/")
    cells = json.loads(found[0].read_text(encoding="utf-8"))["cells"]
    current, parts = None, []                 # current: the exercise read last, inside "## Exercises"
    for cell in cells:
        source = "".join(cell["source"])
        headings = list(_SECTION.finditer(source)) if cell["cell_type"] == "markdown" else []
        if headings:                # the cell's last "## " heading opens or closes the exercises; read on after it
            current = "" if headings[-1].group(1).startswith("Exercises") else None
            source = source[headings[-1].end():]
        if "solution" not in cell.get("metadata", {}).get("tags", ()):
            marks = _EXERCISE_MARK.findall(source) if cell["cell_type"] == "markdown" else []
            current = marks[-1] if marks and current is not None else current
            continue
        if current == number:
            parts.append(solutions.unfold(source)[1].strip() if cell["cell_type"] == "markdown"
                         else f"```python\n{solutions.strip_magic(source).strip()}\n```")
    if not parts:
        raise ValueError(f"{found[0].name} has no cell tagged 'solution' under exercise **{number}.** "
                         f"({exercise.id})")
    label = "One answer" if exercise.judge is not None else "The answer"
    note = precision_note(exercise)
    answer = (f"**{label}**{f', {note}' if note and note != 'exact' else ''}: "
              f"`answer_{number} = {shown_answer(exercise)}`")
    return f"**Worked solution of {exercise.id}**\n\n" + "\n\n".join(parts) + "\n\n" + answer


def solution(exercise_id: str) -> None:
    """Display the worked solution of an exercise (see :func:`solution_markdown`) as Markdown."""
    from IPython.display import display
    display(_Markdown(solution_markdown(exercise_id)))
