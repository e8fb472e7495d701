"""The banks of notebooks 08-14, A1 and A7 against answers worked out independently of them.

tests/test_exercise_bank.py checks every bank against the checker (the answer passes, each known
mistake gets its message, hints, solutions).  Here every exercise of notebooks 08-14, A1 and A7 is
answered as its worked solution does it: by hand arithmetic (shown in a comment), by an independent
library (scipy, statsmodels, scikit-learn) or by a brute force written in the test; the answer must
pass the checker.  The facts that the banks' mistake messages and hints state are checked too.
"""
import math

import numpy as np
import pytest
import scipy.stats

from bookeval_lib import BinaryTable, clustering, coverage
from bookeval_lib.course.checker import check
from bookeval_lib.course.exercise_bank import nb12, nb13b
from bookeval_lib.course.replications import concordance, mixture

Z95 = scipy.stats.norm.isf(0.025)


def _f1(tp, fp, fn):
    return 2 * tp / (2 * tp + fp + fn)


def _nine_test_held_out():
    """Notebook 14's tuned classifier, fitted here as the notebook does, and its held-out labels."""
    from sklearn.datasets import load_digits
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import (
        StratifiedKFold,
        TunedThresholdClassifierCV,
        train_test_split,
    )
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    x, y = load_digits(return_X_y=True)
    x_train, x_test, y_train, y_test = train_test_split(x, y, test_size=0.5, stratify=y, random_state=0)
    folds = StratifiedKFold(5, shuffle=True, random_state=0)

    def cost(real, predicted):          # 1 per false alarm, 5 per miss, per case; negated: higher is better
        return -np.mean((predicted == 1) & (real == 0)) - 5 * np.mean((predicted == 0) & (real == 1))

    from sklearn.metrics import make_scorer
    tuned = TunedThresholdClassifierCV(make_pipeline(StandardScaler(), LogisticRegression(max_iter=1000)),
                                       scoring=make_scorer(cost), cv=folds, random_state=0, n_jobs=1)
    tuned.fit(x_train, (y_train == 9).astype(int))
    return (y_test == 9).astype(int), tuned.predict(x_test)


def _notebook_11b_worked():
    """Notebook 11b's tuned model as the notebook builds it; the cheapest threshold by brute force."""
    from sklearn.datasets import load_breast_cancer
    from sklearn.linear_model import LogisticRegression
    from sklearn.metrics import make_scorer
    from sklearn.model_selection import (
        StratifiedKFold,
        TunedThresholdClassifierCV,
        train_test_split,
    )
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    data = load_breast_cancer()
    malignant = (data.target == 0).astype(int)
    names = list(data.feature_names)
    columns = [names.index(name) for name in ("mean texture", "mean smoothness")]
    train_x, test_x, train_y, test_y = train_test_split(data.data[:, columns], malignant, test_size=0.5,
                                                        stratify=malignant, random_state=0)
    scorer = make_scorer(lambda y, p: np.mean(p[y == 1]) - np.mean(p[y == 0]))
    tuned = TunedThresholdClassifierCV(make_pipeline(StandardScaler(), LogisticRegression()), scoring=scorer,
                                       thresholds=200, cv=StratifiedKFold(5, shuffle=True, random_state=0))
    scores = tuned.fit(train_x, train_y).estimator_.predict_proba(test_x)[:, 1]
    # every distinct score as a threshold "positive if score >= t", highest first, plus "nothing positive"
    candidates = np.concatenate([[np.inf], np.unique(scores)[::-1]])
    flagged = scores[None, :] >= candidates[:, None]
    false_alarms = (flagged & (test_y == 0)).sum(axis=1)
    misses = (~flagged & (test_y == 1)).sum(axis=1)
    cost = 1 * false_alarms + 50 * misses
    best = int(np.argmin(cost))                                   # the first (highest) cheapest threshold
    return candidates[best], false_alarms[best] / np.sum(test_y == 0), misses[best]


def _bookmaker_by_hand(counts, row_labels, column_classes):
    """B = sum over predicted labels l of Pr(P = l) (recall(l) - fallout(l)), written out here."""
    counts = np.asarray(counts, dtype=float)
    n = counts.sum()
    total = 0.0
    for row, label in enumerate(row_labels):
        column = list(column_classes).index(label)
        hit, predicted, real = counts[row, column], counts[row].sum(), counts[:, column].sum()
        total += predicted / n * (hit / real - (predicted - hit) / (n - real))
    return total


def _sentence_only_by_hand():
    """Notebook 12b, exercise 1, along another path than the bank's: fit, reduce, B_wav by hand."""
    records = concordance.load_concordance()
    features = concordance.context_features(records, neighbours=False)
    real = [r["sense"] for r in records]
    features, real = concordance.add_index_document(features, real)
    fit = mixture.fit_bernoulli_mixture(features, 18, seed=2003, n_restarts=10)
    reduced = clustering.reduce_clustering(real, fit.predict(features))
    table = reduced.table
    b_wav = _bookmaker_by_hand(table.counts, table.labels, table.classes)
    occurrences = int(np.count_nonzero(features[:-1].sum(axis=1)))      # the last row: the index document
    return occurrences, reduced.retained / len(real), b_wav * reduced.retained / len(real)


def _three_sentences_discounted_by_hand(keep):
    """Notebook 12's fit reduced (strict "best" or liberal "informed"): B_wav by hand times n/N."""
    records = concordance.load_concordance()
    features = concordance.context_features(records)
    real = [r["sense"] for r in records]
    features, real = concordance.add_index_document(features, real)
    fit = mixture.fit_bernoulli_mixture(features, 18, seed=2003, n_restarts=10)
    reduced = clustering.reduce_clustering(real, fit.predict(features), keep=keep)
    table = reduced.table
    return _bookmaker_by_hand(table.counts, table.labels, table.classes) * reduced.retained / len(real)


def _forest_minus_bayes_by_sklearn():
    """Exercise 10.3: B = balanced accuracy adjusted (scikit-learn) of the forest minus that of naive Bayes."""
    from sklearn.datasets import load_breast_cancer
    from sklearn.metrics import balanced_accuracy_score
    from sklearn.naive_bayes import GaussianNB

    from bookeval_lib.course.opening import opening_model

    every = tuple(load_breast_cancer().feature_names)
    forest, bayes = opening_model(features=every), opening_model(GaussianNB(), features=every)
    return (balanced_accuracy_score(forest.y_true, forest.y_pred, adjusted=True)
            - balanced_accuracy_score(bayes.y_true, bayes.y_pred, adjusted=True))


