"""bias_sweep (the widget and figure of notebook 04) against scikit-learn on label arrays."""
import matplotlib
import numpy as np
import pytest
from sklearn.metrics import cohen_kappa_score, f1_score, matthews_corrcoef

from bookeval_lib.course.states import SWEPT_MEASURES, bias_sweep

matplotlib.use("Agg")


def _labels(tp, fp, fn, tn):
    real = np.repeat([1, 0, 1, 0], [tp, fp, fn, tn])
    predicted = np.repeat([1, 1, 0, 0], [tp, fp, fn, tn])
    return real, predicted


def test_powers_2008_numbers_at_prevalence_02_informedness_05():
    # Hand arithmetic, N = 1000: tp = pp*rp + B*rp*rn = pp*0.2 + 0.08.
    # pp = 0.1: TP 100, FP 0, FN 100, TN 800;  pp = 0.5: TP 180, FP 320, FN 20, TN 480.
    bias, values = bias_sweep(0.2, 0.5, bias=np.array([0.1, 0.5]))
    for i, cells in enumerate([(100, 0, 100, 800), (180, 320, 20, 480)]):
        real, predicted = _labels(*cells)
        assert np.isclose(values["kappa"][i], cohen_kappa_score(real, predicted))
        assert np.isclose(values["matthews_correlation"][i], matthews_corrcoef(real, predicted))
        assert np.isclose(values["f1"][i], f1_score(real, predicted))
        assert np.isclose(values["informedness"][i], 0.5)
    # the paper's rounded values (Powers 2008, section 3): kappa 0.615 -> 0.320, MCC 0.667 -> 0.400
    assert np.allclose(values["kappa"], [0.615, 0.320], atol=5e-4)
    assert np.allclose(values["matthews_correlation"], [0.667, 0.400], atol=5e-4)


def test_infeasible_bias_is_nan_and_informedness_is_flat():
    bias, values = bias_sweep(0.2, 0.5, points=101)
    feasible = (bias >= 0.1 - 1e-12) & (bias <= 0.6 + 1e-12)      # [rp*B, 1 - rn*B]
    for name in SWEPT_MEASURES:
        assert np.all(np.isnan(values[name][~feasible])) and np.all(np.isfinite(values[name][feasible]))
    assert np.allclose(values["informedness"][feasible], 0.5)


def test_all_measures_meet_at_bias_equal_prevalence():
    # pp = rp makes FP = FN: informedness = markedness = correlation = kappa (notebook 03b, exercise 1)
    _, values = bias_sweep(0.3, 0.4, bias=np.array([0.3]))
    for name in ("kappa", "matthews_correlation", "markedness"):
        assert np.isclose(values[name][0], 0.4)


@pytest.mark.parametrize("kwargs, word", [({"prevalence": 0.0, "informedness": 0.5}, "prevalence"),
                                          ({"prevalence": 0.2, "informedness": 1.5}, "informedness"),
                                          ({"prevalence": 0.2, "informedness": 0.5, "points": 1}, "points"),
                                          ({"prevalence": 0.2, "informedness": 0.5, "bias": [1.2]}, "bias")])
def test_bad_input(kwargs, word):
    with pytest.raises(ValueError, match=word):
        bias_sweep(**kwargs)


def test_plot_has_every_line_in_the_legend():
    import matplotlib.pyplot as plt

    from bookeval_lib.course.figures.chance_corrected import plot_bias_sweep

    fig, ax = plt.subplots()
    plot_bias_sweep(ax, 0.2, 0.5)
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert len(labels) == len(ax.get_lines()) == len(SWEPT_MEASURES) + 1
    assert any("bias = prevalence" in label for label in labels)
    plt.close(fig)
