"""The checks of notebooks 06 and 06b, moved here from their teaching cells.

The notebooks print each number beside the arithmetic that gives it; the checks that the library agrees
with that arithmetic, with scikit-learn and with sympy live here.  The tables are the notebooks' own (06's
tagger ``t``, 06b's classifier ``u`` and its majority guesser, the exercises' tables).  Expected values come
from hand arithmetic (in the comments), from exact fractions or from scikit-learn, never from the code under
test.
"""
from fractions import Fraction

import numpy as np
import pytest

from bookeval_lib import BinaryTable
from bookeval_lib.contingency import Contingency
from bookeval_lib.course.replications.betting import class_informed_table, informed_rate_weights, mixed_table

sklearn_metrics = pytest.importorskip("sklearn.metrics")

TAGGER = [[30, 5, 0], [10, 20, 5], [0, 5, 25]]          # notebook 06's worked case, rows = tags given
U = [[50, 10, 6], [8, 20, 1], [2, 0, 3]]                # notebook 06b's classifier u
MAJORITY = [[60, 30, 10], [0, 0, 0], [0, 0, 0]]          # the guesser that always says the common class


def label_vectors(counts):
    """(real, predicted) class index of every case of a table of counts, rows = predicted."""
    counts = np.asarray(counts, dtype=int)
    rows, columns = np.indices(counts.shape)
    return np.repeat(columns.ravel(), counts.ravel()), np.repeat(rows.ravel(), counts.ravel())


def bet(counts, l, weight_from):
    """sum_c Pr(l, c) w(c|l) in exact fractions, w built from weight_from[l] (notebook 06's bet_on)."""
    n = sum(map(sum, counts))
    pr = weight_from[l]
    return sum(Fraction(counts[l][c], n) * (1 / pr if c == l else -1 / (1 - pr)) for c in range(len(counts)))


def margins(counts):
    n = sum(map(sum, counts))
    bias = [Fraction(sum(row), n) for row in counts]
    prevalence = [Fraction(sum(row[c] for row in counts), n) for c in range(len(counts))]
    return bias, prevalence


# --- notebook 06 -----------------------------------------------------------------------------------------

def test_06_the_bias_in_the_weight_changes_the_tagger_bets():
    bias, prevalence = margins(TAGGER)
    right = [bet(TAGGER, l, prevalence) for l in range(3)]
    wrong = [bet(TAGGER, l, bias) for l in range(3)]
    # with the prevalence the bet is recall - fallout: 30/40 - 5/60, 20/30 - 15/70, 25/30 - 5/70
    assert right == [Fraction(30, 40) - Fraction(5, 60), Fraction(20, 30) - Fraction(15, 70),
                     Fraction(25, 30) - Fraction(5, 70)]
    assert right != wrong


def test_06_the_posters_guesser_breaks_even_only_with_the_prevalence():
    guess = [[12, 28], [18, 42]]                                 # rows +P, -P; columns +R, -R
    bias, prevalence = margins(guess)
    weighted = lambda weights: sum(bias[l] * bet(guess, l, weights) for l in range(2))
    assert weighted(prevalence) == 0
    # B(+) = .12/.4 - .28/.6 = -1/6, B(-) = .42/.6 - .18/.4 = 1/4: .4 (-1/6) + .6 (1/4) = -1/15 + 3/20
    assert weighted(bias) == Fraction(-1, 15) + Fraction(3, 20) == Fraction(1, 12)


def test_06_worked_case_by_hand_and_one_vs_rest():
    t = Contingency(TAGGER, labels="abc", layout="powers")
    by_hand = [30 / 40 - 5 / 60, 20 / 30 - 15 / 70, 25 / 30 - 5 / 70]
    assert np.allclose(t.informedness_per_label, by_hand)
    assert np.isclose(t.informedness, np.dot([0.35, 0.35, 0.30], by_hand))      # rows 35, 35, 30 of 100
    assert round(t.informedness, 4) == 0.6202                                     # the notebook's 0.6202
    assert np.allclose([t.to_binary(label).informedness for label in "abc"], by_hand)


def test_06_one_informed_rate_gives_it_to_every_label():
    g = Contingency(mixed_table([0.6, 0.3, 0.1], [0.2, 0.2, 0.6], 0.25, total=1000), layout="powers")
    assert np.allclose(g.informedness_per_label, 0.25) and np.isclose(g.informedness, 0.25)


