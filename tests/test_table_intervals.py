"""Intervals of K-class table measures (bookeval_lib.table_intervals): values, gradients, variance, coverage."""
import numpy as np
import pytest
from sklearn.metrics import cohen_kappa_score, f1_score, matthews_corrcoef

from bookeval_lib import BinaryTable, Contingency
from bookeval_lib.table_intervals import (_delta_variance, _measure, _value_and_gradient, contingency_interval,
                                          kappa_interval, macro_f1_interval, matthews_interval)
from bookeval_lib.uncertainty import informedness_interval

CASE_MEASURES = ("matthews_correlation", "kappa", "macro_f1")


def _cases(counts):
    """The label vectors (y_true, y_pred) of a table, rows = predicted."""
    k = counts.shape[0]
    repeat = counts.ravel().astype(int)
    return np.repeat(np.tile(np.arange(k), k), repeat), np.repeat(np.repeat(np.arange(k), k), repeat)


def _population(k, accuracy, prevalence):
    """Cell probabilities, rows = predicted: right with probability ``accuracy``, else uniformly wrong."""
    prevalence = np.asarray(prevalence, dtype=float) / np.sum(prevalence)
    given = np.full((k, k), (1.0 - accuracy) / (k - 1))
    np.fill_diagonal(given, accuracy)
    return given * prevalence[None, :]


@pytest.mark.parametrize("k", [2, 3, 6])
def test_values_equal_scikit_learn_and_gradients_equal_finite_differences(k):
    rng = np.random.default_rng(k)
    counts = rng.integers(0, 20, size=(k, k)).astype(float) + 10 * np.eye(k)
    y_true, y_pred = _cases(counts)
    expected = {"matthews_correlation": matthews_corrcoef(y_true, y_pred),
                "kappa": cohen_kappa_score(y_true, y_pred), "macro_f1": f1_score(y_true, y_pred, average="macro")}
    for measure, value in expected.items():
        assert contingency_interval(Contingency(counts, layout="powers"), measure=measure).estimate == \
            pytest.approx(value, abs=1e-12)
    for measure in (*CASE_MEASURES, "informedness", "markedness"):
        _, gradient = _value_and_gradient(counts, measure)
        step = 1e-5
        numeric = np.empty((k, k))
        for i in range(k):
            for j in range(k):
                bump = np.zeros((k, k))
                bump[i, j] = step
                numeric[i, j] = (_measure(counts + bump, measure) - _measure(counts - bump, measure)) / (2 * step)
        if measure in CASE_MEASURES:
            np.testing.assert_allclose(gradient, numeric, atol=1e-7)
        else:        # informedness: only moves within a real class (a column) matter; markedness: a row
            axis = 0 if measure == "informedness" else 1
            np.testing.assert_allclose(gradient - gradient.mean(axis=axis, keepdims=True),
                                       numeric - numeric.mean(axis=axis, keepdims=True), atol=1e-7)


@pytest.mark.parametrize("measure", CASE_MEASURES)
def test_delta_variance_matches_the_variance_of_simulated_tables(measure):
    # 4,000 multinomial tables of N = 2,000: the sample variance has relative SE sqrt(2/3999) = 0.022
    # (for a near-normal measure); 5 SE = 0.11, plus O(1/N) terms of the delta method, well below that.
    p = _population(4, 0.8, [1, 2, 3, 4])
    draws = np.random.default_rng(0).multinomial(2000, p.ravel(), size=4000).reshape(-1, 4, 4).astype(float)
    simulated = np.var(_measure(draws, measure), ddof=1)
    assert _delta_variance(2000 * p, measure) == pytest.approx(simulated, rel=0.11)


def _coverage(measure, k, n, accuracy, prevalence, replicates, seed):
    p = _population(k, accuracy, prevalence)
    truth = float(_measure(p, measure))
    rng = np.random.default_rng(seed)
    hits = defined = 0
    for _ in range(replicates):
        counts = rng.multinomial(n, p.ravel()).reshape(k, k).astype(float)
        interval = contingency_interval(Contingency(counts, layout="powers"), measure=measure)
        if not interval.undefined:
            defined += 1
            hits += interval.low <= truth <= interval.high
    return hits / defined, defined


