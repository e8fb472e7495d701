"""The learner's checker (bookeval_lib.course.checker) on a fake bank and a fake notebook.

Expected values here are typed from hand arithmetic shown in the comments, never from the checker.
"""
import json
import sys
import types

import numpy as np
import pytest

from bookeval_lib import BinaryTable, Contingency
from bookeval_lib.course import checker
from bookeval_lib.course.checker import (
    DIAGONAL_SWAP_MESSAGE,
    PERCENTAGE_MESSAGE,
    SKLEARN_ORIENTATION_MESSAGE,
    TRANSPOSED_MESSAGE,
    CheckResult,
    Exercise,
    Mistake,
    check,
    exercises,
    hint,
    solution,
)

HINTS = ("a nudge", "the method", "nearly the answer")
# 99.1: recall of TP 2, FN 1 is 2/3; 3 decimals asked -> tolerance 5e-4
RECALL = Exercise("99.1", "a float", lambda: 2 / 3, 5e-4, HINTS,
                  mistakes=(Mistake(lambda: 2 / 5, "that is precision, tp/(tp + fp)"),))
# 99.2: Powers' table [[tp, fp], [fn, tn]] = [[35, 10], [5, 50]]; integers -> tolerance 0
TABLE = Exercise("99.2", "a BinaryTable", lambda: BinaryTable(tp=35, fp=10, fn=5, tn=50), 0, HINTS[:2])
# 99.3: (prevalence, bias) = (40/100, 45/100) of that table
PAIR = Exercise("99.3", "(prevalence, bias)", lambda: (0.40, 0.45), 5e-4, HINTS)
# 99.4: a count (integer): 100 x the count is no percentage
COUNT = Exercise("99.4", "an integer", lambda: 35, 0, HINTS)
# 99.5 .. 99.11: the other kinds of answers
CONTINGENCY = Exercise("99.5", "a Contingency", lambda: Contingency([[8, 2], [1, 9]], layout="powers"), 0, HINTS)
MATRIX = Exercise("99.6", "scikit-learn's matrix", lambda: np.array([[50, 10], [5, 35]]), 0, HINTS)
NAME = Exercise("99.7", "a measure's name", lambda: "markedness", 0, HINTS)
NAMES = Exercise("99.8", "a set of names", lambda: {"informedness", "markedness"}, 0, HINTS)
UNDEFINED = Exercise("99.9", "a float or nan", lambda: float("nan"), 5e-4, HINTS)
TRIPLE = Exercise("99.10", "(a, b, c)", lambda: (1.0, 2.0, 3.0), 5e-4, HINTS)
MAPPING = Exercise("99.11", "a dict", lambda: {0: "C", 1: "A"}, 0, HINTS)
YES_NO = Exercise("99.12", "True or False", lambda: True, 0, HINTS)
BANK = (RECALL, TABLE, PAIR, COUNT, CONTINGENCY, MATRIX, NAME, NAMES, UNDEFINED, TRIPLE, MAPPING, YES_NO)

NOTEBOOK = {"cells": [
    {"cell_type": "markdown", "metadata": {}, "source": ["## Exercises\n", "\n", "**1.** Give the recall."]},
    {"cell_type": "markdown", "metadata": {"tags": ["solution"]}, "source": ["Solution 1.\n", "2/3."]},
    {"cell_type": "markdown", "metadata": {}, "source": ["**2.** Build the table."]},
    {"cell_type": "markdown", "metadata": {"tags": ["solution"]}, "source": ["Solution 2. Rows are predictions."]},
    {"cell_type": "code", "metadata": {"tags": ["solution"]}, "source": ["t = BinaryTable(tp=35, fp=10, fn=5, tn=50)"],
     "outputs": [], "execution_count": 1},
    {"cell_type": "markdown", "metadata": {}, "source": ["**3.** Give the pair."]},
    {"cell_type": "markdown", "metadata": {}, "source": ["## Check your understanding\n", "**2.** A question."]},
    {"cell_type": "markdown", "metadata": {"tags": ["solution"]}, "source": ["Quiz answer 2."]},
], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}


@pytest.fixture(autouse=True)
def fake_bank(monkeypatch, tmp_path):
    module = types.ModuleType("bookeval_lib.course.exercise_bank.nb99")
    module.EXERCISES = BANK
    monkeypatch.setitem(sys.modules, module.__name__, module)
    (tmp_path / "99_fake.ipynb").write_text(json.dumps(NOTEBOOK), encoding="utf-8")
    monkeypatch.setattr(checker, "_notebooks_folder", lambda: tmp_path)
    return tmp_path


