"""The Bookmaker's betting interpretation of informedness (Powers 2003).

A punter backs one "horse" (label) per race; the bookmaker offers fair odds
set from the historical probability ``p`` that the horse wins (its prevalence).
Fair odds against a horse are ``(1 - p) : p``: a stake of ``p`` wins ``1 - p``,
so guessing has expected gain 0 (Powers 2003, section "Bookmaker Odds").

Three scalings of the same fair odds appear in the papers and in this module:

``"odds"``
    The spreadsheet's reduced odds that add to ``odds_total`` (10 in Figure 1):
    a horse that wins 30 % of races is offered at 7:3, so backing it risks $3
    to win $7 and backing its rival risks $7 to win $3 (poster, 2003).
``"paper"``
    Powers 2003's normalised weight ``w(c|l) = +1/Pr_R(l)`` when the real class
    ``c`` is the backed label ``l`` and ``-1/(1 - Pr_R(l))`` otherwise; the
    ``"odds"`` payoff divided by ``odds_total * k`` with ``k = Pr_R(l)(1 - Pr_R(l))``.
    Then ``sum_c Pr(l, c) w(c|l) = recall(l) - fallout(l) = B(l)``.
``"unit"``
    Every winning bet pays $1 and a losing bet costs the fair stake
    ``Pr_R(l)/(1 - Pr_R(l))``.  The expected winnings per bet are then
    ``sum_l Pr_R(l) B(l)``, which is exactly ``B = tpr - fpr`` for two classes
    (see :func:`expected_winnings_per_bet`); the perfect punter wins $1 on
    every bet and a guesser breaks even.

All matrices here follow Powers' layout: rows = the label backed (predicted),
columns = the real class (scikit-learn's ``confusion_matrix`` is the transpose).
"""
from __future__ import annotations

import html
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

import numpy as np

from .measures import BinaryTable

__all__ = [
    "fair_odds", "reduced_odds", "expected_gain", "payoff_matrix", "table_payoffs", "total_winnings",
    "expected_winnings_per_bet", "bookmaker_sheet", "mixed_table", "mixed_binary_table",
    "binary_table_from_rates", "feasible_informedness", "simulate_punter",
    "winnings_moments", "spreadsheet_round", "figure1_tables", "figure1_figures",
    "figure1_printed", "figure1_html", "weighted_mean", "ExplorerState", "explore_binary", "explorer_html",
    "NORMALISATIONS", "plot_running_winnings",
]

NORMALISATIONS = ("paper", "odds", "unit")


def _plain(value):
    """A 0-d array becomes a Python float (prints as 7.0, not np.float64(7.0))."""
    value = np.asarray(value)
    return float(value) if value.ndim == 0 else value


def _probabilities(values, name, *, open_interval=True):
    array = np.asarray(values, dtype=np.float64)
    if not np.all(np.isfinite(array)):
        raise ValueError(f"{name} must be finite, got {values!r}")
    if open_interval and ((array <= 0) | (array >= 1)).any():
        raise ValueError(f"{name} must lie strictly between 0 and 1, got {values!r}")
    if not open_interval and ((array < 0) | (array > 1)).any():
        raise ValueError(f"{name} must lie in [0, 1], got {values!r}")
    return array


def _distribution(values, name):
    """A probability vector (non-negative, sums to 1); a scalar p means (p, 1 - p)."""
    array = np.asarray(values, dtype=np.float64)
    if array.ndim == 0:
        array = np.array([float(array), 1.0 - float(array)])
    if array.ndim != 1 or array.size < 2:
        raise ValueError(f"{name} must be a probability or a vector of probabilities")
    if not np.all(np.isfinite(array)) or (array < 0).any():
        raise ValueError(f"{name} must be finite and non-negative, got {values!r}")
    if not np.isclose(array.sum(), 1.0, rtol=0, atol=1e-9):
        raise ValueError(f"{name} must sum to 1, got sum {array.sum():g}")
    return array