def _depth_3_by_sklearn():
    """(label of the largest Pr_P(l) B(l), label of the largest B(l)) from scikit-learn's confusion matrix."""
    from sklearn.datasets import load_digits
    from sklearn.metrics import confusion_matrix
    from sklearn.model_selection import StratifiedKFold, cross_val_predict
    from sklearn.tree import DecisionTreeClassifier

    x, y = load_digits(return_X_y=True)
    predicted = cross_val_predict(DecisionTreeClassifier(max_depth=3, random_state=0), x, y,
                                  cv=StratifiedKFold(5, shuffle=True, random_state=0))
    matrix = confusion_matrix(y, predicted, labels=range(10))          # rows = real
    n, hits = matrix.sum(), np.diag(matrix)
    real, predicted_count = matrix.sum(axis=1), matrix.sum(axis=0)
    b = hits / real - (predicted_count - hits) / (n - real)
    return int(np.argmax(predicted_count / n * b)), int(np.argmax(b))


def _paired_b_p_value():
    """Exact paired test of B in exercise 10.1: every split (b1 of 7, b0 of 7) under Bin(7, 1/2)."""
    b1, b0 = np.meshgrid(np.arange(8), np.arange(8), indexing="ij")
    # dB RP RN = (2 b1 - 7) RN + (2 b0 - 7) RP with RP = 20, RN = 30; observed (6 - 1) 30 + (2 - 5) 20 = 90
    extreme = np.abs((2 * b1 - 7) * 30 + (2 * b0 - 7) * 20) >= 90
    return float(np.sum(scipy.stats.binom.pmf(b1, 7, 0.5) * scipy.stats.binom.pmf(b0, 7, 0.5) * extreme))


def _newcombe_syrah():
    from statsmodels.stats.proportion import proportion_confint

    l_t, u_t = proportion_confint(5, 9, method="wilson")
    l_f, u_f = proportion_confint(4, 18, method="wilson")
    b = 5 / 9 - 4 / 18
    return (b - math.hypot(5 / 9 - l_t, u_f - 4 / 18), b + math.hypot(u_t - 5 / 9, 4 / 18 - l_f))


def _agresti_caffo_smallest_n():
    n = np.arange(10, 1001)
    tp, fp = np.rint(0.9 * n), np.rint(0.2 * n)
    q1, q2 = (tp + 1) / (n + 2), (fp + 1) / (n + 2)
    width = 2 * Z95 * np.sqrt((q1 * (1 - q1) + q2 * (1 - q2)) / (n + 2))
    smallest = int(n[np.argmax(width <= 0.2)])
    assert 95 <= smallest <= 102                       # the bounds notebook 09's solution derives
    return smallest


WORKED = {
    # tpr = 0.6 + 0.4 * 0.5 = 0.8, fpr = 0.2: tp = fp = 0.16, fn 0.04, tn 0.64, pp = 0.32;
    # M = G rp rn/(pp pn), kappa = 2 G rp rn/(pp rn + rp pn)
    "08.1": lambda: (0.6, 0.6 * 0.16 / (0.32 * 0.68), 0.192 / (0.256 + 0.136)),
    "08b.1": lambda: 300,                                # 0.75/N <= 0.05^2
    # Wav = p^2 + (1 - p)^2, Gav = p^p (1 - p)^(1 - p), Fav = 1/2
    "08.2": lambda: [[0.5, 0.5, 0.5], [0.82, 0.9 ** 0.9 * 0.1 ** 0.1, 0.5]],
    # M = 0.6 - 0.1; B = recall - fallout = 0.18/0.25 - 0.12/0.75
    "08b.2": lambda: (0.5, 0.18 / 0.25 - 0.12 / 0.75),
    "09.1": _newcombe_syrah,
    "09.2": _agresti_caffo_smallest_n,
    # det = 4*20 - 1*2 = 78; chi^2 = N det^2/(RP RN PP PN) = N B M with RP 6, RN 21, PP 5, PN 22
    "09b.1": lambda: 27 * 78**2 / (6 * 21 * 5 * 22),
    "10.1": lambda: ((6 - 1) / 20 + (2 - 5) / 30, _paired_b_p_value(), scipy.stats.binomtest(8, 14, 0.5).pvalue),
    # A right on 38, B on 36 of 50: A only - B only = 2; fewest 2 + 0; both wrong = 12 - B only >= 0: 14 + 12
    "10.2": lambda: (2, 26),
    "10.3": _forest_minus_bayes_by_sklearn,
    # fpr 10/50, tpr 30/50, AUC (0.6 - 0.2 + 1)/2, B 0.6 - 0.2
    "11.1": lambda: (0.2, 0.6, 0.7, 0.4),
    # c = (1/5)(0.9/0.1); costs 0.9*1*0.1 + 0.1*5*0.4 and 0.9*1*0.3 + 0.1*5*0.1
    "11.2": lambda: (1.8, 0.29, 0.32),
    # (0, 0.5): B 0.5, distance 0.5; (0.3, 0.75): B 0.45, distance sqrt(0.09 + 0.0625) = 0.39:
    # B prefers the first, the distance the second (checked by hand below, POINT_PAIRS)
    "11.3": lambda: ((0.0, 0.5), (0.3, 0.75)),
    "A3.1": lambda: 0.5,                                # FP/RN = FN/RP with FP = FN: RP = RN
    "11b.1": lambda: _notebook_11b_worked()[:2],
    "11b.2": lambda: 6.5 / 9,                            # 3 + 2 + 1 + 1/2 of 9 pairs
    "12b.1": _sentence_only_by_hand,
    "12.1": lambda: 0.0,                                # recall(M) = fallout(M) = 1
    "12b.2": lambda: "N",
    # row N of the strict table: 6 hits, row total 8; column N: 7 real N of n = 51 retained
    "12.2": lambda: (6 / 7, 2 / 44, 6 / 7 - 2 / 44),
    "12.3": lambda: (_three_sentences_discounted_by_hand("best"), _three_sentences_discounted_by_hand("informed")),
    "13b.1": _depth_3_by_sklearn,
    # tpr 0.8, fpr 0.2 at prevalence 1/2 and 1/10: macro-F1 (0.8 + 0.8)/2 against
    # (F1(8, 18, 2) + F1(72, 2, 18))/2; the same B = 0.6 (checked by hand below, TABLE_PAIRS)
    "13.1": lambda: (BinaryTable(tp=40, fp=10, fn=10, tn=40), BinaryTable(tp=8, fp=18, fn=2, tn=72)),
    "13.2": lambda: "ABA",
    # pi tpr = (1 - pi) fpr: pi = fpr/(tpr + fpr)
    "14.1": lambda: _precision_half_by_hand(*_held_out_rates()),
    "14b.3": lambda: 0.0,                                # a constant prediction: recall = fallout per label
    "A1.1": lambda: 9 / 12 + 11 / 15 - 1,
    "A1.2": lambda: (50 / math.sqrt(1 * 1), math.sqrt(1 * 1)),
    "A1.3": lambda: "Syrah",                            # rp = pp = 9/27
    "A7.1": lambda: {"wald"},
}