def _line(capsys, exercise_id, answer):
    result = check(exercise_id, answer)
    printed = capsys.readouterr().out
    assert printed.count("\n") == 1 and printed == result.message + "\n"
    return result


@pytest.mark.parametrize(("exercise_id", "answer"), [
    ("99.1", 2 / 3), ("99.1", 0.667), ("99.1", np.float32(0.6666)), ("99.1", np.array(0.667)),
    ("99.2", BinaryTable(tp=35, fp=10, fn=5, tn=50)), ("99.2", [[35, 10], [5, 50]]), ("99.2", (35, 10, 5, 50)),
    ("99.3", (0.4, 0.45)), ("99.3", [0.4, 0.45]), ("99.3", np.array([0.4, 0.45])), ("99.4", 35), ("99.4", 35.0),
    ("99.5", Contingency([[8, 2], [1, 9]], layout="powers")), ("99.5", [[8, 2], [1, 9]]),
    ("99.6", [[50, 10], [5, 35]]), ("99.7", " Markedness "), ("99.8", {"Markedness ", "informedness"}),
    ("99.8", ["informedness", "markedness"]), ("99.9", float("nan")), ("99.10", (1, 2, 3)),
    ("99.11", {0: "c", 1: "A"}), ("99.12", True), ("99.12", np.bool_(True)),
])
def test_a_right_answer_is_right_in_one_line(capsys, exercise_id, answer):
    result = _line(capsys, exercise_id, answer)
    assert result and result.kind == "right" and result.message == f"{exercise_id}: right."


@pytest.mark.parametrize("answer", [..., None])
def test_no_answer_yet_is_said_politely_and_raises_nothing(capsys, answer):
    result = _line(capsys, "99.2", answer)
    assert not result and result.kind == "unanswered"
    assert result.message == "99.2: no answer yet — replace the ... with your answer and run the cell again."


def test_the_tolerance_is_absolute_and_inclusive(capsys):
    # 2/3 = 0.666667: 0.6671 is 4.3e-4 away (inside 5e-4), 0.6672 is 5.3e-4 away (outside)
    assert _line(capsys, "99.1", 0.6671)
    assert _line(capsys, "99.1", 0.6662)       # 4.7e-4 below
    assert not _line(capsys, "99.1", 0.6672)
    assert not _line(capsys, "99.1", 0.6661)   # 5.7e-4 below
    assert not _line(capsys, "99.4", 36)       # exact integer, tolerance 0
    assert not _line(capsys, "99.4", 35.000001)


def test_a_generic_miss_gives_a_reason_and_points_to_the_hints_but_not_the_value(capsys):
    # 0.75 is 0.083 from 2/3: not 2/3 to 2 decimals (0.67) nor to 1 (0.7), so no rounding slip either
    result = _line(capsys, "99.1", 0.75)
    assert result.kind == "wrong" and result.message.startswith("99.1: not yet — ")
    assert result.message.endswith("Try hint('99.1').")
    assert "0.666" not in result.message and "0.667" not in result.message


def test_a_known_mistake_gets_its_own_message(capsys):
    result = _line(capsys, "99.1", 0.4)                 # precision 2/5
    assert result.kind == "mistake" and result.message == "99.1: not yet — that is precision, tp/(tp + fp)"


def test_a_percentage_for_a_proportion_is_recognised(capsys):
    assert _line(capsys, "99.1", 66.67).message == f"99.1: not yet — {PERCENTAGE_MESSAGE}"
    assert _line(capsys, "99.3", (40, 45)).message == f"99.3: not yet — {PERCENTAGE_MESSAGE}"
    assert _line(capsys, "99.4", 3500).kind == "wrong"  # an integer answer is no proportion