# ---------------------------------------------------------------------- odds
def fair_odds(probability):
    """Fair odds against a horse that wins with ``probability`` p: ``(1 - p)/p`` won per $1 staked.

    The expected gain ``p (1-p)/p - (1-p) * 1 = 0`` (Powers 2003: odds X:Y are fair
    when the horse wins with probability Y/(X+Y)).  Vectorised; p must be in (0, 1).
    """
    p = _probabilities(probability, "probability")
    return _plain((1.0 - p) / p)


def reduced_odds(probability, odds_total=10):
    """The odds ``X:Y`` that add to ``odds_total``: ``(win, stake) = (total (1-p), total p)``.

    ``reduced_odds(0.3)`` is ``(7.0, 3.0)``: risk $3 to win $7 (the poster's 7:3).
    """
    p = _probabilities(probability, "probability")
    return _plain(odds_total * (1.0 - p)), _plain(odds_total * p)


def expected_gain(win_probability, win, stake):
    """Expected gain of one bet: ``Pr(win) * win - (1 - Pr(win)) * stake`` (0 when the odds are fair)."""
    p = _probabilities(win_probability, "win_probability", open_interval=False)
    return _plain(p * np.asarray(win, dtype=float) - (1.0 - p) * np.asarray(stake, dtype=float))


def payoff_matrix(prevalence, normalisation="paper", odds_total=10):
    """Payoff per case of backing label l (row) when class c (column) wins.

    Positive entries are returns won, negative entries stakes lost.  ``prevalence``
    is Pr_R(c) for each class (a scalar p means the two classes (p, 1 - p)).

    ``"paper"``: ``w(c|l) = +1/Pr_R(l)`` if c = l, ``-1/(1 - Pr_R(l))`` otherwise
    (Powers 2003, general Bookmaker; the poster writes P_R(l)).
    ``"odds"``: win ``odds_total (1 - Pr_R(l))`` or lose ``odds_total Pr_R(l)``
    (reduced odds such as 7:3).  ``"unit"``: win 1 or lose ``Pr_R(l)/(1 - Pr_R(l))``.
    """
    p = _distribution(prevalence, "prevalence")
    if ((p <= 0) | (p >= 1)).any():
        raise ValueError("every class needs a prevalence strictly between 0 and 1 for fair odds")
    if normalisation == "paper":
        win, lose = 1.0 / p, 1.0 / (1.0 - p)
    elif normalisation == "odds":
        win, lose = odds_total * (1.0 - p), odds_total * p
    elif normalisation == "unit":
        win, lose = np.ones_like(p), p / (1.0 - p)
    else:
        raise ValueError(f"unknown normalisation {normalisation!r}; choose one of {NORMALISATIONS}")
    k = p.size
    return np.where(np.eye(k, dtype=bool), win[:, None], -lose[:, None] * np.ones((k, k)))


def _matrix(table):
    """Rows = predicted, columns = real, from a BinaryTable or a square array."""
    if isinstance(table, BinaryTable):
        if table.shape:
            raise ValueError("give one BinaryTable, not an array of tables")
        return table.to_matrix("powers")
    matrix = np.asarray(table, dtype=np.float64)
    if matrix.ndim != 2 or matrix.shape[0] != matrix.shape[1]:
        raise ValueError(f"a square matrix (rows = predicted, columns = real) is needed, not {matrix.shape}")
    if not np.all(np.isfinite(matrix)) or (matrix < 0).any():
        raise ValueError("cells must be finite and non-negative")
    return matrix


def table_payoffs(table, normalisation="paper", odds_total=10):
    """Stake and return per cell of a table (rows = predicted, columns = real), odds from its own prevalences.

    Returns ``(per_case, amounts)``: ``per_case`` is :func:`payoff_matrix` for the
    table's column margins (+ = return won, - = stake lost, per case in that cell)
    and ``amounts = counts * per_case``, the dollars each cell wins or loses.
    """
    counts = _matrix(table)
    per_case = payoff_matrix(counts.sum(axis=0) / counts.sum(), normalisation, odds_total)
    return per_case, counts * per_case


def total_winnings(table, normalisation="odds", odds_total=10):
    """``(won, lost)``: dollars won on correct bets and stakes lost on wrong ones, one bet per case.

    The table's own column margins give the odds.  For the poster's guessing
    punter ``[[12, 28], [18, 42]]`` at 7:3 this is ``(210, 210)``.
    """
    amounts = table_payoffs(table, normalisation, odds_total)[1]
    return float(amounts[amounts > 0].sum()), float(-amounts[amounts < 0].sum())