@pytest.mark.parametrize("measure", CASE_MEASURES)
@pytest.mark.parametrize("setting", [(10, 50, 0.9, np.ones(10)),          # hard: 10 classes of 5 cases, accurate
                                     (5, 40, 0.97, 1 / np.arange(1, 6)),  # hard: unequal classes, nearly perfect
                                     (3, 1000, 0.7, np.ones(3))])         # easy
def test_delta_interval_covers_in_hard_and_easy_regimes(measure, setting):
    # 800 tables: SE of a coverage of 0.95 is sqrt(0.95 * 0.05 / 800) = 0.0077.  The claim (docstring
    # table: 0.955-0.999 here) is coverage >= 0.94; refuted below 0.94 - 3 SE = 0.917.
    coverage, defined = _coverage(measure, *setting, replicates=800, seed=12)
    assert defined == 800
    assert coverage >= 0.94 - 3 * np.sqrt(0.95 * 0.05 / 800)


def test_label_functions_are_the_table_function_and_print_their_measure():
    y_true, y_pred = [0, 0, 1, 1, 2, 2, 2, 0], [0, 0, 1, 2, 2, 2, 1, 0]
    table = Contingency.from_labels(y_true, y_pred)
    for function, measure in ((matthews_interval, "matthews_correlation"), (kappa_interval, "kappa"),
                              (macro_f1_interval, "macro_f1")):
        mine, theirs = function(y_true, y_pred), contingency_interval(table, measure=measure)
        assert (mine.low, mine.high, mine.measure, mine.method) == (theirs.low, theirs.high, measure, "delta")


def test_bootstrap_agrees_with_delta_on_a_large_table():
    # N = 2,000: both estimate the same sd; the limits agree to a few thousandths (Monte Carlo error of a
    # 2.5 % quantile from 4,000 resamples is about 0.005 x the interval's half-width scale).
    counts = np.round(2000 * _population(4, 0.8, [1, 2, 3, 4]))
    table = Contingency(counts, layout="powers")
    for measure in (*CASE_MEASURES, "informedness", "markedness"):
        delta = contingency_interval(table, measure=measure)
        boot = contingency_interval(table, measure=measure, method="bootstrap", n_resamples=4000, seed=1)
        half = (delta.high - delta.low) / 2
        assert abs(boot.low - delta.low) < 0.1 * half and abs(boot.high - delta.high) < 0.1 * half


def test_perfect_and_undefined_tables():
    perfect = Contingency(np.diag([5.0, 5.0, 5.0]), layout="powers")
    interval = contingency_interval(perfect, measure="matthews_correlation")
    assert interval.high == 1.0 and interval.low < 0.9           # the pseudo-cases give it width
    one_class = Contingency([[5.0, 0.0], [0.0, 0.0]], layout="powers")
    interval = contingency_interval(one_class, measure="kappa")
    assert interval.undefined and "kappa is undefined" in interval.reason


def test_errors_name_the_argument():
    table = Contingency([[3, 1], [1, 3]], layout="powers")
    with pytest.raises(ValueError, match="measure must be one of"):
        contingency_interval(table, measure="f1")
    with pytest.raises(ValueError, match="method must be one of"):
        contingency_interval(table, measure="kappa", method="wald")
    with pytest.raises(ValueError, match="table must be a Contingency"):
        contingency_interval(BinaryTable(tp=1, fp=1, fn=1, tn=1), measure="kappa")
    with pytest.raises(ValueError, match="whole numbers"):
        contingency_interval(Contingency([[0.5, 0.5], [0.5, 0.5]], layout="powers"), measure="kappa")
    with pytest.raises(ValueError, match=r"contingency_interval\(table, measure='informedness'\)"):
        informedness_interval(Contingency([[3, 1, 0], [1, 3, 0], [0, 0, 2]], layout="powers"))