def _rankings_disagree(first, second):
    """B = tpr - fpr prefers one point and the distance to (0, 1) the other."""
    b = [tpr - fpr for fpr, tpr in (first, second)]
    distance = [math.hypot(fpr, 1 - tpr) for fpr, tpr in (first, second)]
    return (b[0] > b[1]) == (distance[0] > distance[1])


def _precision_half_by_hand(fpr, tpr):
    """pi tpr = (1 - pi) fpr: precision is 1/2 at pi = fpr/(tpr + fpr)."""
    return fpr / (tpr + fpr)


def _held_out_rates():
    """(fpr, tpr) of notebook 14's tuned classifier on the test half, counted here."""
    real, predicted = _nine_test_held_out()
    tpr = np.sum((predicted == 1) & (real == 1)) / np.sum(real == 1)
    fpr = np.sum((predicted == 1) & (real == 0)) / np.sum(real == 0)
    return fpr, tpr


def test_every_exercise_of_these_banks_but_one_has_a_worked_answer():
    from bookeval_lib.course.checker import exercises

    banks = ("08", "08b", "09", "09b", "10", "11", "11b", "12", "12b", "13", "13b", "14", "14b", "A1", "A3", "A7")
    ids = {e.id for notebook in banks for e in exercises(notebook)}
    # 14b.1 is a paired t interval on the calibrated model's probabilities: below, by hand
    assert ids - set(WORKED) == {"14b.1"}


def test_exercise_14b_1_by_hand():
    from sklearn.calibration import CalibratedClassifierCV
    from sklearn.datasets import load_digits
    from sklearn.model_selection import StratifiedKFold, train_test_split
    from sklearn.naive_bayes import GaussianNB

    x, y = load_digits(return_X_y=True)
    x_train, x_test, y_train, y_test = train_test_split(x, y, test_size=0.5, stratify=y, random_state=0)
    nine_train, nine_test = (y_train == 9).astype(int), (y_test == 9).astype(int)
    model = CalibratedClassifierCV(GaussianNB(), method="sigmoid", cv=StratifiedKFold(5, shuffle=True, random_state=0))
    q = model.fit(x_train, nine_train).predict_proba(x_test)[:, 1]
    guess = np.full(q.size, nine_train.mean())          # the prior guesser: the training share of nines
    d = (q - nine_test) ** 2 - (guess - nine_test) ** 2
    half = scipy.stats.t.ppf(0.975, d.size - 1) * d.std(ddof=1) / np.sqrt(d.size)
    result = check("14b.1", (d.mean() - half, d.mean() + half))
    assert result, result.message


# ---------------------------------------------------------------------------- what the messages say
def test_exercise_08_1_messages_bias_is_032_not_the_prevalence():
    # pp = rp tpr + rn fpr = 0.2 * 0.8 + 0.8 * 0.2
    from bookeval_lib import montecarlo as mc

    table = mc.expected_table(0.6, 0.2, 0.5)
    assert math.isclose(table.bias, 0.32) and not math.isclose(table.bias, table.prevalence)


def test_exercise_08b_2_message_prevalence_is_025():
    from bookeval_lib.course.exercise_bank import nb08b

    assert math.isclose(nb08b._marker_table().prevalence, 0.18 + 0.07)


def test_exercise_11b_1_hint_the_first_point_with_tpr_1():
    _, fallout, misses = _notebook_11b_worked()
    assert misses == 0 and fallout > 0.5                 # every malignant tumour found, most benign flagged


def test_exercise_12b_2_message_m_stays():
    labels = nb12._reduce(nb12._induced("no railway words")).table.labels
    assert "M" in labels and "N" not in labels
    assert concordance.SENSES["N"] == "railway train"


def test_exercise_13_2_message_f1_of_the_named_class():
    # the most frequent digit is named for all 1797 cases: precision = its share, recall 1
    from sklearn.datasets import load_digits

    _, y = load_digits(return_X_y=True)
    share = np.bincount(y).max() / y.size
    f1 = 2 * share / (1 + share)
    assert abs(share - 0.1) < 0.002 and abs(f1 - 0.18) < 0.005 and abs(f1 / 10 - 0.02) < 0.002


def test_exercise_13b_1_mistakes_name_other_labels():
    largest_contribution, _ = nb13b._largest(lambda row: row["bias"])
    assert nb13b._largest(lambda row: row["support"])[0] != largest_contribution
    assert nb13b._most_predicted()[0] != largest_contribution


def test_exercise_14_3_a_constant_guesser_has_b_zero_on_any_data():
    # the message says B = 0 for the most-frequent guesser on any data: random data sets, K = 2..5,
    # the library's B and scikit-learn's adjusted balanced accuracy (B's one-vs-rest cousin) agree
    from sklearn.metrics import balanced_accuracy_score

    from bookeval_lib import metrics

    rng = np.random.default_rng(14)
    for _ in range(20):
        y = rng.integers(0, rng.integers(2, 6), size=50)
        if np.unique(y).size < 2:
            continue
        named = np.full(y.size, np.bincount(y).argmax())
        assert metrics.informedness_score(y, named) == 0.0
        assert balanced_accuracy_score(y, named, adjusted=True) == 0.0


def test_exercise_a1_3_messages_prevalence_and_bias_differ():
    from bookeval_lib.course import papers

    for name, (tp, fn, fp, tn) in papers.LINGPIPE_WINES.items():   # LingPipe's (tp, fn, fp, tn)
        assert ((tp + fn) == (tp + fp)) == (name == "Syrah")


def test_exercise_a7_1_message_coverages():
    # Newcombe's and Agresti-Caffo's coverage above 0.95, Wald's below by more than 3 standard errors
    floor = 0.95 - 3 * math.sqrt(0.95 * 0.05 / 4000)
    for measure in ("informedness", "markedness"):
        for method in ("newcombe", "agresti-caffo", "wald"):
            result = coverage.coverage(method, measure=measure, total=50, prevalence=0.3, informedness=0.5,
                                       bias=0.6, trials=4000, seed=13)
            assert (result.coverage < floor) == (method == "wald")
            assert (result.coverage > 0.95) == (method != "wald")


