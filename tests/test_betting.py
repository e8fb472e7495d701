"""Tests of bookeval_lib.betting: fair odds, payoffs, Figure 1 of Powers 2003, the punter simulation."""
import numpy as np
import pytest
from hypothesis import given, strategies as st

from bookeval_lib.betting import (
    binary_table_from_rates, expected_gain, expected_winnings_per_bet,
    fair_odds, feasible_informedness, payoff_matrix, reduced_odds, total_winnings)
from bookeval_lib.course.replications.betting import (
    bookmaker_sheet, class_informed_table, informed_rate_weights, mixed_table, simulate_punter,
    winnings_moments)
from bookeval_lib.course.figure1 import (
    figure1_figures, figure1_html, figure1_printed, figure1_tables, spreadsheet_round)
from bookeval_lib.course.states import explore_binary
from bookeval_lib.measures import BinaryTable

probability = st.floats(0.01, 0.99)
count = st.integers(0, 60)


# ---------------------------------------------------------------- odds
def test_reduced_odds_of_the_poster():
    # poster: a horse that won 30 of 100 starts is offered at 7:3 (win $7 for a $3 stake)
    assert reduced_odds(0.3) == pytest.approx((7.0, 3.0))
    assert fair_odds(0.3) == pytest.approx(7 / 3)


@given(probability)
def test_fair_odds_are_zero_sum(p):
    win, stake = reduced_odds(p)
    assert expected_gain(p, win, stake) == pytest.approx(0, abs=1e-12)
    assert expected_gain(p, fair_odds(p), 1.0) == pytest.approx(0, abs=1e-12)


@pytest.mark.parametrize("bad", [0.0, 1.0, -0.2, np.nan])
def test_fair_odds_reject_certain_or_invalid_probabilities(bad):
    with pytest.raises(ValueError):
        fair_odds(bad)


def test_payoff_matrix_normalisations():
    # rows = backed label, columns = winner; classes with prevalence .3 and .7
    paper = payoff_matrix([0.3, 0.7], "paper")
    np.testing.assert_allclose(paper, [[1 / 0.3, -1 / 0.7], [-1 / 0.3, 1 / 0.7]])
    odds = payoff_matrix([0.3, 0.7], "odds")          # 7:3 and 3:7
    np.testing.assert_allclose(odds, [[7, -3], [-7, 3]])
    # the paper's weight is the odds divided by 10 k, k = .3 * .7 (poster: "= 21" for N = 100)
    np.testing.assert_allclose(paper, odds / (10 * 0.21))
    unit = payoff_matrix([0.3, 0.7], "unit")
    # win $1; a lost bet on the .3 class costs .3/.7, on the .7 class .7/.3
    np.testing.assert_allclose(unit, [[1, -0.3 / 0.7], [-0.7 / 0.3, 1]])
    with pytest.raises(ValueError):
        payoff_matrix([0.3, 0.7], "cents")
    with pytest.raises(ValueError):
        payoff_matrix([0.3, 0.6])


def test_the_guessing_punter_of_the_poster_breaks_even():
    # poster: won 12*$7 + 42*$3 = $210, lost 18*$7 + 28*$3 = $210
    assert total_winnings([[12, 28], [18, 42]]) == (210.0, 210.0)
    from bookeval_lib.betting import table_payoffs
    per_case, amounts = table_payoffs([[12, 28], [18, 42]], "odds")
    # +P+R 12 x $7, +P-R 28 x -$3, -P+R 18 x -$7, -P-R 42 x $3
    np.testing.assert_allclose(amounts, [[84, -84], [-126, 126]])
    assert expected_winnings_per_bet([[12, 28], [18, 42]]) == pytest.approx(0, abs=1e-12)


def test_perfect_and_half_informed_punters_of_the_poster():
    assert expected_winnings_per_bet([[30, 0], [0, 70]]) == pytest.approx(1.0)
    # the poster's 50 % mix: [[.21, .14], [.09, .56]] gives B = .5
    assert expected_winnings_per_bet([[21, 14], [9, 56]]) == pytest.approx(0.5)
    assert bookmaker_sheet([[21, 14], [9, 56]], 10)["total"] == pytest.approx(5.0)


@given(count, count, count, count)
def test_unit_odds_winnings_equal_tpr_minus_fpr(tp, fp, fn, tn):
    table = BinaryTable(tp=tp, fp=fp, fn=fn, tn=tn)
    if not (tp + fn) or not (fp + tn):
        return
    assert expected_winnings_per_bet(table) == pytest.approx(table.recall - table.fallout, abs=1e-12)
    assert bookmaker_sheet(table)["total"] == pytest.approx(10 * table.informedness, abs=1e-9)