def test_contingency_refuses_unhashable_names_and_a_missing_ignored_list():
    with pytest.raises(ValueError, match="labels must be hashable"):
        Contingency([[1, 2], [3, 4]], labels=[[1], [2]], layout="powers")
    with pytest.raises(ValueError, match="ignored must be an iterable"):
        Contingency([[1, 2], [3, 4]], layout="powers").abstain(None)


def _stratified_coverage(measure, k, n, accuracy, replicates, seed):
    """Coverage where each real class (informedness) or each predicted label (markedness) has n/k cases."""
    p = _population(k, accuracy, np.ones(k))
    truth = float(_measure(p, measure))
    rng = np.random.default_rng(seed)
    hits = 0
    for _ in range(replicates):
        drawn = np.stack([rng.multinomial(n // k, p[:, j] / p[:, j].sum()) for j in range(k)], axis=1)
        counts = drawn if measure == "informedness" else drawn.T       # p is symmetric here: rows alike
        interval = contingency_interval(Contingency(counts.astype(float), layout="powers"), measure=measure)
        hits += interval.low <= truth <= interval.high
    return hits / replicates


@pytest.mark.parametrize("measure", ["informedness", "markedness"])
@pytest.mark.parametrize("setting", [(10, 50, 0.9), (3, 999, 0.7)])       # hard: 5 cases a class; easy
def test_informedness_and_markedness_intervals_cover(measure, setting):
    # 600 tables: SE 0.0089 at 0.95; claimed >= 0.93 (measured 0.992 and 0.946 on 1,000): refuted below
    # 0.93 - 3 SE = 0.903
    assert _stratified_coverage(measure, *setting, replicates=600, seed=4) >= 0.93 - 3 * np.sqrt(0.95 * 0.05 / 600)


def test_two_classes_take_the_two_by_two_intervals():
    counts = np.array([[8.0, 3.0], [1.0, 20.0]])
    table = Contingency(counts, layout="powers")
    binary = BinaryTable(tp=8, fp=3, fn=1, tn=20)
    from bookeval_lib.uncertainty import markedness_interval
    for measure, function in (("informedness", informedness_interval), ("markedness", markedness_interval)):
        mine, theirs = contingency_interval(table, measure=measure), function(binary)
        assert (mine.low, mine.high, mine.method) == (theirs.low, theirs.high, "agresti-caffo")


def test_a_perfect_tables_estimate_is_not_above_one():
    # MCC of a perfect 10-class table is 1; the formula's rounding gave 1 + 2e-16, outside its own interval
    table = Contingency(np.diag(np.arange(3.0, 13.0)), layout="powers")
    interval = contingency_interval(table, measure="matthews_correlation")
    assert interval.low <= interval.estimate <= interval.high == 1.0


def test_bootstrap_jackknife_from_the_gradient_agrees_with_the_exact_one(monkeypatch):
    # the infinitesimal jackknife (used for large K) against leave-one-out tables: the same resamples
    # (same seed), so only BCa's acceleration differs; it is O(1/sqrt(N)) and the two estimates agree to
    # O(1/N), so the limits move by far less than 1 % of the width at N = 500
    from bookeval_lib import table_intervals
    counts = np.round(500 * _population(5, 0.7, [5, 4, 3, 2, 1]))
    table = Contingency(counts, layout="powers")
    for measure in (*CASE_MEASURES, "informedness"):
        exact = contingency_interval(table, measure=measure, method="bootstrap", n_resamples=2000, seed=3)
        monkeypatch.setattr(table_intervals, "_JACKKNIFE", 0)
        approximate = contingency_interval(table, measure=measure, method="bootstrap", n_resamples=2000, seed=3)
        monkeypatch.undo()
        width = exact.high - exact.low
        assert abs(exact.low - approximate.low) < 0.01 * width and abs(exact.high - approximate.high) < 0.01 * width