def test_exercise_09b_1_message_scipy_corrects_by_default():
    # Yates by hand: N (|det| - N/2)^2 / (PP PN RP RN) = 27 (78 - 13.5)^2 / (5 * 22 * 6 * 21)
    matrix = [[4, 1], [2, 20]]
    assert math.isclose(scipy.stats.chi2_contingency(matrix).statistic, 27 * 64.5**2 / 13860)
    result = check("09b.1", 27 * 64.5**2 / 13860)
    assert not result and "Yates" in result.message


# 11.3 and 13.1 ask for something built (two points, two tables): the judge's verdict on each pair must be
# the one an independent computation gives (_rankings_disagree; B and macro-F1 by hand with _f1).
POINT_PAIRS = [
    ((0.0, 0.5), (0.3, 0.75)),   # B 0.5 and 0.45, distances 0.5 and sqrt(0.09 + 0.0625) = 0.39: disagree
    ((0.0, 0.45), (0.3, 0.7)),   # B 0.45 and 0.4, distances 0.55 and sqrt(0.09 + 0.09) = 0.42: disagree
    ((0.0, 0.5), (0.3, 0.95)),   # B 0.5 and 0.65, distances 0.5 and 0.30: both prefer the second
    ((0.1, 0.9), (0.2, 0.6)),    # B 0.8 and 0.4, distances 0.14 and 0.45: both prefer the first
]


@pytest.mark.parametrize("pair", POINT_PAIRS)
def test_exercise_11_3_judges_the_points_given(pair, capsys):
    assert bool(check("11.3", pair)) == _rankings_disagree(*pair)


TABLE_PAIRS = [
    ((40, 10, 10, 40), (8, 18, 2, 72)),   # B 0.8 - 0.2 both; macro-F1 0.8 and (16/36 + 144/164)/2 = 0.66
    ((40, 10, 10, 40), (4, 1, 1, 4)),     # the same rates at the same prevalence: macro-F1 0.8 both
    ((40, 10, 10, 40), (8, 18, 3, 72)),   # B 0.6 and 8/11 - 18/90 = 0.53
]


def _same_b_different_macro_f1_by_hand(first, second):
    b = [tp / (tp + fn) - fp / (fp + tn) for tp, fp, fn, tn in (first, second)]
    macro = [(_f1(tp, fp, fn) + _f1(tn, fn, fp)) / 2 for tp, fp, fn, tn in (first, second)]
    return math.isclose(*b) and not math.isclose(*macro)


@pytest.mark.parametrize("pair", TABLE_PAIRS)
def test_exercise_13_1_judges_the_tables_given(pair, capsys):
    from bookeval_lib import BinaryTable

    tables = tuple(BinaryTable(tp=tp, fp=fp, fn=fn, tn=tn) for tp, fp, fn, tn in pair)
    assert bool(check("13.1", tables)) == _same_b_different_macro_f1_by_hand(*pair)
    # Powers' matrices [[tp, fp], [fn, tn]] are read the same way
    matrices = tuple([[tp, fp], [fn, tn]] for tp, fp, fn, tn in pair)
    assert bool(check("13.1", matrices)) == _same_b_different_macro_f1_by_hand(*pair)


@pytest.mark.parametrize("exercise_id", ["11.3", "13.1"])
def test_true_or_false_is_no_longer_the_answer(exercise_id, capsys):
    for answer in (True, False):
        result = check(exercise_id, answer)
        assert not result and "not a bool" in result.message


def test_solution_of_09_2_shows_the_smallest_n():
    from bookeval_lib.course.checker import solution_markdown

    # the Agresti–Caffo width by its formula (above): n = 99 is the first with width <= 0.2
    assert _agresti_caffo_smallest_n() == 99
    assert solution_markdown("09.2").endswith("**The answer**: `answer_2 = 99`")


def test_11b_names_swapped_costs_and_one_minus_the_auc(capsys):
    # A false alarm costing 50 misses gives isocost lines of slope 50 rn/rp (about 50 · 357/212 = 84: 212 of the
    # 569 tumours are malignant, and the split is stratified), steeper than any part of the curve, so the
    # cheapest rule flags nothing: threshold inf, no benign tumour flagged.
    result = check("11b.1", (float("inf"), 0.0))
    assert result.kind == "mistake" and "the costs are swapped" in result.message
    # 1 - AUC = 1 - 6.5/9 = 2.5/9 = 0.278 (3 + 2 + 1 + 1/2 of 9 pairs won by the positive)
    result = check("11b.2", 0.278)
    assert result.kind == "mistake" and "1 - AUC" in result.message


# ---------------------------------------------------------------------------- notebooks 13 and 13b: 13.3, 13b.2, 13b.3
# The answers worked out independently of the banks: B and its Agresti–Caffo interval from the 2 x 2 counts by
# their formulas; per-fold B from scikit-learn's confusion matrix; the corrected resampled t interval by its
# formula, mean ± t(0.975, J - 1) sqrt((1/J + n_test/n_train) s^2) (Nadeau and Bengio 2003).
def _b_by_hand(real, predicted):
    """Powers' B = sum over labels of Pr_P(l) (recall(l) - fallout(l)), from scikit-learn's confusion matrix."""
    from sklearn.metrics import confusion_matrix

    labels = np.unique(real)
    matrix = confusion_matrix(real, predicted, labels=labels)             # rows = real
    n = matrix.sum()
    total = 0.0
    for i in range(len(labels)):
        tp, said, is_real = matrix[i, i], matrix[:, i].sum(), matrix[i].sum()
        total += said / n * (tp / is_real - (said - tp) / (n - is_real))
    return total


def _corrected_by_hand(differences, n_train, n_test):
    d = np.asarray(differences, dtype=float)
    half = scipy.stats.t.ppf(0.975, d.size - 1) * math.sqrt((1 / d.size + n_test / n_train) * d.var(ddof=1))
    return (d.mean(), d.mean() - half, d.mean() + half)


def _naive_by_hand(differences):
    d = np.asarray(differences, dtype=float)
    half = scipy.stats.t.ppf(0.975, d.size - 1) * d.std(ddof=1) / math.sqrt(d.size)
    return (d.mean(), d.mean() - half, d.mean() + half)