def test_tables_in_the_other_orientation_are_named(capsys):
    # Powers [[tp, fp], [fn, tn]] = [[35, 10], [5, 50]]; scikit-learn [[tn, fp], [fn, tp]] = [[50, 10], [5, 35]]
    assert _line(capsys, "99.2", [[50, 10], [5, 35]]).message == f"99.2: not yet — {SKLEARN_ORIENTATION_MESSAGE}"
    assert _line(capsys, "99.2", BinaryTable(tp=50, fp=10, fn=5, tn=35)).kind == "mistake"
    # transposed: [[tp, fn], [fp, tn]]
    assert _line(capsys, "99.2", [[35, 5], [10, 50]]).message == f"99.2: not yet — {TRANSPOSED_MESSAGE}"
    # K-class: scikit-learn's orientation is the transpose
    assert _line(capsys, "99.5", [[8, 1], [2, 9]]).message == f"99.5: not yet — {SKLEARN_ORIENTATION_MESSAGE}"
    # a plain 2x2 matrix with TP and TN exchanged, either way
    assert _line(capsys, "99.6", [[35, 10], [5, 50]]).message == f"99.6: not yet — {DIAGONAL_SWAP_MESSAGE}"
    assert _line(capsys, "99.2", [[35, 10], [5, 49]]).kind == "wrong"


def test_swapped_values_are_named(capsys):
    assert _line(capsys, "99.3", (0.45, 0.40)).message == (
        "99.3: not yet — the two values look swapped: give them in the order asked, (prevalence, bias)")
    assert _line(capsys, "99.10", (1, 3, 2)).message == (
        "99.10: not yet — value 2 (b) and value 3 (c) look swapped: give them in the order asked, (a, b, c)")


@pytest.mark.parametrize(("exercise_id", "answer", "words"), [
    ("99.3", (0.4, 0.45, 0.5), "2 values are asked: (prevalence, bias); you gave 3"),
    ("99.1", (0.6667, 0.6667), "one number is asked: a float; you gave 2 values"),
    ("99.1", "0.667", "a str was given; the exercise asks for a float"),
    ("99.1", True, "a bool was given"),
    ("99.3", BinaryTable(tp=1, fp=1, fn=1, tn=1), "a BinaryTable was given; the exercise asks for (prevalence, bias)"),
    ("99.1", float("nan"), "nan is not the answer"),
    ("99.1", [[1, 2], [3]], "cannot be read as numbers"),
    ("99.2", BinaryTable(tp=[1, 2], fp=1, fn=1, tn=1), "an array of shape (2, 2) is asked"),
    ("99.7", 3, "a string is asked"),
    ("99.7", "informedness", "not the answer"),
    ("99.8", {"informedness", "kappa", "mcc"}, "2 of your names do not belong and 1 are missing"),
    ("99.8", "markedness", "a set of names is asked"),
    ("99.3", (0.4, ...), "some values are still ...: fill in all of (prevalence, bias)"),
    ("99.9", 0.5, "0.5 is not within ±0.0005 of the answer"),
    ("99.4", 36, "36 is not right"),
    ("99.1", 10**400, "too large for a float"),
    ("99.2", [[35, 11], [5, 49]], "not every value is right: look again at fp, tn"),
    ("99.10", (1, 2.25, 3.75), "not every value is within ±0.0005 of the answer: look again at value 2 (b) and "
                               "value 3 (c)"),
    ("99.5", [[8, 2], [2, 9]], "look again at row 2, column 1"),
    ("99.11", {0: "C"}, "keys"),
    ("99.11", {0: "C", 1: "B"}, "not the answer"),
    ("99.12", 1, "True or False is asked"),
    ("99.12", False, "not the answer"),
])
def test_generic_reasons(capsys, exercise_id, answer, words):
    result = _line(capsys, exercise_id, answer)
    assert result.kind == "wrong" and words in result.message, result.message


def test_unknown_ids_raise_and_list_what_exists():
    with pytest.raises(ValueError, match=r"99\.1, 99\.2, 99\.3.*, got '99\.42'"):
        check("99.42", 1)
    with pytest.raises(ValueError, match="'98' has no exercises"):
        check("98.1", 1)
    for bad in (3.1, "nonsense", "9.1"):
        with pytest.raises(ValueError):
            check(bad, 1)
    with pytest.raises(ValueError, match="'42.1'"):
        hint("42.1")


def test_exercises_returns_the_bank_in_order():
    assert exercises("99") == BANK
    with pytest.raises(ValueError, match="notebook"):
        exercises("8")


def test_hints_are_graduated_and_say_when_they_run_out(capsys):
    hint("99.1")
    hint("99.1", 2)
    hint("99.1", 3)
    assert capsys.readouterr().out.splitlines() == [
        "hint 1 of 3: a nudge", "hint 2 of 3: the method", "hint 3 of 3: nearly the answer"]
    hint("99.2", 3)
    assert capsys.readouterr().out == "99.2 has 2 hints, no hint 3; solution('99.2') shows the worked solution.\n"
    for bad in (0, -1, 1.5, True):
        with pytest.raises(ValueError, match="level"):
            hint("99.1", bad)