def expected_winnings_per_bet(table, normalisation="unit", odds_total=10):
    """Average payoff per bet, ``sum_{l,c} Pr(l, c) payoff(l, c)``.

    With ``"unit"`` payoffs this equals ``sum_l Pr_R(l) B(l)``; for two classes that
    is ``(TP*TN - FP*FN)/(N^2 rp rn) = tpr - fpr = B`` for every bias.
    """
    counts = _matrix(table)
    joint = counts / counts.sum()
    return float((joint * payoff_matrix(joint.sum(axis=0), normalisation, odds_total)).sum())


def bookmaker_sheet(table, odds_total=10):
    """The dollar block of the Figure 1 spreadsheet, for a square table (rows = predicted).

    Returns a dict:

    ``cells``     ``odds_total * Pr(l, c) * w(c|l)`` = +-odds_total * count/column total;
    ``won``       row sums = ``odds_total * B(l)`` (the "Won" column);
    ``weighted``  ``odds_total * Pr_P(l) * B(l)`` (the "Weighted" column);
    ``column_totals``  column sums of ``cells`` (the sheet's bottom row);
    ``total``     ``sum(weighted) = odds_total * B`` (bottom left and bottom right).
    """
    counts = _matrix(table)
    joint = counts / counts.sum()
    cells = odds_total * joint * payoff_matrix(joint.sum(axis=0), "paper")
    won = cells.sum(axis=1)
    weighted = joint.sum(axis=1) * won
    return {"cells": cells, "won": won, "weighted": weighted,
            "column_totals": cells.sum(axis=0), "total": float(weighted.sum())}


# ---------------------------------------------------------------------- mixtures of informed and guessing play
def mixed_table(prevalence, guess_bias, informedness, total=1.0):
    """Expected table of a punter informed with probability G who otherwise guesses.

    ``G * perfect + (1 - G) * guess`` with ``perfect = diag(Pr_R)`` and
    ``guess = outer(guess_bias, Pr_R)`` (the guess ignores the race).  For two
    classes a negative G means "informed but reversed" with probability |G|
    (Figure 1, model 4): ``|G| * antidiagonal + (1 - |G|) * guess``.  Rows =
    predicted labels, columns = real classes; scaled to ``total`` cases.
    """
    p = _distribution(prevalence, "prevalence")
    q = _distribution(guess_bias, "guess_bias")
    if p.size != q.size:
        raise ValueError("prevalence and guess_bias need one entry per class")
    g = float(informedness)
    if not -1.0 <= g <= 1.0:
        raise ValueError(f"informedness must lie in [-1, 1], got {g}")
    if g < 0 and p.size != 2:
        raise ValueError("a negative informedness (reversed labels) is defined here for two classes only")
    informed = np.diag(p) if g >= 0 else np.diag(p)[::-1]
    return total * (abs(g) * informed + (1.0 - abs(g)) * np.outer(q, p))


def mixed_binary_table(prevalence, guess_bias, informedness, total=1.0):
    """:func:`mixed_table` for two classes as a :class:`BinaryTable` (+ is the first class)."""
    return BinaryTable.from_matrix(mixed_table(prevalence, guess_bias, informedness, total))


def feasible_informedness(prevalence, bias):
    """The interval of B for which a 2x2 table with this prevalence and bias exists.

    With rp = prevalence, pp = bias, every cell follows from B:
    TP = pp rp + B rp rn, FP = pp rn - B rp rn, FN = rp pn - B rp rn,
    TN = rn pn + B rp rn (/N).  Non-negative cells need
    ``-min(pp/rn, pn/rp) <= B <= min(pp/rp, pn/rn)``.
    """
    rp = _probabilities(prevalence, "prevalence")
    pp = _probabilities(bias, "bias", open_interval=False)
    rn, pn = 1.0 - rp, 1.0 - pp
    return -np.minimum(pp / rn, pn / rp), np.minimum(pp / rp, pn / rn)