# ---------------------------------------------------------------- Figure 1 of Powers 2003
# Every figure as printed in the paper, model by model (seed 000, Figure 1).
PRINTED = {
    0: dict(cells=["56", "24", "14", "6"], informedness="0%", bias="80%", inverse_bias="20%",
            precision="70%", inverse_precision="30%", recall="80%", inverse_recall="20%",
            accuracy="62%", f="74.67%", inverse_f="24.00%", average_f="52.50%",
            g="74.83%", inverse_g="24.49%", average_g="59.85%",
            dollars_plus=("$0.00", "$8.00", "-$8.00", "$0.00"),
            dollars_minus=("$0.00", "-$2.00", "$2.00", "$0.00"),
            dollars_total=("$0.00", "$6.00", "-$6.00", "$0.00")),
    1: dict(cells=["70", "0", "0", "30"], informedness="100%", bias="70%", inverse_bias="30%",
            precision="100%", inverse_precision="100%", recall="100%", inverse_recall="100%",
            accuracy="100%", f="100.00%", inverse_f="100.00%", average_f="100.00%",
            g="100.00%", inverse_g="100.00%", average_g="100.00%",
            dollars_plus=("$7.00", "$10.00", "$0.00", "$10.00"),
            dollars_minus=("$3.00", "$0.00", "$10.00", "$10.00"),
            dollars_total=("$10.00", "$10.00", "$10.00", "$10.00")),
    2: dict(cells=["58.1", "20.4", "11.9", "9.6"], informedness="15%", bias="79%", inverse_bias="22%",
            precision="74%", inverse_precision="45%", recall="83%", inverse_recall="32%",
            accuracy="68%", f="78.25%", inverse_f="37.28%", average_f="63.30%",
            g="78.38%", inverse_g="37.80%", average_g="67.00%",
            dollars_plus=("$1.18", "$8.30", "-$6.80", "$1.50"),
            dollars_minus=("$0.32", "-$1.70", "$3.20", "$1.50"),
            dollars_total=("$1.50", "$6.60", "-$3.60", "$1.50")),
    3: dict(cells=["47.6", "24.9", "22.4", "5.1"], informedness="-15%", bias="73%", inverse_bias="28%",
            precision="66%", inverse_precision="19%", recall="68%", inverse_recall="17%",
            accuracy="53%", f="66.81%", inverse_f="17.74%", average_f="37.94%",
            g="66.82%", inverse_g="17.76%", average_g="46.41%",
            dollars_plus=("-$1.09", "$6.80", "-$8.30", "-$1.50"),
            dollars_minus=("-$0.41", "-$3.20", "$1.70", "-$1.50"),
            dollars_total=("-$1.50", "$3.60", "-$6.60", "-$1.50")),
}


@pytest.mark.parametrize("model", range(4))
def test_figure1_every_printed_figure(model):
    printed = figure1_printed(figure1_tables()[model])
    for name, expected in PRINTED[model].items():
        assert printed[name] == (list(expected) if isinstance(expected, list) else expected), name


def test_figure1_models_3_and_4_are_mixtures_of_perfect_and_guessing_play():
    # hand: .15 * [[70, 0], [0, 30]] + .85 * [[56, 24], [14, 6]] = [[58.1, 20.4], [11.9, 9.6]]
    np.testing.assert_allclose(mixed_table(0.7, 0.8, 0.15, 100), [[58.1, 20.4], [11.9, 9.6]])
    # hand: .15 * [[0, 30], [70, 0]] + .85 * [[56, 24], [14, 6]] = [[47.6, 24.9], [22.4, 5.1]]
    np.testing.assert_allclose(mixed_table(0.7, 0.8, -0.15, 100), [[47.6, 24.9], [22.4, 5.1]])


def test_figure1_informedness_equals_g():
    for g, table in zip((0, 1, 0.15, -0.15), figure1_tables()):
        assert figure1_figures(table)["informedness"] == pytest.approx(g)


def test_figure1_html_contains_the_printed_cells():
    text = figure1_html(figure1_tables()[2], "Model 3")
    for s in ("58.1", "63.30%", "67.00%", ">\u22126.80<", ">1.18<"):    # printed -$6.80 and $1.18
        assert s in text
    assert "$" not in text                  # a pair of "$" would be typeset as maths by JupyterLab
    # the dollar columns are headed 7 and 3, in that order, as in the paper
    assert text.index(">Weighted<") < text.index(">7<") < text.index(">3<") < text.index(">Won<")