@pytest.mark.parametrize(("guesses", "printed"), [([0.1, 0.1, 0.8], 0.628), ([0.2, 0.6, 0.2], 0.523)])
def test_06_unequal_rates_b_is_not_the_informed_share(guesses, printed):
    prevalence, rates = np.array([0.5, 0.3, 0.2]), np.array([0.5, 0.9, 0.1])
    informed_share = 0.5 * 0.5 + 0.3 * 0.9 + 0.2 * 0.1                 # .25 + .27 + .02 = .54
    mix = Contingency(class_informed_table(prevalence, guesses, rates, total=1000), layout="powers")
    assert round(mix.informedness, 3) == printed
    assert not np.isclose(mix.informedness, informed_share, atol=0.01)
    assert np.isclose(mix.informedness, informed_rate_weights(prevalence, guesses, rates) @ rates)


def test_06_solutions_1_and_2():
    ex = Contingency([[8, 2, 0], [2, 6, 2], [0, 2, 18]], labels="pqr", layout="powers")
    hand = [8 / 10 - 2 / 30, 6 / 10 - 4 / 30, 18 / 20 - 2 / 20]              # columns 10, 10, 20
    assert np.allclose(ex.informedness_per_label, hand)
    assert np.isclose(ex.informedness, 0.25 * hand[0] + 0.25 * hand[1] + 0.5 * hand[2])  # rows 10, 10, 20
    independent = Contingency(np.outer([5, 30, 15], [0.5, 0.3, 0.2]), layout="powers")
    assert np.allclose(independent.informedness_per_label, 0, atol=1e-12)
    assert abs(independent.informedness) < 1e-12


def test_06_solution_3_triage_numbers():
    x = Contingency([[57, 3, 6], [3, 27, 3], [0, 0, 1]], layout="powers")
    y = Contingency([[48, 6, 1], [8, 20, 1], [4, 4, 8]], layout="powers")
    # X: B(l) = 57/60 - 9/40, 27/30 - 6/70, 1/10 - 0/90, rows 66, 33, 1
    bx = [57 / 60 - 9 / 40, 27 / 30 - 6 / 70, 1 / 10]
    # Y: B(l) = 48/60 - 7/40, 20/30 - 9/70, 8/10 - 8/90, rows 55, 29, 16
    by = [48 / 60 - 7 / 40, 20 / 30 - 9 / 70, 8 / 10 - 8 / 90]
    assert np.allclose(x.informedness_per_label, bx) and np.allclose(y.informedness_per_label, by)
    assert np.isclose(x.informedness, np.dot([0.66, 0.33, 0.01], bx))
    assert np.isclose(y.informedness, np.dot([0.55, 0.29, 0.16], by))
    assert (round(x.informedness, 3), round(y.informedness, 3)) == (0.748, 0.614)


# --- notebook 06b ----------------------------------------------------------------------------------------

def test_06b_the_table_of_averages_on_u():
    u = Contingency(U, labels=["common", "middle", "rare"], layout="powers")
    real, predicted = label_vectors(U)
    accuracy = sklearn_metrics.accuracy_score(real, predicted)                   # 73/100
    for average in ("micro", "weighted"):
        assert np.isclose(sklearn_metrics.recall_score(real, predicted, average=average), accuracy)
    assert not np.isclose(sklearn_metrics.precision_score(real, predicted, average="weighted"), accuracy)
    per_label_precision = sklearn_metrics.precision_score(real, predicted, average=None)
    assert np.isclose(np.average(per_label_precision, weights=u.bias), accuracy)
    assert np.isclose(sklearn_metrics.recall_score(real, predicted, average="macro"),
                      sklearn_metrics.balanced_accuracy_score(real, predicted))
    assert np.isclose(sklearn_metrics.balanced_accuracy_score(real, predicted, adjusted=True),
                      u.adjusted_balanced_accuracy)
    (tn, fp), (fn, tp) = sklearn_metrics.multilabel_confusion_matrix(real, predicted).transpose(1, 2, 0)
    b_l = tp / (tp + fn) - fp / (fp + tn)
    assert np.isclose(np.average(b_l, weights=u.bias), u.informedness)
    assert np.isclose(np.average(b_l, weights=u.prevalence), u.informedness_prevalence_weighted)
    assert np.isclose(b_l.mean(), u.informedness_macro)
    micro = tp.sum() / (tp.sum() + fn.sum()) - fp.sum() / (fp.sum() + tn.sum())
    assert np.isclose(micro, (accuracy - 1 / 3) / (1 - 1 / 3))
    five = [u.informedness, u.informedness_prevalence_weighted, u.informedness_macro, micro,
            u.adjusted_balanced_accuracy]
    assert len({round(v, 4) for v in five}) == 5                                  # five different numbers


def test_06b_the_majority_guesser():
    from bookeval_lib.course.figures.k_class import label_averages

    majority = Contingency(MAJORITY, labels=["common", "middle", "rare"], layout="powers")
    real, predicted = label_vectors(MAJORITY)
    assert sklearn_metrics.accuracy_score(real, predicted) == 0.6
    assert sklearn_metrics.recall_score(real, predicted, average="weighted") == 0.6
    assert np.allclose(majority.informedness_per_label, 0) and majority.informedness == 0
    # micro B = (.6 - 1/3)/(2/3) = .4
    assert np.isclose(label_averages(majority)["micro B\n(pooled one-vs-rest tables)"], 0.4)
    u = Contingency(U, layout="powers")
    assert np.isclose(label_averages(u)["micro B\n(pooled one-vs-rest tables)"], (0.73 - 1 / 3) * 1.5)