def binary_table_from_rates(prevalence, bias, informedness, total=1.0):
    """The 2x2 table with the given prevalence, bias and informedness (the three degrees of freedom).

    Raises ValueError when B lies outside :func:`feasible_informedness`.
    """
    low, high = feasible_informedness(prevalence, bias)
    b = float(informedness)
    if not (low - 1e-12 <= b <= high + 1e-12):
        raise ValueError(f"informedness {b:g} is infeasible for prevalence {prevalence:g} and "
                         f"bias {bias:g}: it must lie in [{float(low):.4g}, {float(high):.4g}]")
    return BinaryTable.from_rates(prevalence=prevalence, bias=bias, informedness=np.clip(b, low, high),
                                  total=total)


def simulate_punter(prevalence, guess_bias, informedness, races, *, seed, punters=1):
    """Running average winnings of punters who are informed with probability G and otherwise guess.

    Each race the winner c is drawn from ``prevalence``; with probability |G| the
    punter backs c (or, for G < 0 with two classes, the other horse), otherwise a
    label drawn from ``guess_bias``.  Payoffs are the ``"unit"`` fair odds: +$1 for
    a win, ``-Pr_R(l)/(1 - Pr_R(l))`` for a loss.  Returns an array of shape
    ``(punters, races)``: the average winnings per bet after 1, 2, ... races,
    which converges to G (see :func:`winnings_moments`).  ``seed`` feeds
    ``numpy.random.default_rng``.
    """
    p = _distribution(prevalence, "prevalence")
    q = _distribution(guess_bias, "guess_bias")
    g = float(informedness)
    mixed_table(p, q, g)  # validates the combination
    races, punters = int(races), int(punters)
    if races < 1 or punters < 1:
        raise ValueError("races and punters must be at least 1")
    rng = np.random.default_rng(seed)
    shape = (punters, races)
    winner = rng.choice(p.size, size=shape, p=p)
    informed = rng.random(shape) < abs(g)
    guess = rng.choice(q.size, size=shape, p=q)
    informed_label = winner if g >= 0 else 1 - winner
    backed = np.where(informed, informed_label, guess)
    payoff = payoff_matrix(p, "unit")[backed, winner]
    return np.cumsum(payoff, axis=1) / np.arange(1, races + 1)


def winnings_moments(prevalence, guess_bias, informedness):
    """Exact mean and standard deviation of one bet's ``"unit"`` payoff in :func:`simulate_punter`.

    The mean is ``sum Pr(l, c) payoff(l, c)`` over the mixed table (= G); the
    running average after n races has standard error ``sd / sqrt(n)``.
    """
    p = _distribution(prevalence, "prevalence")
    joint = mixed_table(p, guess_bias, informedness)
    payoff = payoff_matrix(p, "unit")
    mean = float((joint * payoff).sum())
    return mean, float(np.sqrt((joint * payoff ** 2).sum() - mean ** 2))


# ---------------------------------------------------------------------- Figure 1 of Powers 2003
def spreadsheet_round(value, places=0):
    """Round half away from zero as a spreadsheet does (Python's ``round`` rounds half to even).

    The value is first cut to 12 significant digits so binary noise such as
    0.785 * 1.5 = 1.1774999... rounds like the exact 1.1775.
    """
    exact = Decimal(f"{float(value):.12g}")
    return float(exact.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP))


def figure1_tables(prevalence=0.7, guess_bias=0.8, informedness=(0.0, 1.0, 0.15, -0.15), total=100):
    """The four models of Figure 1: G = 0 %, 100 %, +15 %, -15 % of perfect play, the rest a guess.

    The guess backs + (the 70 % class) 80 % of the time, so model 1 is
    [[56, 24], [14, 6]] and model 3 = 0.15 * [[70, 0], [0, 30]] + 0.85 * model 1
    = [[58.1, 20.4], [11.9, 9.6]].  Model 2 is the perfect punter (its bias
    equals the prevalence), model 4 mixes in the reversed labels.
    """
    return [mixed_binary_table(prevalence, guess_bias, g, total) for g in informedness]