def test_spreadsheet_round_is_half_away_from_zero():
    assert spreadsheet_round(78.5) == 79 and spreadsheet_round(21.5) == 22   # Python's round gives 78
    assert spreadsheet_round(0.785 * 1.5, 2) == 1.18       # 1.1775 exactly
    assert spreadsheet_round(-1.0875, 2) == -1.09


# ---------------------------------------------------------------- mixtures, feasibility
@given(st.floats(0.05, 0.95), st.floats(0.0, 1.0), st.floats(-1.0, 1.0))
def test_mixture_has_informedness_g_for_every_prevalence_and_bias(p, q, g):
    table = BinaryTable.from_matrix(mixed_table(p, q, g), layout="powers")
    assert table.informedness == pytest.approx(g, abs=1e-9)


def test_k_class_mixture_has_per_label_informedness_g():
    from bookeval_lib.contingency import Contingency
    table = Contingency(mixed_table([0.5, 0.3, 0.2], [0.2, 0.2, 0.6], 0.4), layout="powers")
    np.testing.assert_allclose(table.informedness_per_label, 0.4)
    with pytest.raises(ValueError):
        mixed_table([0.5, 0.3, 0.2], [0.2, 0.2, 0.6], -0.4)


def test_feasible_interval_by_hand():
    # rp = .7, pp = .5: -min(.5/.3, .5/.7) = -5/7, min(.5/.7, .5/.3) = 5/7
    low, high = feasible_informedness(0.7, 0.5)
    assert (low, high) == pytest.approx((-5 / 7, 5 / 7))


@given(st.floats(0.05, 0.95), st.floats(0.0, 1.0), st.floats(0.0, 1.0))
def test_table_from_rates_recovers_the_rates(p, q, fraction):
    low, high = feasible_informedness(p, q)
    b = low + fraction * (high - low)
    table = binary_table_from_rates(p, q, b)
    assert table.prevalence == pytest.approx(p, abs=1e-9)
    assert table.bias == pytest.approx(q, abs=1e-9)
    assert table.informedness == pytest.approx(b, abs=1e-9)


def test_infeasible_rates_raise():
    with pytest.raises(ValueError, match="^informedness must lie in .* got"):
        binary_table_from_rates(0.7, 0.5, 0.9)


def test_explorer_clips_infeasible_informedness():
    state = explore_binary(0.7, 0.5, 0.9)
    # hand: B is clipped to 5/7; TP = .5*.7 + (5/7)(.21) = .5, FP = .5 - .5 = 0 (x100)
    assert state.clipped and state.informedness == pytest.approx(5 / 7)
    assert (state.table.tp, state.table.fp, state.table.fn, state.table.tn) == pytest.approx((50, 0, 20, 30))
    assert state.measures["informedness"] == pytest.approx(5 / 7)
    assert state.payoff["total"] == pytest.approx(50 / 7)
    ok = explore_binary(0.7, 0.785, 0.15)
    assert not ok.clipped and ok.table.tp == pytest.approx(58.1)
    with pytest.raises(ValueError):
        explore_binary(0.0, 0.5, 0.1)


# ---------------------------------------------------------------- simulation
def test_simulation_is_seeded_and_shaped():
    a = simulate_punter(0.3, 0.4, 0.5, 1000, seed=7, punters=3)
    b = simulate_punter(0.3, 0.4, 0.5, 1000, seed=7, punters=3)
    assert a.shape == (3, 1000) and np.array_equal(a, b)


@pytest.mark.parametrize("p, q, g", [(0.3, 0.4, 0.5), (0.7, 0.8, 0.15), (0.7, 0.8, -0.15),
                                     (0.5, 0.5, 0.0), ([0.5, 0.3, 0.2], [0.1, 0.1, 0.8], 0.3)])
def test_simulation_converges_to_g_within_its_standard_error(p, q, g):
    races, punters = 20000, 20
    final = simulate_punter(p, q, g, races, seed=2003, punters=punters)[:, -1]
    mean, sd = winnings_moments(p, q, g)
    assert mean == pytest.approx(g, abs=1e-12)
    # the mean of 20 punters' averages has standard error sd/sqrt(races*punters)
    assert abs(final.mean() - g) < 5 * sd / np.sqrt(races * punters)


def test_moments_by_hand():
    # p = q = .5, G = 0: each bet wins $1 or loses $1 with probability 1/2: sd 1
    assert winnings_moments(0.5, 0.5, 0.0) == pytest.approx((0.0, 1.0))
    # perfect punter: always +$1, sd 0
    assert winnings_moments(0.3, 0.5, 1.0) == pytest.approx((1.0, 0.0), abs=1e-7)