def _own_model(estimator=None, features=("worst radius", "worst concave points")):
    """Notebook 13's worked solution 3: 15-nearest neighbours, scaled, on two measurements (or another model)."""
    from sklearn.neighbors import KNeighborsClassifier
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    from bookeval_lib.course.opening import opening_model

    estimator = estimator or make_pipeline(StandardScaler(), KNeighborsClassifier(15))
    return opening_model(estimator, features=list(features))


def _b_with_agresti_caffo_by_hand(model):
    real, predicted = np.asarray(model.y_true), np.asarray(model.y_pred)
    tp, fn = np.sum((predicted == 1) & (real == 1)), np.sum((predicted == 0) & (real == 1))
    fp, tn = np.sum((predicted == 1) & (real == 0)), np.sum((predicted == 0) & (real == 0))
    # Agresti–Caffo: add one success and one failure to each class, then Wald on the difference
    q1, q2 = (tp + 1) / (tp + fn + 2), (fp + 1) / (fp + tn + 2)
    half = Z95 * math.sqrt(q1 * (1 - q1) / (tp + fn + 2) + q2 * (1 - q2) / (fp + tn + 2))
    return tp / (tp + fn) - fp / (fp + tn), q1 - q2 - half, q1 - q2 + half


def _grid_differences_by_hand():
    """Notebook 13b's grid: per-fold B of 3 neighbours minus 1 on its training half, by the formula above."""
    from sklearn.datasets import load_digits
    from sklearn.metrics import make_scorer
    from sklearn.model_selection import StratifiedKFold, cross_validate, train_test_split
    from sklearn.neighbors import KNeighborsClassifier

    x, y = load_digits(return_X_y=True)
    x_train, _, y_train, _ = train_test_split(x, y, test_size=0.5, stratify=y, random_state=0)
    folds = StratifiedKFold(5, shuffle=True, random_state=0)
    score = {k: cross_validate(KNeighborsClassifier(k), x_train, y_train, cv=folds,
                               scoring=make_scorer(_b_by_hand))["test_score"] for k in (1, 3)}
    assert score[3].mean() > score[1].mean()                  # the grid's choice and its runner-up
    n_fold = len(y_train) // 5                                # 898 // 5 = 179 test cases, 719 training
    return score[3] - score[1], len(y_train) - n_fold, n_fold


def _wine_differences_by_hand():
    from sklearn.datasets import load_wine
    from sklearn.metrics import make_scorer
    from sklearn.model_selection import RepeatedStratifiedKFold, cross_validate
    from sklearn.naive_bayes import GaussianNB
    from sklearn.tree import DecisionTreeClassifier

    x, y = load_wine(return_X_y=True)
    splits = RepeatedStratifiedKFold(n_splits=5, n_repeats=10, random_state=0)
    bayes, tree = (cross_validate(model, x, y, cv=splits, scoring=make_scorer(_b_by_hand))["test_score"]
                   for model in (GaussianNB(), DecisionTreeClassifier(max_depth=2, random_state=0)))
    return bayes - tree, 142, 36                              # 178 wines: folds of 35 or 36, the first 36


WORKED.update({
    "13.3": lambda: (_own_model(), _b_with_agresti_caffo_by_hand(_own_model())),
    "13b.2": lambda: _corrected_by_hand(*_grid_differences_by_hand()),
    "13b.3": lambda: _corrected_by_hand(*_wine_differences_by_hand()),
})


def test_13_3_the_worked_numbers_rounded_as_asked_pass():
    b, low, high = _b_with_agresti_caffo_by_hand(_own_model())
    assert (round(b, 3), round(low, 3), round(high, 3)) == (0.897, 0.825, 0.942)     # solution 3's text
    assert check("13.3", (_own_model(), (0.897, 0.825, 0.942)))


def test_13_3_judges_the_model_given_not_the_worked_one(capsys):
    from sklearn.tree import DecisionTreeClassifier

    other = _own_model(DecisionTreeClassifier(max_depth=1, random_state=0), features=["mean radius"])
    assert check("13.3", (other, _b_with_agresti_caffo_by_hand(other)))
    assert not check("13.3", (other, _b_with_agresti_caffo_by_hand(_own_model())))


def test_13_3_names_markedness_accuracy_and_a_wrong_object(capsys):
    model = _own_model()
    real, predicted = np.asarray(model.y_true), np.asarray(model.y_pred)
    tp, fp = np.sum((predicted == 1) & (real == 1)), np.sum((predicted == 1) & (real == 0))
    fn, tn = np.sum((predicted == 0) & (real == 1)), np.sum((predicted == 0) & (real == 0))
    b, low, high = _b_with_agresti_caffo_by_hand(model)
    accuracy = (tp + tn) / (tp + fp + fn + tn)
    assert "accuracy" in check("13.3", (model, (accuracy, low, high))).message
    assert "B is right, the interval not" in check("13.3", (model, (b, low - 0.05, high))).message
    assert "opening_model" in check("13.3", ("my model", (b, low, high))).message
    # markedness = precision + inverse precision - 1; its interval is the report's
    from bookeval_lib import metrics

    total = metrics.bookmaker_report(real, predicted, output_dict=True, confidence=0.95)["weighted avg"]
    assert total["markedness"] == pytest.approx(tp / (tp + fp) + tn / (tn + fn) - 1, abs=1e-12)
    assert "markedness" in check("13.3", (model, (total["markedness"], *total["markedness_interval"]))).message


@pytest.mark.parametrize("exercise_id, differences", [("13b.2", _grid_differences_by_hand),
                                                      ("13b.3", _wine_differences_by_hand)])
def test_13b_names_the_naive_interval_and_the_reversed_difference(exercise_id, differences, capsys):
    d, n_train, n_test = differences()
    naive = _naive_by_hand(d)
    corrected = _corrected_by_hand(d, n_train, n_test)
    assert naive[2] - naive[1] < corrected[2] - corrected[1]           # the naive interval is narrower
    result = check(exercise_id, naive)
    assert result.kind == "mistake" and "naive paired t interval" in result.message
    result = check(exercise_id, (-corrected[0], -corrected[2], -corrected[1]))
    assert result.kind == "mistake" and "minus" in result.message


def test_13b_2_the_grid_pair_cannot_be_told_apart_and_13b_3_can():
    # solution 2: the interval holds 0 (p about 0.6); solution 3: it lies above 0, from about 0.10 to 0.24
    estimate, low, high = _corrected_by_hand(*_grid_differences_by_hand())
    assert low < 0 < high and (round(estimate, 3), round(low, 3), round(high, 3)) == (0.005, -0.019, 0.028)
    estimate, low, high = _corrected_by_hand(*_wine_differences_by_hand())
    assert (round(estimate, 3), round(low, 3), round(high, 3)) == (0.172, 0.102, 0.241)