def weighted_mean(a, b, weight, kind):
    """Weighted mean of a and b with weight ``weight`` on a: ``"arithmetic"``, ``"harmonic"`` or ``"geometric"``.

    Used to find which average Figure 1 calls AvF and AvG (see :func:`figure1_figures`).
    """
    a, b, w = (np.asarray(v, dtype=float) for v in (a, b, weight))
    if kind == "arithmetic":
        return _plain(w * a + (1 - w) * b)
    if kind == "harmonic":
        return _plain(1.0 / (w / a + (1 - w) / b))
    if kind == "geometric":
        return _plain(a ** w * b ** (1 - w))
    raise ValueError(f"unknown kind of mean {kind!r}")


def figure1_figures(table, odds_total=10):
    """Every figure printed in one Figure 1 block, unrounded, as a dict.

    AvF and AvG are not defined in the paper.  The definitions that reproduce all
    four models are the bias-weighted harmonic and geometric means
    ``1/AvF = pp/F + pn/IF`` and ``AvG = G**pp * IG**pn`` (pp = Pr(+P)); equivalently
    F and G of the bias-weighted harmonic (geometric) means of the two precisions and
    of the two recalls.
    """
    pp = table.bias
    f, inverse_f = table.f1, table.swap_classes().f1
    g, inverse_g = table.g_measure, table.swap_classes().g_measure
    sheet = bookmaker_sheet(table, odds_total)
    return {
        "informedness": table.informedness, "bias": pp, "inverse_bias": 1 - pp,
        "tp": table.tp, "fp": table.fp, "fn": table.fn, "tn": table.tn,
        "precision": table.precision, "inverse_precision": table.inverse_precision,
        "recall": table.recall, "inverse_recall": table.inverse_recall, "accuracy": table.accuracy,
        "f": f, "inverse_f": inverse_f, "average_f": weighted_mean(f, inverse_f, pp, "harmonic"),
        "g": g, "inverse_g": inverse_g, "average_g": weighted_mean(g, inverse_g, pp, "geometric"),
        "odds": reduced_odds(table.prevalence, odds_total),
        "dollars": sheet["cells"], "won": sheet["won"], "weighted": sheet["weighted"],
        "column_totals": sheet["column_totals"], "total": sheet["total"],
    }


def _percent(value, places=0):
    return f"{spreadsheet_round(100 * value, places):.{places}f}%"


def _dollars(value):
    rounded = spreadsheet_round(value, 2)
    return ("-" if rounded < 0 else "") + f"${abs(rounded):.2f}"


def figure1_printed(table, odds_total=10):
    """The figures of one Figure 1 block formatted as the paper prints them (strings).

    Percentages of probabilities to 0 places, F and G to 2 places, dollars to
    cents, all rounded half away from zero.  Keys as in :func:`figure1_figures`;
    the dollar rows are ``dollars_plus``/``dollars_minus``/``dollars_total``, each
    ``(Weighted, +R, -R, Won)``.
    """
    fig = figure1_figures(table, odds_total)
    printed = {name: _percent(fig[name]) for name in
               ("informedness", "bias", "inverse_bias", "precision", "inverse_precision",
                "recall", "inverse_recall", "accuracy")}
    printed.update({name: _percent(fig[name], 2) for name in
                    ("f", "inverse_f", "average_f", "g", "inverse_g", "average_g")})
    printed["cells"] = [f"{spreadsheet_round(fig[c], 1):g}" for c in ("tp", "fp", "fn", "tn")]
    for row, name in enumerate(("dollars_plus", "dollars_minus")):
        printed[name] = tuple(_dollars(v) for v in
                              (fig["weighted"][row], *fig["dollars"][row], fig["won"][row]))
    printed["dollars_total"] = tuple(_dollars(v) for v in
                                     (fig["total"], *fig["column_totals"], fig["total"]))
    return printed


