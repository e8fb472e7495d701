"""Recall and precision at fixed informedness (Powers 2008, eqs 13-14); BinaryTable.from_rates."""
import numpy as np
import pytest

from bookeval_lib import BinaryTable
from bookeval_lib.course.figures.label_bias import plot_label_bias, recall_precision_at_fixed_informedness


def table_from_rates(informedness, prevalence, bias):
    return BinaryTable.from_rates(prevalence=prevalence, bias=bias, informedness=informedness)


def test_hand_worked_table():
    # B = 0.5, rp = 0.3, pp = 0.4: tp = 0.3*(0.5*0.7 + 0.4) = 0.225, fp = 0.175,
    # fn = 0.075, tn = 0.525; recall = 0.225/0.3 = 0.75, precision = 0.225/0.4 = 0.5625.
    table = table_from_rates(0.5, 0.3, 0.4)
    assert (table.tp, table.fp, table.fn, table.tn) == pytest.approx((0.225, 0.175, 0.075, 0.525))
    recall, precision = recall_precision_at_fixed_informedness(0.5, 0.3, 0.4)
    assert recall == pytest.approx(0.75) and precision == pytest.approx(0.5625)


def test_the_table_has_the_rates_it_was_built_from():
    rng = np.random.default_rng(3)
    prevalence = rng.uniform(0.05, 0.95, 500)
    informedness = rng.uniform(-1, 1, 500)
    low = np.where(informedness >= 0, prevalence * informedness, (1 - prevalence) * -informedness)
    high = np.where(informedness >= 0, 1 - (1 - prevalence) * informedness, 1 - prevalence * -informedness)
    bias = low + rng.uniform(0, 1, 500) * (high - low)
    table = table_from_rates(informedness, prevalence, bias)
    np.testing.assert_allclose(table.informedness, informedness, atol=1e-9)
    np.testing.assert_allclose(table.prevalence, prevalence, atol=1e-12)
    np.testing.assert_allclose(table.bias, bias, atol=1e-12)


def test_at_chance_recall_is_bias_and_precision_is_prevalence():
    bias = np.linspace(0.05, 1, 20)
    recall, precision = recall_precision_at_fixed_informedness(0.0, 0.3, bias)
    np.testing.assert_allclose(recall, bias)
    np.testing.assert_allclose(precision, 0.3)


def test_infeasible_bias_is_nan_and_table_from_rates_refuses_it():
    # B = 0.6, rp = 0.3 needs pp >= rp*B = 0.18 (else fp < 0) and pp <= 1 - 0.7*0.6 = 0.58 (else fn < 0).
    recall, precision = recall_precision_at_fixed_informedness(0.6, 0.3, np.array([0.1, 0.3, 0.7]))
    assert np.isnan(recall[[0, 2]]).all() and np.isnan(precision[[0, 2]]).all()
    assert np.isfinite(recall[1]) and np.isfinite(precision[1])
    with pytest.raises(ValueError, match="fp would be negative"):
        table_from_rates(0.6, 0.3, 0.1)
    with pytest.raises(ValueError, match="fn would be negative"):
        table_from_rates(0.6, 0.3, 0.7)


@pytest.mark.parametrize("rates, message", [((1.5, 0.3, 0.5), "informedness"),
                                            ((0.2, 0.0, 0.5), "prevalence"),
                                            ((0.2, 0.3, 1.2), "bias")])
def test_out_of_range_rates_raise(rates, message):
    with pytest.raises(ValueError, match=message):
        recall_precision_at_fixed_informedness(*rates)


def test_plot_draws_two_curves_per_level():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots()
    plot_label_bias(ax, informedness_levels=(0.0, 0.5), prevalence=0.3, points=11)
    assert len(ax.get_lines()) == 5   # 2 levels x (recall, precision) + the prevalence marker
    assert "bias" in ax.get_xlabel()
    plt.close(fig)


def test_from_rates_scales_to_counts_and_broadcasts():
    # rp = 0.7, pp = 0.8, B = 0.15, N = 100: tp = 0.8*0.7 + 0.15*0.7*0.3 = 0.5915 -> 59.15
    table = BinaryTable.from_rates(prevalence=0.7, bias=[0.8, 0.7], informedness=0.15, total=100)
    assert table.shape == (2,)
    assert table.tp[0] == pytest.approx(59.15) and table.total[1] == pytest.approx(100)
