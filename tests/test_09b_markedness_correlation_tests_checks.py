"""The checks of notebook 09b's teaching cells, moved here so that the notebook shows the numbers and these
tests hold them: the intervals for B and M against statsmodels, Somers' d, Fisher's z against scipy's
pearsonr, the delta interval against Bishop, Fienberg and Holland's closed form written out, χ² against
scipy, the exact tests against scipy, and the widths the notebook's prose states.  The tables are the
notebook's (LingPipe's three wines and notebook 01b's tagger)."""
import math

import numpy as np
import pytest
import scipy.stats

pytest.importorskip("statsmodels.stats.proportion")

from statsmodels.stats.proportion import confint_proportions_2indep  # noqa: E402

from bookeval_lib import BinaryTable  # noqa: E402
from bookeval_lib import uncertainty as u  # noqa: E402

EXAMPLES = {"Cabernet": (9, 3, 4, 11), "Syrah": (5, 4, 4, 14), "Pinot": (4, 2, 1, 20),
            "01b tagger": (85, 5, 3, 7)}                     # tp, fn, fp, tn
Z95 = scipy.stats.norm.isf(0.025)


def _table(name):
    tp, fn, fp, tn = EXAMPLES[name]
    return BinaryTable(tp=tp, fn=fn, fp=fp, tn=tn)


@pytest.mark.parametrize("name", EXAMPLES)
@pytest.mark.parametrize("method, theirs", [("wald", "wald"), ("newcombe", "newcomb"),
                                            ("agresti-caffo", "agresti-caffo")])
def test_b_and_m_intervals_are_statsmodels_on_the_two_margins(name, method, theirs):
    tp, fn, fp, tn = EXAMPLES[name]
    # B: TP of RP against FP of RN; M: TP of PP against FN of PN
    their_b = confint_proportions_2indep(tp, tp + fn, fp, fp + tn, method=theirs, compare="diff")
    their_m = confint_proportions_2indep(tp, tp + fp, fn, fn + tn, method=theirs, compare="diff")
    assert np.allclose(tuple(u.informedness_interval(_table(name), method=method)), np.clip(their_b, -1, 1))
    assert np.allclose(tuple(u.markedness_interval(_table(name), method=method)), np.clip(their_m, -1, 1))


@pytest.mark.parametrize("name", EXAMPLES)
def test_somers_d_is_b_with_the_real_classes_in_rows_and_m_on_the_transpose(name):
    tp, fn, fp, tn = EXAMPLES[name]
    real_in_rows = np.array([[tp, fn], [fp, tn]])
    assert scipy.stats.somersd(real_in_rows).statistic == pytest.approx(tp / (tp + fn) - fp / (fp + tn))
    assert scipy.stats.somersd(real_in_rows.T).statistic == pytest.approx(tp / (tp + fp) - fn / (fn + tn))


@pytest.mark.parametrize("name", EXAMPLES)
def test_fisher_z_interval_is_scipys_pearsonr_on_the_codes(name):
    tp, fn, fp, tn = EXAMPLES[name]
    real = np.repeat([1, 0, 1, 0], [tp, fp, fn, tn])
    predicted = np.repeat([1, 1, 0, 0], [tp, fp, fn, tn])
    theirs = scipy.stats.pearsonr(real, predicted).confidence_interval(0.95)
    assert np.allclose(tuple(u.correlation_interval(_table(name), method="fisher")), (theirs.low, theirs.high))


def _delta_variance(tp, fn, fp, tn):
    """N Var[phi] to first order, Bishop, Fienberg and Holland (1975, section 11.3), in the margins."""
    n = tp + fn + fp + tn
    pp, rp = (tp + fp) / n, (tp + fn) / n
    pn, rn = 1 - pp, 1 - rp
    q = math.sqrt(pp * pn * rp * rn)
    phi = (tp / n - pp * rp) / q
    return (1 - phi**2 + phi * (1 + phi**2 / 2) * (pp - pn) * (rp - rn) / q
            - 0.75 * phi**2 * ((pp - pn) ** 2 / (pp * pn) + (rp - rn) ** 2 / (rp * rn)))