def test_plot_running_winnings_draws_the_simulated_lines():
    import matplotlib
    matplotlib.use("Agg")
    from bookeval_lib.course.figures.betting import plot_running_winnings
    running = simulate_punter(0.7, 0.8, 0.15, 500, seed=1, punters=3)
    ax = plot_running_winnings(running, *winnings_moments(0.7, 0.8, 0.15))
    plotted = [line.get_ydata() for line in ax.get_lines()][:3]
    for row, line in zip(running, plotted):
        np.testing.assert_array_equal(row, line)


def test_only_the_bias_weighted_means_reproduce_avf_and_avg():
    from bookeval_lib.averages import weighted_mean
    printed_f = [PRINTED[m]["average_f"] for m in range(4)]
    printed_g = [PRINTED[m]["average_g"] for m in range(4)]
    matches = {"F": [], "G": []}
    for kind in ("arithmetic", "harmonic", "geometric"):
        for weighting in ("equal", "prevalence", "bias"):
            values_f, values_g = [], []
            for table in figure1_tables():
                w = {"equal": 0.5, "prevalence": table.prevalence, "bias": table.bias}[weighting]
                fig = figure1_figures(table)
                values_f.append(f"{spreadsheet_round(100 * weighted_mean(fig['f'], fig['inverse_f'], w, kind), 2):.2f}%")
                values_g.append(f"{spreadsheet_round(100 * weighted_mean(fig['g'], fig['inverse_g'], w, kind), 2):.2f}%")
            if values_f == printed_f:
                matches["F"].append((kind, weighting))
            if values_g == printed_g:
                matches["G"].append((kind, weighting))
    assert matches == {"F": [("harmonic", "bias")], "G": [("geometric", "bias")]}


# ------------------------------------------------- informed at a rate per class
def test_class_informed_table_by_hand():
    # prevalence (.2, .8), guess (.5, .5), class 0 always informed, class 1 never:
    # Pr(0,0) = .2, Pr(1,0) = 0, Pr(l,1) = .8 x .5 = .4  ->  [[.2, .4], [0, .4]]
    table = class_informed_table([0.2, 0.8], [0.5, 0.5], [1.0, 0.0])
    np.testing.assert_allclose(table, [[0.2, 0.4], [0.0, 0.4]], rtol=0, atol=1e-15)
    # B = tpr - fpr = .2/.2 - .4/.8 = .5, while the informed share of decisions is .2 x 1 + .8 x 0 = .2
    binary = BinaryTable.from_matrix(table, layout="powers")
    assert binary.informedness == pytest.approx(0.5, abs=1e-12)
    # weights: bias (.6, .4); w_0 = .6 x .5 + .2 x (.4 x .5 / .2) = .5, w_1 = .4 x .5 + .8 x (.6 x .5 / .8) = .5
    np.testing.assert_allclose(informed_rate_weights([0.2, 0.8], [0.5, 0.5], [1.0, 0.0]), [0.5, 0.5], atol=1e-12)


def test_class_informed_table_with_equal_rates_is_the_mixed_table():
    args = ([0.5, 0.3, 0.2], [0.1, 0.6, 0.3])
    np.testing.assert_allclose(class_informed_table(*args, [0.4] * 3, total=100),
                               mixed_table(*args, 0.4, total=100), atol=1e-12)


@given(st.lists(st.floats(0.05, 1.0), min_size=3, max_size=3), st.lists(st.floats(0.05, 1.0), min_size=3, max_size=3),
       st.lists(st.floats(0.0, 1.0), min_size=3, max_size=3))
def test_informed_rate_weights_give_the_bookmaker(p, q, g):
    from bookeval_lib.contingency import Contingency
    p, q = np.array(p) / sum(p), np.array(q) / sum(q)
    b = Contingency(class_informed_table(p, q, g), layout="powers").informedness
    w = informed_rate_weights(p, q, g)
    assert w.sum() == pytest.approx(1.0, abs=1e-9) and (w >= -1e-12).all()
    assert b == pytest.approx(float(w @ np.asarray(g)), abs=1e-9)     # sums of a few terms of size <= 1/min(p)


def test_class_informed_table_rejects_bad_rates():
    with pytest.raises(ValueError, match="informed"):
        class_informed_table([0.5, 0.5], [0.5, 0.5], [1.2, 0.0])
    with pytest.raises(ValueError, match="one entry per class"):
        class_informed_table([0.5, 0.5], [0.5, 0.5], [0.5, 0.5, 0.5])
