"""Every exercise bank (bookeval_lib/course/exercise_bank/nbNN.py) against the checker and the notebooks.

For every exercise of every bank: the bank's answer passes its check, each known mistake fails with its own
message, a proportion given as a percentage is named, the hints print, and solution() finds the worked
solution in the notebook.  The worked answers of notebooks 01-07 (WORKED, from the notebooks' solutions by
hand arithmetic or an independent brute force) pass too.  Every exercise **N.** of every notebook has a
bank entry.
"""
import itertools
import json
import pkgutil
import re
from pathlib import Path

import numpy as np
import pytest

from bookeval_lib import BinaryTable, Contingency
from bookeval_lib.course import exercise_bank
from bookeval_lib.course import checker
from bookeval_lib.course.checker import (PERCENTAGE_MESSAGE, check, exercises, hint, precision_note, shown_answer,
                                         solution_markdown, starter)

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
BANKS = sorted(m.name[2:] for m in pkgutil.iter_modules(exercise_bank.__path__) if m.name.startswith("nb"))
ALL = [exercise for notebook in BANKS for exercise in exercises(notebook)]
BY_ID = {exercise.id: exercise for exercise in ALL}
MISTAKES = [(exercise.id, index) for exercise in ALL for index in range(len(exercise.mistakes))]


def _bookmaker(counts):
    """Powers' B of a square table (rows = predicted, columns = real), written out independently:
    sum over l of Pr(P = l) * (n(l, l)/n(R = l) - (n(P = l) - n(l, l))/(N - n(R = l)))."""
    counts = np.asarray(counts, dtype=float)
    total, rows, columns, hits = counts.sum(), counts.sum(axis=1), counts.sum(axis=0), np.diag(counts)
    return float(np.sum(rows / total * (hits / columns - (rows - hits) / (total - columns))))


def _best_map_b(counts):
    """The largest B over every map of the rows (clusters) onto the columns (classes), merges included."""
    counts = np.asarray(counts, dtype=float)
    k, c = counts.shape
    best = -np.inf
    for image in itertools.product(range(c), repeat=k):
        merged = np.zeros((c, c))
        np.add.at(merged, list(image), counts)
        if (merged.sum(axis=0) > 0).all() and (merged.sum(axis=0) < merged.sum()).all():
            best = max(best, _bookmaker(merged))
    return best


def _exercise_07b_2():
    kept = np.array([[36, 4, 2], [3, 20, 10], [1, 6, 18]], dtype=float)
    extra = 0.2 / 0.8 * kept.sum(axis=0)          # a catch-all of 1/5 of all cases, like the margins
    merges = [_bookmaker(kept + np.outer(np.eye(3)[j], extra)) for j in range(3)]
    return max(*merges, 0.8 * _bookmaker(kept))     # ignoring: B of the kept cases times n/N = 4/5


def _iris_kmeans_by_sklearn():
    """Exercise 07.3's table, counted by scikit-learn: rows = KMeans clusters, columns = species."""
    from sklearn.cluster import KMeans
    from sklearn.datasets import load_iris
    from sklearn.metrics import confusion_matrix

    flowers, species = load_iris(return_X_y=True)
    clusters = KMeans(n_clusters=3, n_init=10, random_state=0).fit_predict(flowers)
    return confusion_matrix(clusters, species)