@pytest.mark.parametrize("name", EXAMPLES)
def test_delta_interval_is_the_closed_form(name):
    tp, fn, fp, tn = EXAMPLES[name]
    n = tp + fn + fp + tn
    r = (tp * tn - fp * fn) / math.sqrt((tp + fp) * (fn + tn) * (tp + fn) * (fp + tn))
    half = Z95 * math.sqrt(_delta_variance(tp, fn, fp, tn) / n)
    assert np.allclose(tuple(u.correlation_interval(_table(name), method="delta")),
                       np.clip([r - half, r + half], -1, 1))


def test_balanced_delta_variance_is_one_minus_phi_squared():
    # pp = rp = 1/2 (tp = tn, fp = fn): V = 1 - phi^2; for tp = tn = 45, fp = fn = 5, phi = 0.8: V = 0.36
    assert _delta_variance(45, 5, 5, 45) == pytest.approx(1 - 0.8**2)


def test_chi_squared_is_scipys_and_lies_between_n_b2_and_n_m2():
    cells = np.random.default_rng(13).integers(1, 40, size=(4, 2_000))
    tables = BinaryTable(tp=cells[0], fp=cells[1], fn=cells[2], tn=cells[3])
    test = u.independence_test(tables)
    scipy_chi2 = [scipy.stats.chi2_contingency(m, correction=False) for m in tables.to_matrix("powers")[:300]]
    assert np.allclose(test.statistic[:300], [r.statistic for r in scipy_chi2])
    assert np.allclose(test.pvalue[:300], [r.pvalue for r in scipy_chi2])
    b, m = tables.informedness, tables.markedness
    assert np.all(tables.total * np.minimum(b**2, m**2) <= test.statistic * (1 + 1e-12))
    assert np.all(test.statistic <= tables.total * np.maximum(b**2, m**2) * (1 + 1e-12))


@pytest.mark.parametrize("name", EXAMPLES)
def test_exact_tests_are_scipys(name):
    tp, fn, fp, tn = EXAMPLES[name]
    matrix = [[tp, fp], [fn, tn]]                                # Powers' layout: rows predicted
    pvalues = {method: u.independence_test(_table(name), method=method).pvalue for method in u.TEST_METHODS}
    assert pvalues["fisher"] == pytest.approx(scipy.stats.fisher_exact(matrix).pvalue)
    assert pvalues["barnard"] == pytest.approx(scipy.stats.barnard_exact(matrix).pvalue)
    assert pvalues["boschloo"] == pytest.approx(scipy.stats.boschloo_exact(matrix).pvalue)


def test_two_sided_boschloo_can_lose_to_fisher_though_one_sided_it_wins():
    counter = BinaryTable(tp=3, fp=10, fn=4, tn=1)
    fisher, boschloo = (u.independence_test(counter, method=m).pvalue for m in ("fisher", "boschloo"))
    assert boschloo == pytest.approx(scipy.stats.boschloo_exact([[3, 10], [4, 1]]).pvalue)
    assert fisher < boschloo
    one_sided = [test([[3, 10], [4, 1]], alternative="less").pvalue
                 for test in (scipy.stats.fisher_exact, scipy.stats.boschloo_exact)]
    assert one_sided[1] < one_sided[0]


def test_the_widths_the_practice_states():
    width = {name: {m: u.correlation_interval(_table(name), method=m).width for m in ("fisher", "delta")}
             for name in EXAMPLES}
    for name in ("Cabernet", "Syrah"):                    # "differ in width by less than 0.1"
        assert abs(width[name]["delta"] - width[name]["fisher"]) < 0.1
    pinot = {m: u.correlation_interval(_table("Pinot"), method=m) for m in ("fisher", "delta")}
    assert pinot["delta"].high == 1.0 and pinot["fisher"].high < 0.9
    assert width["01b tagger"]["fisher"] < 0.55 * width["01b tagger"]["delta"]   # "about half as wide"
