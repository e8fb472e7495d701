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
case); a bool; a dict of those.
"""
from __future__ import annotations

import importlib
import itertools
import json
import pkgutil
import re
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
    "CheckResult",
    "Exercise",
    "Mistake",
    "check",
    "exercises",
    "hint",
    "solution",
    "solution_markdown",
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
    method, nearly the answer.  ``starter`` is the exercise notebook's answer cell.
    """

    id: str
    asks: str
    answer: Callable[[], object]
    tolerance: float
    hints: tuple[str, ...]
    mistakes: tuple[Mistake, ...] = ()
    starter: str = ""

    def __post_init__(self):
        if not isinstance(self.id, str) or not re.fullmatch(r"(?:\d{2}b?|A\d+)\.\d+", self.id):
            raise ValueError(f"id must look like '08.2', got {self.id!r}")
        if not (isinstance(self.tolerance, (int, float)) and self.tolerance >= 0):
            raise ValueError(f"tolerance of {self.id} must be a number >= 0, got {self.tolerance!r}")
        if not self.hints or not all(isinstance(h, str) and h.strip() for h in self.hints):
            raise ValueError(f"hints of {self.id} must be a non-empty tuple of non-empty strings")


@dataclass(frozen=True)
class CheckResult:
    """What :func:`check` found: ``kind`` is "right", "mistake", "wrong" or "unanswered".

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


def _off_values(expected, right, answer, tolerance):
    """Which values of a wrong answer are off: cell names of a BinaryTable, else 1-based positions."""
    off = ~_within(right, answer, tolerance)
    if isinstance(expected, BinaryTable):
        names = np.array([["tp", "fp"], ["fn", "tn"]])
        return ", ".join(names[off])
    if right.ndim == 1:
        return ", ".join(str(i + 1) for i in np.flatnonzero(off))
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
        off = _off_values(expected, right, answer, tolerance)
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
                return f"values {i + 1} and {j + 1} look swapped: give them in the order asked, {asks}"
    return None


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
    as a known mistake when it is one; the expected value is never shown.
    Raises ValueError for an unknown ``exercise_id``, listing its notebook's exercises.
    """
    exercise = _exercise(exercise_id)
    if _unanswered(answer):
        result = CheckResult(exercise_id, "unanswered", f"{exercise_id}: no answer yet — replace the ... "
                                                        "with your answer and run the cell again.")
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
    message = _generic_mistake(expected, answer, exercise.tolerance, exercise.asks)
    if message is not None:
        return CheckResult(exercise.id, "mistake", f"{exercise.id}: not yet — {message}")
    return CheckResult(exercise.id, "wrong", f"{exercise.id}: not yet — {reason}. Try hint('{exercise.id}').")


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
    """The worked solution of an exercise as Markdown, read from its notebook.

    The cells tagged ``solution`` that follow the exercise's ``**K.**`` in the
    "## Exercises" section of ``notebooks/NN_*.ipynb``, up to the next exercise
    or section: markdown as it is, code in a python block.
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
    return f"**Worked solution of {exercise.id}**\n\n" + "\n\n".join(parts)


def solution(exercise_id: str) -> None:
    """Display the worked solution of an exercise (see :func:`solution_markdown`) as Markdown."""
    from IPython.display import display
    display(_Markdown(solution_markdown(exercise_id)))