#: The worked solutions' answers, by hand (the arithmetic of each notebook's solution) or brute force.
WORKED = {
    # sklearn [[tn, fp], [fn, tp]] = [[50, 10], [5, 35]]; prevalence (35 + 5)/100, bias (35 + 10)/100
    "01.1": (35, 10, 5, 50, 0.40, 0.45),
    # fn = 0.3 - 0.2, fp = 0.4 - 0.2, tn = 1 - 0.2 - 0.2 - 0.1; recall 0.2/0.3, precision 0.2/0.4
    "01.2": (0.2, 0.2, 0.1, 0.5, 2 / 3, 1 / 2),
    "01.3": BinaryTable(tp=9, fn=3, fp=4, tn=11),      # LingPipe's (tp, fn, fp, tn), cells named
    "01b.1": 0.0,                                      # recall = fallout = q everywhere
    "01b.2": (0.5, 0.5, 0.5),                          # a fair coin: bias = recall = fallout = 1/2
    "02.1": (0.009 / 0.0585, 0.18 / 0.22),             # 0.9 rp / (0.9 rp + 0.05 rn)
    "02b.1": 100 / 130,                                 # 5*20 / (5*20 + 4*5 + 10)
    # recall 20/25, precision 20/30: F1 = 2*20/(2*20 + 5 + 10), G = sqrt(0.8 * 2/3)
    "02b.2": (40 / 55, np.sqrt(0.8 * 2 / 3)),
    # B = 85/90 + 7/10 - 1, M = 85/88 + 7/12 - 1, MCC = sqrt(B M)
    "03.1": (85 / 90 + 7 / 10 - 1, 85 / 88 + 7 / 12 - 1, np.sqrt((85 / 90 + 7 / 10 - 1) * (85 / 88 + 7 / 12 - 1))),
    "03b.1": (0.3 * 0.5 - 0.1 * 0.1) / (0.4 * 0.6),    # (tp tn - fp fn)/(rp rn) with FP = FN
    "03b.2": (0.6, 0.9, 0.6, 0.36),                     # recall = 0.5*0.8 + pp; precision = recall*0.2/pp
    "03.2": 0.80 + 0.65 - 1,                           # sensitivity + specificity - 1 = Youden's J
    "03b.3": (1 - 0.3 * 0.7, 0.1 * 0.6),                # the highest feasible bias; the lowest
    "04.1": 0.116 / 0.196,                             # (0.92 - 0.804)/(1 - 0.804)
    "04.2": (0.2 * 0.5, 0.2 * 0.5),                    # the lowest feasible bias rp * B
    "05.1": (8, 2),                                    # 0.2 * 8 = 0.8 * 2
    "05.2": (21 * 7 + 56 * 3, 9 * 7 + 14 * 3, 0.5),
    "05b.1": (1.0, 70 / 88, 0.4),                      # [[70, 18], [0, 12]]
    # B(l) = recall - fallout; B weights them by the bias 10/40, 10/40, 20/40
    "06.1": (8 / 10 - 2 / 30, 6 / 10 - 4 / 30, 18 / 20 - 2 / 20,
             0.25 * (8 / 10 - 2 / 30) + 0.25 * (6 / 10 - 4 / 30) + 0.5 * (18 / 20 - 2 / 20)),
    "06.2": (0.0, 0.0, 0.0),
    # weighted precision = accuracy 32/40 here; prevalence-weighted B = B, as bias = prevalence
    "06b.1": (32 / 40, 0.25 * (8 / 10 - 2 / 30) + 0.25 * (6 / 10 - 4 / 30) + 0.5 * (18 / 20 - 2 / 20)),
    "07.1": _best_map_b([[2, 1, 20, 2], [18, 2, 1, 1], [1, 3, 2, 15], [1, 16, 2, 3]]),
    # kept rows hold 33 + 30 + 23 of 150; "rest" (20, 21, 23) added to row A, the largest class (54)
    "07b.1": (86 / 150, _bookmaker([[50, 23, 24], [3, 25, 2], [1, 2, 20]])),
    "07b.2": _exercise_07b_2(),
    # noun positive: TP 900 - 5, FP 100 - 15, FN 5, TN 15; recall 895/900, fallout 85/100
    "01b.3": 895 / 900 - 85 / 100,
    # precision 0.9*0.05/(0.9*0.05 + 0.05*0.95) = 0.045/0.0925; B = 0.9 - 0.05 at any prevalence
    "02.2": (0.045 / 0.0925, 0.85),
    "02.3": ("precision", "recall - fallout"),             # the positives' share ill; a number of the test alone
    "02b.3": 20 / 25 - 10 / 75,                        # recall - fallout of TP 20, FP 10, FN 5, TN 65
    # accuracy (20 + 57)/100; at unit odds the winnings per bet are recall - fallout
    "05.3": (77 / 100, 20 / 30 - 13 / 70),
    # 0.4 [[70, 0], [0, 30]] + 0.6 [[49, 21], [21, 9]] = [[57.4, 12.6], [12.6, 17.4]]
    "05b.2": (57.4 / 70, 57.4 / 70 - 12.6 / 30),
    # prevalence 0.5, p_inf 0.6, bias 0.2 of 100: TP 50 (0.6 + 0.4 * 0.2) = 34, FP 50 * 0.4 * 0.2 = 4
    "05b.3": (0.5, 0.6, 0.2, 34 / 38, 0.6),
    # purity (70 + 10)/100; the best map names cluster 1 B: recall(A) 70/80, fallout(A) 15/20
    "07.2": (80 / 100, 70 / 80 - 15 / 20),
    "07.3": _best_map_b(_iris_kmeans_by_sklearn()),
    # B(A) = 36/40 - 6/60, B(B) = 20/30 - 13/70, B(C) = 18/30 - 7/70, weighted by the biases .42, .33, .25
    "07b.3": (0.42 * 0.8 + 0.33 * (20 / 30 - 13 / 70) + 0.25 * 0.5,
              0.8 * (0.42 * 0.8 + 0.33 * (20 / 30 - 13 / 70) + 0.25 * 0.5)),
}