# ---------------------------------------------------------------------------- notebooks 09 and 09b: 09.3, 09b.2, 09b.3
def _screening_agresti_caffo_by_statsmodels():
    from statsmodels.stats.proportion import confint_proportions_2indep

    # TP 12 of RP 12, FP 3 of RN 150; by hand: q1 = 13/14, q2 = 4/152, centre 0.902,
    # half-width 1.96 sqrt(q1(1 - q1)/14 + q2(1 - q2)/152) = 0.137: [0.765, 1.040], clipped at 1
    low, high = confint_proportions_2indep(12, 12, 3, 150, method="agresti-caffo", compare="diff")
    return (float(low), min(1.0, float(high)))


def _reported_correlation_delta_by_hand():
    # TP = TN = 45, FP = FN = 5: balanced margins, phi = (45^2 - 5^2)/50^2 = 0.8, N Var = 1 - phi^2 = 0.36
    half = Z95 * math.sqrt(0.36 / 100)
    return (0.8 - half, 0.8 + half)


def _wine_rule_counts():
    """The 20 wines of exercise 09b.3 counted with numpy: (tp, fn, fp, tn), cultivar 2 positive."""
    from sklearn.datasets import load_wine
    from sklearn.model_selection import train_test_split

    data = load_wine()
    _, x_test, _, y_test = train_test_split(data.data, data.target, test_size=20, stratify=data.target,
                                            random_state=0)
    real = y_test == 2
    said = x_test[:, list(data.feature_names).index("color_intensity")] > 7
    return tuple(int(np.sum(r & s)) for r, s in ((real, said), (real, ~said), (~real, said), (~real, ~said)))


def _wine_matrix():
    tp, fn, fp, tn = _wine_rule_counts()
    return [[tp, fp], [fn, tn]]                   # Powers' layout: rows predicted, columns real


WORKED_09_09B = {
    "09.3": _screening_agresti_caffo_by_statsmodels,
    "09b.2": _reported_correlation_delta_by_hand,
    "09b.3": lambda: ("boschloo", float(scipy.stats.boschloo_exact(_wine_matrix()).pvalue)),
}
WORKED.update(WORKED_09_09B)


def test_exercise_09_3_the_papers_interval_is_walds():
    # Wald: recall 12/12 has variance 0; 0.98 -+ 1.96 sqrt(0.02 * 0.98/150) = 0.98 -+ 0.0224 -> [0.958, 1.002],
    # which rounds to the paper's "0.96 to 1.00" once clipped at 1
    half = Z95 * math.sqrt(0.02 * 0.98 / 150)
    wald = (0.98 - half, min(1.0, 0.98 + half))
    assert (round(wald[0], 2), round(wald[1], 2)) == (0.96, 1.0)
    result = check("09.3", wald)
    assert result.kind == "mistake" and "the paper's own interval, Wald's" in result.message
    # Wilson's interval for 12 of 12 alone: lower limit n/(n + z^2) = 12/(12 + 1.96^2) = 0.7575
    result = check("09.3", (12 / (12 + Z95**2), 1.0))
    assert result.kind == "mistake" and "recall 12/12 alone" in result.message


def test_exercise_09b_2_the_papers_interval_is_fishers_z():
    # Fisher's z: tanh(atanh(0.8) -+ 1.96/sqrt(97)) = (0.716, 0.861), the paper's "0.72 to 0.86"
    fisher = tuple(math.tanh(math.atanh(0.8) + sign * Z95 / math.sqrt(97)) for sign in (-1, 1))
    assert (round(fisher[0], 2), round(fisher[1], 2)) == (0.72, 0.86)
    result = check("09b.2", fisher)
    assert result.kind == "mistake" and "Fisher's z" in result.message


def test_exercise_09b_3_the_wine_table_and_the_tests_judged():
    tp, fn, fp, tn = _wine_rule_counts()
    assert (tp, fn, fp, tn) == (3, 2, 1, 14)             # 5 of cultivar 2 among 20 (178 wines, 48 of them)
    # expected TP under independence: PP RP/N = (3 + 1)(3 + 2)/20 = 1, as the chi^2 message says
    assert (tp + fp) * (tp + fn) / 20 == 1
    assert "= 4·5/20 = 1 case" in check("09b.3", ("chi2", 0.01)).message
    assert "conditions on both margins" in check("09b.3", ("fisher", 0.032)).message
    barnard = float(scipy.stats.barnard_exact(_wine_matrix()).pvalue)
    boschloo = float(scipy.stats.boschloo_exact(_wine_matrix()).pvalue)
    assert check("09b.3", ("barnard", round(barnard, 3)))          # Barnard's suits the design too
    assert check("09b.3", ("Boschloo", round(boschloo, 3)))
    result = check("09b.3", ("boschloo", round(barnard, 3)))
    assert not result and "barnard's, not boschloo's" in result.message
    assert not check("09b.3", 0.03) and not check("09b.3", ("boschloo", 0.5))


# ---------------------------------------------------------------------------- notebooks 14 and 14b (ex14)
def _nb_and_guesser_on_the_test_half():
    """Notebook 14b's naive Bayes and prior guesser: P(9) on the test half, fitted here as it does."""
    from sklearn.datasets import load_digits
    from sklearn.dummy import DummyClassifier
    from sklearn.model_selection import train_test_split
    from sklearn.naive_bayes import GaussianNB

    x, y = load_digits(return_X_y=True)
    x_train, x_test, y_train, y_test = train_test_split(x, y, test_size=0.5, stratify=y, random_state=0)
    nine_train, nine_test = (y_train == 9).astype(int), (y_test == 9).astype(int)
    bayes = GaussianNB().fit(x_train, nine_train).predict_proba(x_test)[:, 1]
    guess = DummyClassifier(strategy="prior").fit(x_train, nine_train).predict_proba(x_test)[:, 1]
    return nine_test, bayes, guess


def _desk_and_form():
    """14b.2 by scikit-learn's AUC (the desk: the order) and the mean squared error (the form: the numbers)."""
    from sklearn.metrics import roc_auc_score

    nine_test, bayes, guess = _nb_and_guesser_on_the_test_half()
    desk = "naive Bayes" if roc_auc_score(nine_test, bayes) > roc_auc_score(nine_test, guess) else "guesser"
    form = "naive Bayes" if np.mean((bayes - nine_test) ** 2) < np.mean((guess - nine_test) ** 2) else "guesser"
    return desk, form