def test_solution_shows_the_solution_cells_under_the_exercise(capsys):
    solution("99.2")
    shown = capsys.readouterr().out
    assert "Solution 2. Rows are predictions." in shown
    assert "```python\nt = BinaryTable(tp=35, fp=10, fn=5, tn=50)\n```" in shown
    assert "Solution 1." not in shown and "Quiz answer" not in shown
    solution("99.1")
    assert "Solution 1.\n2/3." in capsys.readouterr().out


def test_solution_says_clearly_what_is_missing(fake_bank, monkeypatch):
    with pytest.raises(ValueError, match=r"no cell tagged 'solution' under exercise \*\*3\.\*\*"):
        solution("99.3")
    monkeypatch.setattr(checker, "_notebooks_folder", lambda: fake_bank / "absent")
    with pytest.raises(FileNotFoundError, match="99_"):
        solution("99.1")


def test_solution_renders_as_markdown_in_a_notebook():
    from IPython.core.formatters import DisplayFormatter
    data, _ = DisplayFormatter().format(checker._Markdown("**x**"))
    assert data["text/markdown"] == "**x**"


def test_a_check_result_adds_no_output_of_its_own_in_a_notebook():
    # check() has printed its line; the returned object must not print a second one
    from IPython.core.formatters import DisplayFormatter
    result = CheckResult("99.1", "right", "99.1: right.")
    data, _ = DisplayFormatter().format(result)
    assert data == {}


@pytest.mark.parametrize(("field", "kwargs"), [
    ("id", {"id": "8.1"}), ("tolerance", {"tolerance": -1}), ("hints", {"hints": ()}), ("hints", {"hints": ("",)}),
])
def test_a_malformed_exercise_is_refused(field, kwargs):
    arguments = {"id": "99.1", "asks": "a float", "answer": lambda: 1.0, "tolerance": 0.0, "hints": ("h",)}
    with pytest.raises(ValueError, match=field):
        Exercise(**(arguments | kwargs))


def test_the_course_package_re_exports_the_checker():
    from bookeval_lib import course
    assert (course.check, course.hint, course.solution) == (check, hint, solution)


JUNK = [object(), print, {1, 2}, [[1, 2], [3]], np.array(["a"]), 1j, float("inf"), -float("inf"), (x for x in ()),
        "", [], (), {}, np.array([]), np.bool_(False), 10**400, [1.0, ...], Contingency([[1]], layout="powers")]


@pytest.mark.parametrize("starter", [..., None, (..., ...), [..., ...], (..., (..., ...))])
def test_a_starter_still_made_of_dots_is_no_answer_yet(starter, capsys):
    # the exercise notebooks' starters (answer_1 = (..., ...)) run unanswered under nbval
    result = check(BANK[0].id, starter)
    assert not result and result.kind == "unanswered"
    assert "no answer yet" in capsys.readouterr().out


@pytest.mark.parametrize("exercise", BANK, ids=lambda e: e.id)
def test_no_answer_of_any_kind_raises(exercise, capsys):
    for junk in JUNK:
        result = check(exercise.id, junk)
        assert not result and result.kind in ("wrong", "mistake"), (junk, result)
        assert capsys.readouterr().out == result.message + "\n"


# ---------------------------------------------------------------------------- precision, rounding, the answer
def test_every_starter_states_its_precision():
    # 5e-4 is half a unit of the third decimal; tolerance 0 on numbers is exact; a name has no precision
    assert checker.precision_note(RECALL) == "to 3 decimals (±0.0005)"
    assert checker.precision_note(Exercise("99.1", "x", lambda: 0.5, 5e-3, HINTS)) == "to 2 decimals (±0.005)"
    assert checker.precision_note(COUNT) == "exact" and checker.precision_note(TABLE) == "exact"
    assert checker.precision_note(NAME) == "" and checker.precision_note(YES_NO) == ""
    with_comment = Exercise("99.1", "x", lambda: 2 / 3, 5e-4, HINTS, starter="answer_1 = ...  # recall")
    assert checker.starter(with_comment) == "answer_1 = ...  # recall; to 3 decimals (±0.0005)"
    assert checker.starter(COUNT) == "answer_4 = ...  # exact"
    assert checker.starter(NAME) == "answer_7 = ..."
    # a line over 90 characters: the comment moves above the answer, wrapped at 88 characters after "# "
    words = "(" + ", ".join(f"measure {k}" for k in range(1, 13)) + ")"          # 135 characters
    long_one = Exercise("99.1", "x", lambda: 0.5, 5e-4, HINTS, starter=f"answer_1 = ...  # {words}")
    lines = checker.starter(long_one).splitlines()
    assert lines[-1] == "answer_1 = ..." and all(len(line) <= 90 for line in lines)
    # wrapped after "measure 8,"; the precision, whole, ends the last line of the comment
    assert lines[1] == "# measure 9, measure 10, measure 11, measure 12); to 3 decimals (±0.0005)"
    assert " ".join(line[2:] for line in lines[:-1]) == f"{words}; to 3 decimals (±0.0005)"