def _notebook_exercises(path):
    """The numbers N of the exercises **N.** under "## Exercises", outside the solution cells."""
    numbers, inside = [], False
    for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
        source = "".join(cell["source"])
        headings = re.findall(r"^## (.*)$", source, flags=re.MULTILINE) if cell["cell_type"] == "markdown" else []
        if headings:
            inside = headings[-1].startswith("Exercises")
            source = source[source.rindex("## " + headings[-1]):]
        if inside and cell["cell_type"] == "markdown" and "solution" not in cell.get("metadata", {}).get("tags", []):
            numbers += re.findall(r"^\*\*(\d+)\.(?:\*\*|\s)", source, flags=re.MULTILINE)
    return numbers


def _notebook_param(path):
    prefix = path.name.split("_")[0]
    return pytest.param(path, id=prefix)


WITH_EXERCISES = [p for p in sorted(NOTEBOOKS.glob("*.ipynb")) if _notebook_exercises(p)]


def test_the_banks_are_found():
    assert {"01", "02", "03", "04", "05", "06", "07"} <= set(BANKS)


@pytest.mark.parametrize("path", [_notebook_param(p) for p in WITH_EXERCISES])
def test_every_exercise_of_a_notebook_has_a_bank_entry(path):
    prefix = path.name.split("_")[0]
    in_notebook = [f"{prefix}.{n}" for n in _notebook_exercises(path)]
    assert len(set(in_notebook)) == len(in_notebook), f"{path.name} numbers an exercise twice"
    assert [e.id for e in exercises(prefix)] == in_notebook


@pytest.mark.parametrize("exercise", ALL, ids=lambda e: e.id)
def test_an_exercise_is_complete(exercise):
    # a judged exercise (something built) has no one wrong value to name: its judge says why instead
    assert exercise.asks.strip() and (exercise.mistakes or exercise.judge) and 2 <= len(exercise.hints) <= 3
    if exercise.starter:
        namespace = {}
        exec(starter(exercise), namespace)   # runs before the learner answers
        assert checker._unanswered(namespace[f"answer_{exercise.id.split('.')[1]}"])


@pytest.mark.parametrize("exercise", ALL, ids=lambda e: e.id)
def test_the_answer_passes_its_check(exercise, capsys):
    assert check(exercise.id, exercise.answer())
    assert capsys.readouterr().out == f"{exercise.id}: right.\n"


def test_every_exercise_of_notebooks_01_to_07_has_a_worked_answer():
    assert {e.id for e in ALL if e.id[:2] in {"01", "02", "03", "04", "05", "06", "07"}} == set(WORKED)


@pytest.mark.parametrize(("exercise_id", "index"), MISTAKES, ids=[f"{i}-{k}" for i, k in MISTAKES])
def test_a_known_mistake_fails_with_its_own_message(exercise_id, index, capsys):
    mistake = BY_ID[exercise_id].mistakes[index]
    result = check(exercise_id, mistake.answer())
    assert not result and result.message == f"{exercise_id}: not yet — {mistake.message}"


def _percentage_applies(exercise):
    """A proportion answer (floats in [-1, 1]) that 100 times itself tells apart from itself."""
    if exercise.judge is not None:
        return False
    value = exercise.answer()
    if isinstance(value, (str, set, frozenset, dict, bool, BinaryTable)) or not hasattr(np.asarray(value), "dtype"):
        return False
    array = np.asarray(value)
    return (array.dtype.kind == "f" and np.all(np.abs(array) <= 1)
            and np.any(np.abs(99 * array) > 2 * exercise.tolerance + 1e-9))