def figure1_html(table, title, odds_total=10):
    """One Figure 1 block as a spreadsheet-like HTML grid laid out as the paper prints it.

    Nine columns; the inputs (G and the four cells) are shaded blue like the
    paper's "input areas", labels grey, numbers right-aligned.  The AvPrecision
    and AvRecall cells are blank in the paper and stay blank here.
    """
    s = figure1_printed(table, odds_total)
    fig = figure1_figures(table, odds_total)
    # the sheet heads the +R and -R dollar columns with the odds 7:3 as shares of 10:
    # 7 = 10 * Pr(+R) (the stake on +), 3 = 10 * Pr(-R) (what a winning + bet returns)
    win, stake = (f"{v:g}" for v in fig["odds"])
    prevalence = _percent(table.prevalence)
    inverse_prevalence = _percent(1 - table.prevalence)
    L = lambda text: ("label", text)       # noqa: E731  a row/column label
    I = lambda text: ("input", text)       # noqa: E731  an input cell
    _ = ("", "")
    grid = [
        [L(f"{table.total:g} N"), L("Probability"), L("Distribution"), _, _, _, _, _, _],
        [_, I(s["informedness"]), L(prevalence), L(inverse_prevalence), L("Predicted"),
         L("AvPrecision"), L("Precision"), L("IPrecision"), _],
        [L("Decision"), ("", s["bias"]), I(s["cells"][0]), I(s["cells"][1]),
         ("", f"{table.predicted_positives:g}"), _, ("", s["precision"]), _, _],
        [L("Probability"), ("", s["inverse_bias"]), I(s["cells"][2]), I(s["cells"][3]),
         ("", f"{table.predicted_negatives:g}"), _, _, ("", s["inverse_precision"]), _],
        [_, L("Actual"), ("", f"{table.real_positives:g}"), ("", f"{table.real_negatives:g}"),
         ("", f"{table.total:g}"), L("Accuracy"), _, _, _],
        [_, L("AvRecall"), _, _, _, ("", s["accuracy"]), L("F(0.5)"), L("IF(0.5)"), L("AvF(0.5)")],
        [_, L("Recall"), ("", s["recall"]), _, _, L("F(0.5)"), ("", s["f"]), _, _],
        [_, L("IRecall"), _, ("", s["inverse_recall"]), _, L("IF(0.5)"), _, ("", s["inverse_f"]), _],
        [L(title), L("Bookmaker"), L("Odds"), ("", s["informedness"]), _, L("AvF(0.5)"), _, _,
         ("", s["average_f"])],
        [_, L("Weighted"), L(stake), L(win), L("Won"), _, L("G(0.5)"), L("IG(0.5)"), L("AvG(0.5)")],
        [_, *[("", v) for v in s["dollars_plus"]], L("G(0.5)"), ("", s["g"]), _, _],
        [_, *[("", v) for v in s["dollars_minus"]], L("IG(0.5)"), _, ("", s["inverse_g"]), _],
        [_, *[("", v) for v in s["dollars_total"]], L("AvG(0.5)"), _, _, ("", s["average_g"])],
    ]
    style = {"label": "background:#eef1f6;color:#333;font-style:italic;text-align:left",
             "input": "background:#1f4e9c;color:white;font-weight:bold;text-align:right",
             "": "text-align:right"}
    border = "border:1px solid #c8c8c8;padding:1px 6px;white-space:nowrap;"
    body = "".join("<tr>" + "".join(f"<td style='{border}{style[kind]}'>{html.escape(text)}</td>"
                                    for kind, text in row) + "</tr>" for row in grid)
    return ("<table style='border-collapse:collapse;font-family:monospace;font-size:12px;margin:6px'>"
            f"{body}</table>")


# ---------------------------------------------------------------------- explorer logic (widgets.py wires it)
@dataclass(frozen=True)
class ExplorerState:
    """What the explorer shows for one setting of (prevalence, bias, informedness)."""

    prevalence: float
    bias: float
    informedness: float          # after clipping to the feasible interval
    requested_informedness: float
    feasible: tuple              # (lowest B, highest B) for this prevalence and bias
    clipped: bool
    table: BinaryTable           # counts out of ``total``
    payoff: dict                 # :func:`bookmaker_sheet` of the table
    measures: dict               # name -> value for the measures shown