@pytest.mark.parametrize(("answer", "places"), [(0.67, 2), (0.66, 2), (0.7, 1), (0.6, 1)])
def test_an_answer_right_to_fewer_decimals_is_told_to_round(capsys, answer, places):
    # 2/3 = 0.6667: 0.67 (rounded) and 0.66 (cut) are right to 2 decimals, 0.7 and 0.6 to 1
    result = _line(capsys, "99.1", answer)
    assert result.kind == "rounding" and not result
    assert result.message == (f"99.1: not yet — round to 3 decimals: your answer is right to {places} "
                              f"decimal{'s' if places > 1 else ''}, and 3 are asked (±0.0005).")


def test_rounding_is_not_said_of_a_wrong_answer(capsys):
    assert _line(capsys, "99.1", 0.65).kind == "wrong"      # 0.65 is 2/3 to no number of decimals
    assert _line(capsys, "99.1", 0.6672).kind == "wrong"    # 4 decimals, 5.3e-4 off: not a rounding slip
    assert _line(capsys, "99.4", 35.4).kind == "wrong"      # an exact count has no decimals to round
    # (prevalence, bias) = (0.40, 0.45): bias 0.5 is 0.45 to 1 decimal, the prevalence is right
    assert _line(capsys, "99.3", (0.4, 0.5)).kind == "rounding"
    assert _line(capsys, "99.3", (0.4, 0.55)).kind == "wrong"


# (tp, fp, fn, tn, prevalence, bias) of Powers' [[35, 10], [5, 50]]: prevalence 40/100, bias 45/100
MIXED = Exercise("99.13", "(tp, fp, fn, tn, prevalence, bias), counts and proportions",
                 lambda: (35, 10, 5, 50, 0.40, 0.45), 5e-4, HINTS)
# the same table as proportions of N = 100
PROPORTIONS = Exercise("99.14", "the table as proportions",
                       lambda: BinaryTable(tp=0.35, fp=0.10, fn=0.05, tn=0.50), 5e-4, HINTS)


@pytest.fixture
def more_exercises(monkeypatch):
    monkeypatch.setattr(sys.modules["bookeval_lib.course.exercise_bank.nb99"], "EXERCISES",
                        BANK + (MIXED, PROPORTIONS))


def test_a_percentage_inside_a_mixed_answer_is_named_by_its_position_and_name(capsys, more_exercises):
    # the counts 35 .. 50 are right; 40 and 45 are the two proportions times 100
    assert _line(capsys, "99.13", (35, 10, 5, 50, 40, 45)).message == (
        "99.13: not yet — value 5 (prevalence) and value 6 (bias) look like percentages: give a proportion, "
        "a number between 0 and 1 (0.25, not 25)")
    assert _line(capsys, "99.13", (35, 10, 5, 50, 0.4, 45)).message == (
        "99.13: not yet — value 6 (bias) looks like a percentage: give a proportion, a number between 0 and 1 "
        "(0.25, not 25)")
    # a wrong count is named by position and name too, never by a bare number that could be a value
    assert _line(capsys, "99.13", (35, 10, 6, 50, 0.4, 0.45)).message == (
        "99.13: not yet — not every value is within ±0.0005 of the answer: look again at value 3 (fn). "
        "Try hint('99.13').")


def test_a_table_of_proportions_for_counts_and_of_counts_for_proportions_are_named(capsys, more_exercises):
    # [[35, 10], [5, 50]] over N = 100
    message = f"99.2: not yet — {checker.PROPORTIONS_FOR_COUNTS_MESSAGE}"
    assert _line(capsys, "99.2", BinaryTable(tp=0.35, fp=0.10, fn=0.05, tn=0.50)).message == message
    assert _line(capsys, "99.2", [[0.35, 0.1], [0.05, 0.5]]).message == message
    assert _line(capsys, "99.14", [[35, 10], [5, 50]]).message == (
        f"99.14: not yet — {checker.COUNTS_FOR_PROPORTIONS_MESSAGE}")
    assert _line(capsys, "99.14", [[35, 10], [5, 40]]).kind == "wrong"     # 35/90 is not 0.35