@pytest.mark.parametrize("exercise", [e for e in ALL if _percentage_applies(e)], ids=lambda e: e.id)
def test_a_percentage_for_a_proportion_fails_with_its_message(exercise, capsys):
    result = check(exercise.id, 100 * np.asarray(exercise.answer()))
    assert not result
    assert result.message == f"{exercise.id}: not yet — {PERCENTAGE_MESSAGE}"


def test_the_percentage_test_covers_most_float_exercises():
    # every float exercise of notebooks 01-07 but those whose answer is 0 (01b.1, 06.2) or holds counts
    covered = {e.id for e in ALL if _percentage_applies(e) and e.id[:2] <= "07"}
    assert {"01.2", "02b.1", "03.1", "04.1", "06.1", "07b.2"} <= covered


@pytest.mark.parametrize("exercise", ALL, ids=lambda e: e.id)
def test_every_hint_prints(exercise, capsys):
    count = len(exercise.hints)
    for level in range(1, count + 1):
        hint(exercise.id, level)
        assert capsys.readouterr().out == f"hint {level} of {count}: {exercise.hints[level - 1]}\n"
    hint(exercise.id, count + 1)
    assert f"has {count} hints" in capsys.readouterr().out


def _solution_cells(path):
    """{N: the sources of the cells tagged solution after exercise **N.**, up to the next exercise or section}."""
    found, current, inside = {}, None, False
    for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
        source = "".join(cell["source"]).strip()
        headings = re.findall(r"^## (.*)$", source, flags=re.MULTILINE) if cell["cell_type"] == "markdown" else []
        if headings:
            inside, current = headings[-1].startswith("Exercises"), None
            source = source[source.rindex("## " + headings[-1]):]
        if not inside:
            continue
        if "solution" in cell.get("metadata", {}).get("tags", []):
            # the text a reader sees: inside the fold <details><summary>Solution N</summary> ... </details>,
            # the code without its first line %%solution N
            source = re.sub(r"\A<details><summary>[^<]*</summary>\s*|\s*</details>\Z", "", source)
            source = re.sub(r"\A%%solution \d+\n", "", source).strip()
            found.setdefault(current, []).append(source)
        elif cell["cell_type"] == "markdown":
            current = (re.findall(r"^\*\*(\d+)\.(?:\*\*|\s)", source, flags=re.MULTILINE) or [current])[-1]
    return found


@pytest.mark.parametrize("exercise", ALL, ids=lambda e: e.id)
def test_solution_shows_the_worked_solution_of_that_exercise(exercise):
    notebook, number = exercise.id.split(".")
    cells = _solution_cells(next(NOTEBOOKS.glob(f"{notebook}_*.ipynb")))
    text = solution_markdown(exercise.id)
    assert cells.get(number) and all(source in text for source in cells[number])
    others = [source for n, sources in cells.items() if n != number for source in sources]
    assert not any(source in text for source in others)


@pytest.mark.parametrize("exercise", ALL, ids=lambda e: e.id)
def test_solution_shows_the_answer_and_the_answer_shown_passes_its_check(exercise, capsys):
    """solution() ends with the answer as the learner would type it, to the precision asked; typed in, it is
    right (so no answer is shown rounded past its tolerance)."""
    number = exercise.id.split(".")[1]
    shown = shown_answer(exercise)
    assert solution_markdown(exercise.id).endswith(f"`answer_{number} = {shown}`")
    names = {"BinaryTable": BinaryTable, "Contingency": Contingency}
    if exercise.judge is not None and re.search(r"\byours\b", shown):
        # an open task's own model (13.3) is shown as `yours`, the name its worked solution builds it under
        names["yours"] = exercise.answer()[0]
    value = eval(shown, names)   # the text a learner copies
    assert check(exercise.id, value), shown