def test_06b_unit_odds_winnings_are_the_prevalence_weighted_mean():
    from bookeval_lib.betting import expected_winnings_per_bet

    counts = np.array(U, dtype=float)
    prevalence = counts.sum(axis=0) / counts.sum()
    # win 1 on a hit, lose Pr_R(l)/(1 - Pr_R(l)) otherwise, per case
    payoff = np.where(np.eye(3, dtype=bool), 1.0, -(prevalence / (1 - prevalence))[:, None])
    by_hand = (counts * payoff).sum() / counts.sum()
    assert np.isclose(expected_winnings_per_bet(counts), by_hand)
    assert np.isclose(Contingency(U, layout="powers").informedness_prevalence_weighted, by_hand)


def test_06b_the_averages_agree_for_one_informed_rate_but_micro_b_does_not():
    g = Contingency(mixed_table([0.6, 0.3, 0.1], [0.2, 0.2, 0.6], 0.25, total=1000), layout="powers")
    values = [g.informedness, g.informedness_macro, g.informedness_prevalence_weighted,
              g.adjusted_balanced_accuracy]
    assert np.allclose(values, 0.25)
    # accuracy = .25 + .75 (.2 .6 + .2 .3 + .6 .1) = .43; micro B = (.43 - 1/3) 1.5 = .145
    assert np.isclose(g.accuracy, 0.43)
    two = BinaryTable(tp=42, fp=18, fn=28, tn=12)        # prevalence 0.7: micro B is not B
    assert not np.isclose(2 * two.accuracy - 1, two.informedness)


def test_06b_correlation_and_kappa_agree_with_sklearn():
    t = Contingency(TAGGER, labels="abc", layout="powers")
    for counts in (TAGGER, U):
        table = Contingency(counts, layout="powers")
        real, predicted = label_vectors(counts)
        assert np.isclose(table.matthews_correlation, sklearn_metrics.matthews_corrcoef(real, predicted))
        assert np.isclose(table.kappa, sklearn_metrics.cohen_kappa_score(real, predicted))
    for binary in (BinaryTable(tp=42, fp=18, fn=28, tn=12), t.to_binary("a")):
        assert np.isclose(binary.matthews_correlation ** 2, binary.informedness * binary.markedness)
    assert not np.isclose(t.matthews_correlation ** 2, t.informedness * t.markedness)


def test_06b_solution_1():
    ex = Contingency([[8, 2, 0], [2, 6, 2], [0, 2, 18]], layout="powers")
    real, predicted = label_vectors(ex.counts)
    assert np.allclose(ex.bias, ex.prevalence)
    assert np.isclose(sklearn_metrics.precision_score(real, predicted, average="weighted"), 32 / 40)
    assert np.isclose(ex.informedness_prevalence_weighted, ex.informedness)


def test_06b_solution_2_the_reported_classifier():
    reported = [[76, 6, 6], [2, 4, 0], [2, 0, 4]]
    real, predicted = label_vectors(reported)
    assert sklearn_metrics.f1_score(real, predicted, average="micro") == pytest.approx(0.84)
    assert sklearn_metrics.recall_score(real, predicted, average="weighted") == pytest.approx(0.84)
    # rows 88, 6, 6: B = .88 (76/80 - 12/20) + .06 (4/10 - 2/90) + .06 (4/10 - 2/90)
    b = 0.88 * (76 / 80 - 12 / 20) + 2 * 0.06 * (4 / 10 - 2 / 90)
    assert Contingency(reported, layout="powers").informedness == pytest.approx(b)
    assert round(b, 3) == 0.353 and round(4 / 10 - 2 / 90, 3) == 0.378


def test_06b_solution_2_the_accuracy_gap_is_within_noise():
    import scipy.stats

    reported = np.array([[76, 6, 6], [2, 4, 0], [2, 0, 4]])
    real, predicted = label_vectors(reported)
    classifier_right, guesser_right = predicted == real, real == 0     # the guesser always says a
    wins, losses = np.sum(classifier_right & ~guesser_right), np.sum(~classifier_right & guesser_right)
    assert (wins, losses) == (8, 4)                       # b and c found 4 + 4; a missed 2 + 2
    p = scipy.stats.binomtest(4, 12, 0.5).pvalue
    assert p == pytest.approx(2 * (1 + 12 + 66 + 220 + 495) / 4096) and round(p, 2) == 0.39