def _add_to_one(answer):
    total = sum(answer)
    return None if abs(total - 1) < 1e-9 else f"they add to {total:g}, not 1"


# 99.1 asked instead for something built (two numbers with a property): judged, with one answer shown
BUILT = Exercise("99.1", "two numbers that add to 1", lambda: (0.25, 0.75), 0, HINTS, judge=_add_to_one)


def test_a_judged_exercise_checks_what_was_built(capsys, monkeypatch):
    monkeypatch.setattr(sys.modules["bookeval_lib.course.exercise_bank.nb99"], "EXERCISES", (BUILT,) + BANK[1:])
    assert _line(capsys, "99.1", (0.5, 0.5)).kind == "right"            # not the example, and right
    assert _line(capsys, "99.1", (0.5, 0.4)).message == (
        "99.1: not yet — they add to 0.9, not 1. Try hint('99.1').")    # 0.5 + 0.4
    assert _line(capsys, "99.1", (..., ...)).kind == "unanswered"
    assert checker.precision_note(BUILT) == ""
    assert checker.solution_markdown("99.1").endswith("**One answer**: `answer_1 = (0.25, 0.75)`")


def test_solution_ends_with_the_answer_to_the_precision_asked(fake_bank):
    # 2/3 to 3 decimals; Powers' table with its cells named
    assert checker.solution_markdown("99.1").endswith(
        "**The answer**, to 3 decimals (±0.0005): `answer_1 = 0.667`")
    assert checker.solution_markdown("99.2").endswith(
        "**The answer**: `answer_2 = BinaryTable(tp=35, fp=10, fn=5, tn=50)`")
    assert checker.shown_answer(PAIR) == "(0.4, 0.45)" and checker.shown_answer(NAME) == '"markedness"'


# ---------------------------------------------------------------------------- an answer cell that failed
def test_a_check_after_a_failed_answer_cell_says_so_instead_of_judging_the_old_value(monkeypatch):
    from IPython.core.interactiveshell import InteractiveShell
    from IPython.utils.capture import capture_output

    monkeypatch.setattr(checker, "_runs", {"tick": 0, "ok": {}, "failed": {}})   # nothing from other tests
    shell = InteractiveShell.instance()
    assert checker.watch_answer_cells(shell)
    with capture_output() as shown:
        shell.run_cell("from bookeval_lib.course import check", store_history=True).raise_error()
        shell.run_cell("answer_1 = 0.4", store_history=True).raise_error()          # a known mistake
        shell.run_cell("result = check('99.1', answer_1)", store_history=True).raise_error()
        assert shell.user_ns["result"].kind == "mistake"
        # the learner edits the answer cell, and it fails before the new value is bound
        failed = shell.run_cell("answer_1 = 2 / three", store_history=True)
        assert isinstance(failed.error_in_exec, NameError)
        shell.run_cell("result = check('99.1', answer_1)", store_history=True).raise_error()
    assert shell.user_ns["answer_1"] == 0.4                        # the old value is still there
    result = shell.user_ns["result"]
    assert result.kind == "failed" and not result
    assert result.message == ("99.1: not checked — the cell that sets answer_1 stopped with an error "
                              "(NameError) the last time it ran, so answer_1 still holds an earlier value; "
                              "fix the error, run that cell again, then this check.")
    assert result.message in shown.stdout
    # fixed and run again: judged as usual
    shell.run_cell("answer_1 = 2 / 3", store_history=True).raise_error()
    with capture_output():
        shell.run_cell("result = check('99.1', answer_1)", store_history=True).raise_error()
    assert shell.user_ns["result"].kind == "right"
    # a value that is not answer_1 is judged whatever answer_1's cell did
    with capture_output():
        shell.run_cell("answer_1 = 1 / zero", store_history=True)
        shell.run_cell("result = check('99.1', 0.4)", store_history=True).raise_error()
    assert shell.user_ns["result"].kind == "mistake"
    # a syntax error counts as a failed run too
    with capture_output():
        shell.run_cell("answer_1 = 2 /", store_history=True)
        shell.run_cell("result = check('99.1', answer_1)", store_history=True).raise_error()
    assert shell.user_ns["result"].kind == "failed"