@pytest.mark.parametrize("exercise", ALL, ids=lambda e: e.id)
def test_every_starter_states_the_precision_of_a_number_answer(exercise):
    """A starter (the exercise notebook's answer cell) says how precisely a number is judged."""
    note = precision_note(exercise)
    if exercise.tolerance > 1e-6 and exercise.judge is None:
        assert note.startswith("to ") and note in starter(exercise)
    # the note ends the comment, beside the answer or, for a long one, on the lines above it
    comment = " ".join(line.partition("#")[2].strip() for line in starter(exercise).splitlines() if "#" in line)
    assert comment.endswith(note)
    assert all(len(line) <= checker.STARTER_WIDTH for line in starter(exercise).splitlines())


def test_01_1_names_a_percentage_inside_the_mixed_answer(capsys):
    # (tp, fp, fn, tn, prevalence, bias) = (35, 10, 5, 50, 0.40, 0.45): 40 and 45 are the proportions in %
    result = check("01.1", (35, 10, 5, 50, 40, 45))
    assert result.kind == "mistake" and result.message.startswith(
        "01.1: not yet — value 5 (prevalence) and value 6 (bias) look like percentages")


def test_01_2_tells_a_rounded_answer_to_round(capsys):
    # recall 0.2/0.3 = 0.667 to 3 decimals; 0.67 is it to 2
    result = check("01.2", (0.2, 0.2, 0.1, 0.5, 0.67, 0.5))
    assert result.kind == "rounding" and "round to 3 decimals" in result.message


def test_01_3_names_a_table_of_proportions(capsys):
    # LingPipe's (tp, fn, fp, tn) = (9, 3, 4, 11), N = 27: each cell over 27
    result = check("01.3", BinaryTable(tp=9 / 27, fp=4 / 27, fn=3 / 27, tn=11 / 27))
    assert result.kind == "mistake" and result.message == (
        f"01.3: not yet — {checker.PROPORTIONS_FOR_COUNTS_MESSAGE}")


def test_00_3_the_reported_model_by_hand(capsys):
    # TP 21, FP 12, FN 85, TN 167: recall 21/106, fallout 12/179; its accuracy (21 + 167)/285 is named
    assert check("00.3", 21 / 106 - 12 / 179)
    result = check("00.3", 188 / 285)
    assert result.kind == "mistake" and "accuracy the report gives" in result.message


def test_05b_3_judges_the_punter_built(capsys):
    # prevalence 0.4, p_inf 0.5, bias 0.5: TP = 0.4 (0.5 + 0.5 * 0.5) = 0.3, FP = 0.6 * 0.5 * 0.5 = 0.15
    assert check("05b.3", (0.4, 0.5, 0.5, 0.3 / 0.45, 0.5))
    assert not check("05b.3", (0.4, 0.5, 0.5, 0.3 / 0.45, 0.75))            # B is p_inf, not recall
    assert "precision of that punter is 0.667" in check("05b.3", (0.4, 0.5, 0.5, 0.5, 0.5)).message
    assert "choose one of your own" in check("05b.3", (0.7, 0.4, 1.0, 70 / 88, 0.4)).message
    assert "five numbers" in check("05b.3", (0.4, 0.5)).message


# --- notebooks 03 and 04 (exercises 03.3 and 04.3) ----------------------------------------------------------
# Test A: B = 63/70 - 26/130 = 0.9 - 0.2 = 0.700 > test B's 42/70 - 2/130 = 0.585: the programme takes A;
# M of A = 63/89 + 104/111 - 1 = 0.645 < M of B = 42/44 + 128/156 - 1 = 0.775: the clinician takes B.
# 04.3: |phi| = sqrt(chi2 / N) with scipy's chi2 of P (TP 1100, FP 3300, FN 900, TN 4700) and Q (21, 14, 9, 56).
def _phi_by_scipy(tp, fp, fn, tn):
    from scipy.stats import chi2_contingency

    return float(np.sqrt(chi2_contingency(np.array([[tp, fp], [fn, tn]]), correction=False)[0]
                         / (tp + fp + fn + tn)))


WORKED.update({
    "03.3": ("A", "B"),
    "04.3": (_phi_by_scipy(1100, 3300, 900, 4700), _phi_by_scipy(21, 14, 9, 56)),
})


def test_03_3_names_each_wrong_pair_of_choices(capsys):
    assert check("03.3", (" a", "B"))                               # case and spaces do not matter
    assert "correlation, 0.673 against 0.672" in check("03.3", ("B", "B")).message
    assert "63 of A's 89" in check("03.3", ("A", "A")).message
    assert "two directions exchanged" in check("03.3", ("B", "A")).message