EX14_WORKED = {
    # fpr = 0.95 * 0.03/0.97 = 0.029381 (precision 0.97 = 0.95/(0.95 + fpr) at prevalence 1/2);
    # at 0.01: 0.0095/(0.0095 + 0.99 * 0.029381) = 0.0095/0.038587 = 0.2462
    "14.2": lambda: 0.0095 / (0.0095 + 0.99 * 0.95 * 0.03 / 0.97),
    # PC = rp cp/(rp cp + rn): 0.02 * 2/(0.04 + 0.98) = 0.039216; 0.1 * 20/(2 + 0.9) = 0.689655
    "14.3": lambda: (0.04 / 1.02, 2 / 2.9),
    "14b.2": _desk_and_form,
}
WORKED.update(EX14_WORKED)     # the count of worked answers above sees them too


# ---------------------------------------------------------------------------- 11b.3 and 12b.3 (notebooks 11b, 12b)
def _notebook_11b_two_rules_by_sklearn():
    """Exercise 11b.3: the c = 1 rule and the nearest-to-(0, 1) rule on the test half, with scikit-learn's
    roc_curve; (only the first right, only the second right, B of the first minus B of the second)."""
    from sklearn.datasets import load_breast_cancer
    from sklearn.linear_model import LogisticRegression
    from sklearn.metrics import balanced_accuracy_score, roc_curve
    from sklearn.model_selection import train_test_split
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    data = load_breast_cancer()
    malignant = (data.target == 0).astype(int)
    names = list(data.feature_names)
    columns = [names.index(name) for name in ("mean texture", "mean smoothness")]
    train_x, test_x, train_y, test_y = train_test_split(data.data[:, columns], malignant, test_size=0.5,
                                                        stratify=malignant, random_state=0)
    # the tuned model refits this pipeline on the whole training half; its scores ignore the threshold
    scores = make_pipeline(StandardScaler(), LogisticRegression()).fit(train_x, train_y).predict_proba(test_x)[:, 1]
    fpr, tpr, thresholds = roc_curve(test_y, scores, drop_intermediate=False)
    first = scores >= thresholds[np.argmax(tpr - fpr)]                  # the highest c = 1 line: B = tpr - fpr
    second = scores >= thresholds[np.argmin(np.hypot(fpr, 1 - tpr))]   # the point nearest to (0, 1)
    right_first, right_second = first == test_y, second == test_y
    gap = (balanced_accuracy_score(test_y, first, adjusted=True)         # adjusted balanced accuracy = B
           - balanced_accuracy_score(test_y, second, adjusted=True))
    return int(np.sum(right_first & ~right_second)), int(np.sum(right_second & ~right_first)), gap


NEW_WORKED_11B_12B = {
    "11b.3": _notebook_11b_two_rules_by_sklearn,
    "12b.3": lambda: "held out",                  # a judgement: the map chosen on cases it does not score
}
WORKED.update(NEW_WORKED_11B_12B)


def test_exercise_14b_2_the_desk_takes_naive_bayes_and_the_form_the_guesser():
    # the guesser says one number for every case: AUC exactly 1/2, so any ranking with AUC > 1/2 wins the
    # desk; its Brier score is about pi (1 - pi) with pi = 90/899, 0.090, below naive Bayes's
    from sklearn.metrics import roc_auc_score

    nine_test, bayes, guess = _nb_and_guesser_on_the_test_half()
    assert roc_auc_score(nine_test, guess) == 0.5 and roc_auc_score(nine_test, bayes) > 0.85
    pi = 90 / 899
    assert abs(np.mean((guess - nine_test) ** 2) - pi * (1 - pi)) < 1e-3
    assert _desk_and_form() == ("naive Bayes", "guesser")
    assert check("14b.2", ("Naive Bayes ", "GUESSER"))          # case and spaces do not matter
    for wrong, says in [(("naive Bayes", "naive Bayes"), "order is good"),
                        (("guesser", "guesser"), "random draw"),
                        (("guesser", "naive Bayes"), "swapped")]:
        result = check("14b.2", wrong)
        assert result.kind == "mistake" and says in result.message


def test_exercise_14_2_names_the_fallout_taken_as_one_minus_precision():
    # fpr taken as 1 - 0.97 = 0.03: 0.0095/(0.0095 + 0.99 * 0.03) = 0.0095/0.0392 = 0.2423
    result = check("14.2", 0.242)
    assert result.kind == "mistake" and "1 - precision" in result.message
    assert check("14.2", 0.97).kind == "mistake"                  # the vendor's precision carried over


def test_exercise_14_3_names_the_crossed_ends():
    # 0.02 with 20: 0.4/(0.4 + 0.98) = 0.2899; 0.1 with 2: 0.2/(0.2 + 0.9) = 0.1818
    result = check("14.3", (0.182, 0.290))
    assert result.kind == "mistake" and "lowest prevalence with the lowest cost" in result.message


# ---------------------------------------------------------------------------- 08 and 08b: exercises 08.3, 08b.3
def _kappa_08_3_by_hand():
    # q = rp = 0.1: pp = rp, so kappa = p_inf = 0.5.  q = 0.5: tpr = 0.75, fpr = 0.25,
    # pp = 0.1 * 0.75 + 0.9 * 0.25 = 0.3; kappa = 2 * 0.5 * 0.1 * 0.9/(0.3 * 0.9 + 0.1 * 0.7) = 0.09/0.34
    return (0.5, 0.09 / 0.34)


def _kappa_08_3_by_sklearn():
    """The same two kappas by scikit-learn, on 1,000 cases laid out exactly as the expected tables."""
    from sklearn.metrics import cohen_kappa_score

    kappas = []
    for tp, fp, fn, tn in ((55, 45, 45, 855), (75, 225, 25, 675)):    # 1,000 x each expected table
        real = [1] * tp + [0] * fp + [1] * fn + [0] * tn
        predicted = [1] * (tp + fp) + [0] * (fn + tn)
        kappas.append(cohen_kappa_score(real, predicted))
    return tuple(kappas)


def _exercise_08b_3_by_hand():
    # tpr = 0.75, fpr = 0.25: Var = 0.1875/4 + 0.1875/16 = 0.05859375, and /100 with 100 times the cases;
    # pp = 0.2 * 0.75 + 0.8 * 0.25 = 0.35, kappa = 2 * 0.5 * 0.16/(0.35 * 0.8 + 0.2 * 0.65) = 0.16/0.41
    return (math.sqrt(0.05859375), 0.16 / 0.41 - 0.5, math.sqrt(0.0005859375))


