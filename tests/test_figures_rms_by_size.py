"""The rms-against-N figure of notebook 08b draws exactly the core's fit statistics."""
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402

from bookeval_lib import montecarlo as mc  # noqa: E402
from bookeval_lib.course.figures.rms_by_size import plot_rms_against_cases  # noqa: E402
from bookeval_lib.course.figures.style import MEASURE_STYLE  # noqa: E402
from bookeval_lib.course.replications import figure2


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


def _fits(sizes):
    target = figure2.stepped_informedness(11, 40)
    rms, errors = {}, {}
    for n in sizes:
        run = mc.simulate_tables(target, seed=5, n_cases=n)
        values = figure2.figure2_measures(run.table)
        kept = figure2.defined_everywhere(values, run.expected_informedness)
        chosen = {k: v[kept] for k, v in values.items()}
        fit = figure2.fit_statistics(chosen, run.expected_informedness[kept])
        se = figure2.fit_standard_errors(chosen, run.expected_informedness[kept])
        for name in fit:
            rms.setdefault(name, []).append(fit[name]["rms"])
            errors.setdefault(name, []).append(se[name]["rms_se"])
    return rms, errors


def test_lines_and_bands_are_the_core_numbers():
    sizes = [20, 100, 1000]
    rms, errors = _fits(sizes)
    figure = plot_rms_against_cases(sizes, rms, errors, band=2.0)
    ax = figure.axes[0]
    assert ax.get_xscale() == "log" and ax.get_yscale() == "log"
    lines = {line.get_label(): line for line in ax.get_lines()}
    for name in rms:
        line = lines[MEASURE_STYLE[name][2]]
        np.testing.assert_allclose(line.get_xdata(), sizes)
        np.testing.assert_allclose(line.get_ydata(), rms[name])
        assert line.get_color() == MEASURE_STYLE[name][0]
    # the bands, in the order drawn: upper edge rms + 2 SE at each N
    bands = [c for c in ax.collections if len(c.get_paths()) and len(c.get_paths()[0].vertices)]
    assert len(bands) == len(rms)
    for band, name in zip(bands, rms):
        vertices = band.get_paths()[0].vertices
        upper = np.asarray(rms[name]) + 2 * np.asarray(errors[name])
        for x, y in zip(sizes, upper):
            assert np.any(np.isclose(vertices[:, 0], x) & np.isclose(vertices[:, 1], y))


def test_informedness_error_shrinks_as_binomial_noise_predicts():
    # The picture's message, checked on the numbers it draws: B's error is binomial noise,
    # so its rms scales like 1/sqrt(N) (sqrt(20/1000) = 0.14 of the N = 20 value, allow up
    # to half); kappa's is mostly systematic (Theory of notebook 08), so it keeps over half.
    rms, _ = _fits([20, 1000])
    assert rms["informedness"][1] < 0.5 * rms["informedness"][0]
    assert rms["kappa"][1] > 0.5 * rms["kappa"][0]


def test_predicted_line_and_bad_sizes():
    figure = plot_rms_against_cases([10, 100], {"informedness": [0.3, 0.1]},
                                    {"informedness": [0.01, 0.003]}, predicted=[0.29, 0.09])
    dashed = [line for line in figure.axes[0].get_lines() if line.get_linestyle() == "--"]
    np.testing.assert_allclose(dashed[0].get_ydata(), [0.29, 0.09])
    with pytest.raises(ValueError, match="sizes"):
        plot_rms_against_cases([0, 10], {}, {})
    with pytest.raises(ValueError, match="informedness"):
        plot_rms_against_cases([10, 100], {"informedness": [0.3]}, {"informedness": [0.1]})