def test_04_3_by_hand_and_its_named_mistakes(capsys):
    # the report's rounded numbers: sqrt(122.8/10000) = 0.1108, sqrt(23.08/100) = 0.4804
    assert check("04.3", (0.111, 0.480))
    phi_squared = (122.8 / 10000, 23.08 / 100)                      # chi2 / N, not its root
    assert "phi squared" in check("04.3", phi_squared).message
    assert "informedness" in check("04.3", (0.55 - 0.4125, 0.7 - 0.2)).message
    # sqrt(chi2) itself: sqrt(122.77) = 11.080, sqrt(23.077) = 4.804
    assert "grows with N" in check("04.3", (11.080, 4.804)).message


# --- notebooks 06 and 06b: exercises 06.3, 06b.2 and 06b.3 ------------------------------------------------
def _b_by_hand(counts):
    """(B(l) per label, Powers' B, micro B, macro mean of B(l)) of a table of counts, rows = predictions,
    by the definitions: recall(l) - fallout(l), weighted by the row totals; (accuracy - 1/K)/(1 - 1/K)."""
    counts = np.asarray(counts, dtype=float)
    n, k = counts.sum(), len(counts)
    rows, columns, hits = counts.sum(axis=1), counts.sum(axis=0), np.diag(counts)
    per_label = hits / columns - (rows - hits) / (n - columns)
    accuracy = hits.sum() / n
    return per_label, float(rows @ per_label / n), (accuracy - 1 / k) / (1 - 1 / k), float(per_label.mean())


def _wine_by_sklearn():
    """06b.3's worked example, counted by scikit-learn and turned to rows = predictions by hand (transpose)."""
    from sklearn.datasets import load_wine
    from sklearn.metrics import confusion_matrix
    from sklearn.model_selection import train_test_split
    from sklearn.neighbors import KNeighborsClassifier

    x, y = load_wine(return_X_y=True)
    x_fit, x_test, y_fit, y_test = train_test_split(x, y, test_size=0.5, stratify=y, random_state=0)
    return confusion_matrix(y_test, KNeighborsClassifier().fit(x_fit, y_fit).predict(x_test)).T


WORKED_06 = {
    # X: B(l) = 57/60 - 9/40, 27/30 - 6/70, 1/10 - 0/90 weighted by rows .66, .33, .01;
    # Y: 48/60 - 7/40, 20/30 - 9/70, 8/10 - 8/90 weighted by .55, .29, .16; Y finds the emergencies
    "06.3": (0.66 * (57 / 60 - 9 / 40) + 0.33 * (27 / 30 - 6 / 70) + 0.01 * (1 / 10),
             0.55 * (48 / 60 - 7 / 40) + 0.29 * (20 / 30 - 9 / 70) + 0.16 * (8 / 10 - 8 / 90),
             1 / 10, 8 / 10 - 8 / 90, "Y"),
    # guesser: accuracy .8, micro B (.8 - 1/3)/(2/3); classifier: (.84 - 1/3)/(2/3) and
    # B = .88 (76/80 - 12/20) + .06 (4/10 - 2/90) + .06 (4/10 - 2/90)
    "06b.2": (0.8, (0.8 - 1 / 3) / (2 / 3), (0.84 - 1 / 3) / (2 / 3),
              0.88 * (76 / 80 - 12 / 20) + 2 * 0.06 * (4 / 10 - 2 / 90)),
}
WORKED.update(WORKED_06)
# one answer of the open task: scikit-learn's table of the worked example and its numbers by hand
WORKED["06b.3"] = (_wine_by_sklearn(), *_b_by_hand(_wine_by_sklearn())[1:])


def test_06_3_names_the_mistakes(capsys):
    right = WORKED_06["06.3"]
    # choosing X, the larger B
    assert "finds 1 of the 10 emergencies" in check("06.3", (*right[:4], "X")).message
    # the plain mean of X's B(l): (0.725 + 0.8143 + 0.1)/3 = 0.5464
    macro_x = (57 / 60 - 9 / 40 + 27 / 30 - 6 / 70 + 1 / 10) / 3
    assert "plain mean of its B(l)" in check("06.3", (macro_x, *right[1:])).message
    # Y's recall of emergency, 8/10, for B(emergency)
    assert "is its recall" in check("06.3", (*right[:3], 0.8, "Y")).message
    assert "four numbers and a name" in check("06.3", right[:4]).message
    assert check("06.3", (*right[:4], " y "))                     # a name is read after strip and case