def explore_binary(prevalence, bias, informedness, total=100, odds_total=10):
    """The pure function behind the explorer widget.

    Builds the 2x2 table with the given prevalence rp, bias pp and informedness B
    (``binary_table_from_rates``).  When B is outside the feasible interval for
    (rp, pp) — some cell would be negative — B is **clipped** to the nearest
    feasible value and ``clipped`` is True, so a slider never produces an error.
    Prevalence must lie strictly between 0 and 1 (otherwise the odds are not fair
    odds), bias in [0, 1].
    """
    low, high = (float(v) for v in feasible_informedness(prevalence, bias))
    requested = float(informedness)
    if not np.isfinite(requested):
        raise ValueError("informedness must be finite")
    b = min(max(requested, low), high)
    table = binary_table_from_rates(prevalence, bias, b, total)
    names = ("recall", "precision", "inverse_recall", "inverse_precision", "accuracy", "f1",
             "informedness", "markedness", "mcc", "kappa")
    measures = {name: getattr(table, name) for name in names}
    measures["expected winnings per bet ($, unit odds)"] = expected_winnings_per_bet(table)
    return ExplorerState(float(prevalence), float(bias), b, requested, (low, high),
                         b != requested, table, bookmaker_sheet(table, odds_total), measures)


def explorer_html(state):
    """Render an :class:`ExplorerState` as HTML: the table, the dollar payoff block, the measures."""
    t = state.table
    sheet = state.payoff
    fmt = lambda v: "nan" if not np.isfinite(v) else f"{v:.3f}"
    money = _dollars
    note = (f"<p style='color:#b00'>B = {state.requested_informedness:.3f} is impossible with this "
            f"prevalence and bias; clipped to {state.informedness:.3f} "
            f"(feasible: {state.feasible[0]:.3f} to {state.feasible[1]:.3f}).</p>") if state.clipped else ""
    table_html = (
        "<table><tr><th></th><th>+R</th><th>−R</th><th>row</th><th>Weighted</th>"
        "<th>$ +R</th><th>$ −R</th><th>Won</th></tr>"
        f"<tr><th>+P</th><td>{t.tp:.1f}</td><td>{t.fp:.1f}</td><td>{t.predicted_positives:.1f}</td>"
        f"<td>{money(sheet['weighted'][0])}</td><td>{money(sheet['cells'][0, 0])}</td>"
        f"<td>{money(sheet['cells'][0, 1])}</td><td>{money(sheet['won'][0])}</td></tr>"
        f"<tr><th>−P</th><td>{t.fn:.1f}</td><td>{t.tn:.1f}</td><td>{t.predicted_negatives:.1f}</td>"
        f"<td>{money(sheet['weighted'][1])}</td><td>{money(sheet['cells'][1, 0])}</td>"
        f"<td>{money(sheet['cells'][1, 1])}</td><td>{money(sheet['won'][1])}</td></tr>"
        f"<tr><th>column</th><td>{t.real_positives:.1f}</td><td>{t.real_negatives:.1f}</td>"
        f"<td>{t.total:.0f}</td><td>{money(sheet['total'])}</td></tr></table>")
    rows = "".join(f"<tr><td>{html.escape(k)}</td><td>{fmt(v)}</td></tr>" for k, v in state.measures.items())
    return note + table_html + f"<table>{rows}</table>"


def plot_running_winnings(running, mean, sd, ax=None, label="punter"):
    """Plot running average winnings (rows of ``running``) against races, with the band mean +- 2 sd/sqrt(n).

    ``running`` comes from :func:`simulate_punter`, ``mean, sd`` from :func:`winnings_moments`.
    Returns the axes.
    """
    import matplotlib.pyplot as plt

    running = np.atleast_2d(running)
    races = np.arange(1, running.shape[1] + 1)
    ax = ax or plt.subplots(figsize=(7.5, 4.4))[1]
    half_width = 2 * sd / np.sqrt(races)
    ax.fill_between(races, mean - half_width, mean + half_width, color="#c6dbef",
                    label="expected ± 2 standard errors")
    for i, row in enumerate(running):
        ax.plot(races, row, lw=1.2, label=f"{label}s (one line each)" if i == 0 else None)
    ax.axhline(mean, color="black", lw=1.5, ls="--", label=f"informedness B = {mean:.2f}")
    ax.set_xscale("log")
    ax.set_xlabel("number of races (bets), log scale")
    ax.set_ylabel("average winnings per bet ($)")
    ax.legend(loc="upper right", fontsize=9)
    return ax