WORKED.update({"08.3": _kappa_08_3_by_hand, "08b.3": _exercise_08b_3_by_hand})


def test_exercise_08_3_by_hand_agrees_with_scikit_learn():
    # expected tables x 1,000: q = 0.1: tpr = 0.55, fpr = 0.05 -> 55, 45, 45, 855; q = 0.5: 75, 225, 25, 675
    assert np.allclose(_kappa_08_3_by_sklearn(), _kappa_08_3_by_hand(), atol=1e-12)


@pytest.mark.parametrize("answer, says", [
    ((0.5, 0.5), "informedness"),                                    # p_inf whatever the guess
    ((0.5, 0.5 * math.sqrt(0.09 / (0.3 * 0.7))), "Matthews"),         # r = p_inf sqrt(rp rn/(pp pn))
    ((0.5, 0.5 * 0.09 / (0.3 * 0.7)), "markedness"),                  # M = p_inf rp rn/(pp pn)
    ((0.5, 0.09 / (0.5 * 0.9 + 0.1 * 0.5)), "not 0.5"),               # pp = q = 0.5 put in for 0.3
])
def test_exercise_08_3_names_each_mistake(answer, says):
    result = check("08.3", answer)
    assert result.kind == "mistake" and says in result.message


@pytest.mark.parametrize("answer, says", [
    ((math.sqrt(0.1875 / 10 * 2), 0.16 / 0.41 - 0.5, math.sqrt(0.1875 / 1000 * 2)), "RP = RN = 10"),
    ((0.05859375, 0.16 / 0.41 - 0.5, 0.0005859375), "square root"),
    ((math.sqrt(0.05859375), 0.5 - 0.16 / 0.41, math.sqrt(0.0005859375)), "sign"),
    # M = 0.5 * 0.16/(0.35 * 0.65)
    ((math.sqrt(0.05859375), 0.5 * 0.16 / (0.35 * 0.65) - 0.5, math.sqrt(0.0005859375)), "markedness"),
])
def test_exercise_08b_3_names_each_mistake(answer, says):
    result = check("08b.3", answer)
    assert result.kind == "mistake" and says in result.message


def test_11b_3_counts_and_gap_by_hand():
    only_first, only_second, gap = _notebook_11b_two_rules_by_sklearn()
    # the lower threshold (the c = 1 line) flags every case between the two: it alone gets their
    # malignant ones right, the other rule their benign ones: B gap = a/RP - b/RN = 4/106 - 5/179
    assert (only_first, only_second) == (4, 5)
    assert math.isclose(gap, 4 / 106 - 5 / 179)


def test_11b_3_names_swapped_rules_and_the_accuracy_gap():
    # swapped: (5, 4, 5/179 - 4/106); accuracy: (4 - 5)/285
    result = check("11b.3", (5, 4, round(5 / 179 - 4 / 106, 3)))
    assert result.kind == "mistake" and "swapped" in result.message
    result = check("11b.3", (4, 5, round((4 - 5) / 285, 3)))
    assert result.kind == "mistake" and "accuracy" in result.message


def _strict_null_mean_by_hand(n_shuffles=200):
    """The mean strict B_wav of notebook 12's clustering with the sense labels shuffled (the index document
    keeps its Z), B_wav computed by hand from each reduced table."""
    records = concordance.load_concordance()
    features, real = concordance.add_index_document(concordance.context_features(records),
                                                    [r["sense"] for r in records])
    induced = mixture.fit_bernoulli_mixture(features, 18, seed=2003, n_restarts=10).predict(features)
    real = np.array(real)
    movable = np.flatnonzero(real != "Z")
    rng = np.random.default_rng(12)
    observed = clustering.reduce_clustering(list(real), induced).table
    values = []
    for _ in range(n_shuffles):
        shuffled = real.copy()
        shuffled[movable] = rng.permutation(real[movable])
        table = clustering.reduce_clustering(list(shuffled), induced).table
        values.append(_bookmaker_by_hand(table.counts, table.labels, table.classes))
    return _bookmaker_by_hand(observed.counts, observed.labels, observed.classes), np.mean(values), np.std(values)


def test_12b_3_the_choice_and_the_over_correction_its_message_names():
    assert check("12b.3", "held out")
    result = check("12b.3", "in sample minus null mean")
    assert result.kind == "mistake" and "over-corrects" in result.message
    observed, null_mean, null_sd = _strict_null_mean_by_hand()
    # the prose and the hint: in sample 0.91, null mean 0.36 (200 shuffles here: Monte Carlo error
    # null_sd/sqrt(200), about 0.006; 3 of those plus the rounding 0.005)
    assert abs(observed - 0.905) < 0.0005
    assert abs(null_mean - 0.36) < 3 * null_sd / np.sqrt(200) + 0.005
    # the over-correction: in sample minus the null mean (about 0.54) is far below the held-out 0.78 that
    # notebook 12b prints, i.e. an informed clustering is inflated by less than the null mean
    assert observed - null_mean < 0.78 - 0.1


# ---------------------------------------------------------------------------- every worked answer, at the end
# (after every block above has added its worked answers to WORKED, so that the parametrisation sees them all)
def _string_answer(worked):
    return isinstance(worked, (str, set, frozenset)) or (
        isinstance(worked, tuple) and all(isinstance(value, str) for value in worked))


@pytest.mark.parametrize("exercise_id", sorted(WORKED))
def test_the_worked_answer_passes_its_check(exercise_id):
    result = check(exercise_id, WORKED[exercise_id]())
    assert result, result.message


@pytest.mark.parametrize("exercise_id", sorted(WORKED))
def test_the_answer_shown_is_within_the_tolerance_of_the_worked_answer(exercise_id):
    from bookeval_lib.course.checker import exercises, shown_answer

    exercise = next(e for e in exercises(exercise_id.split(".")[0]) if e.id == exercise_id)
    worked = WORKED[exercise_id]()
    names = {"BinaryTable": BinaryTable}
    if "yours" in shown_answer(exercise):          # an open task's own model (13.3) is shown by that name
        names["yours"] = worked[0]
    shown = eval(shown_answer(exercise), names)
    if exercise.judge is not None:
        assert check(exercise_id, shown)
    elif _string_answer(worked):
        assert (tuple(shown) if isinstance(worked, tuple) else shown) == worked
    else:
        assert np.allclose(np.asarray(shown, dtype=float), np.asarray(worked, dtype=float),
                           atol=exercise.tolerance + 1e-12, rtol=0, equal_nan=True)