def test_06b_3_judges_a_table_of_ones_own(capsys):
    counts = _wine_by_sklearn()
    assert counts.sum() == 89                                  # half of 178, rounded up by train_test_split
    _, b, micro, macro = _b_by_hand(counts)
    assert check("06b.3", (Contingency(counts, layout="powers"), b, micro, macro))
    assert check("06b.3", (counts.tolist(), round(b, 3), round(micro, 3), round(macro, 3)))
    # another classifier's table: a perfect one, B = micro B = macro = 1
    assert check("06b.3", (np.diag([30, 35, 24]).tolist(), 1.0, 1.0, 1.0))
    accuracy = np.trace(counts) / counts.sum()
    assert "is the accuracy" in check("06b.3", (counts.tolist(), accuracy, micro, macro)).message
    assert "micro B puts chance at 1/K" in check("06b.3", (counts.tolist(), b, accuracy, macro)).message
    assert "plain mean of the three" in check("06b.3", (counts.tolist(), b, micro, b)).message
    # scikit-learn's orientation (rows = real) given with the numbers of the table in Powers' orientation;
    # the transpose has another B (the markedness of the right table), so the two are told apart
    assert abs(_b_by_hand(counts.T)[1] - b) > 5e-4
    assert "transposed table" in check("06b.3", (counts.T.tolist(), b, micro, macro)).message
    assert "3 x 3" in check("06b.3", ([[5, 1], [2, 7]], 0.5, 0.5, 0.5)).message
    assert "table and three numbers" in check("06b.3", (counts.tolist(), b)).message


def test_06b_3_the_answer_shown_is_scikit_learns_table():
    shown = eval(shown_answer(BY_ID["06b.3"]), {"BinaryTable": BinaryTable, "Contingency": Contingency})
    counts = _wine_by_sklearn()
    assert np.array_equal(shown[0].counts, counts)
    assert np.allclose(shown[1:], _b_by_hand(counts)[1:], atol=5e-4 + 1e-12, rtol=0)


# --- every worked answer, at the end -------------------------------------------------------------------------
# (after every block above has added its worked answers to WORKED, so that the parametrisation sees them all)
@pytest.mark.parametrize("exercise_id", sorted(WORKED))
def test_the_worked_answer_passes_its_check(exercise_id, capsys):
    result = check(exercise_id, WORKED[exercise_id])
    assert result, result.message


def _same_answer(shown, worked, tolerance):
    """Tables cell by cell, names exactly, numbers within the tolerance; a tuple item by item."""
    if isinstance(worked, BinaryTable):
        return shown.to_matrix("powers").tolist() == worked.to_matrix("powers").tolist()
    if isinstance(worked, Contingency) or (isinstance(worked, np.ndarray) and worked.ndim == 2):
        shown_counts = shown.counts if isinstance(shown, Contingency) else np.asarray(shown)
        worked_counts = worked.counts if isinstance(worked, Contingency) else worked
        return np.array_equal(shown_counts, worked_counts)
    if isinstance(worked, str):
        return shown == worked
    if isinstance(worked, tuple) and any(isinstance(value, (str, BinaryTable, Contingency, np.ndarray))
                                         for value in worked):
        return len(shown) == len(worked) and all(_same_answer(s, w, tolerance) for s, w in zip(shown, worked))
    return np.allclose(np.asarray(shown, dtype=float), np.asarray(worked, dtype=float),
                       atol=tolerance + 1e-12, rtol=0)


@pytest.mark.parametrize("exercise_id", sorted(WORKED))
def test_the_answer_shown_is_the_worked_answer(exercise_id):
    # WORKED holds the answers by hand; the one shown is within the exercise's tolerance of it
    exercise = BY_ID[exercise_id]
    shown = eval(shown_answer(exercise), {"BinaryTable": BinaryTable, "Contingency": Contingency})
    assert _same_answer(shown, WORKED[exercise_id], exercise.tolerance)
