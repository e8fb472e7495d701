"""The course's explorers, each one :class:`~bookeval_lib.course.explorer.Explorer` description that serves
JupyterLab (sliders) and the web site (every state of the grid precomputed at build time).

* :class:`BiasSweepExplorer` (notebook 04): kappa, correlation, markedness, F1 and informedness against the
  bias, for a prevalence and an informedness (:func:`~bookeval_lib.course.states.bias_sweep`).
* :class:`BookmakerExplorer` (notebook 05): prevalence, bias and informedness build a 2x2 table, the
  Bookmaker's dollars and the measures (:func:`~bookeval_lib.course.states.explore_binary`).
* :class:`ThresholdExplorer` (notebook 11b): a threshold over a scored classifier and a cost ratio; the two
  classes' score histograms, the 2x2 table, the point on the ROC curve, the measures, the expected cost and
  the cost-optimal point (:func:`threshold_state`).

Each number comes from a tested function of the package; the classes only format and draw.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from .. import _checks, roc
from ..measures import BinaryTable
from .explorer import EXPLORERS, Control, Explorer, register
from .states import MEASURE_NAMES, PAYOFF_NOTE, SWEPT_MEASURES, bias_sweep, explore_binary, optimum_words


if TYPE_CHECKING:                       # type hints only; nothing imported at run time
    from numpy.typing import ArrayLike

    from .states import ExplorerState

__all__ = ["BiasSweepExplorer", "BookmakerExplorer", "ThresholdExplorer", "threshold_state", "number",
           "from_payload"]


def number(value: float, spec: str = ".3f", undefined: str = "undefined") -> str:
    """A value as the explorers print it: ``undefined`` for nan, a true minus sign."""
    value = float(value)
    return undefined if not np.isfinite(value) else format(value, spec).replace("-", "\u2212")


def from_payload(payload: dict) -> Explorer:
    """The explorer a notebook displayed, rebuilt from its :data:`~bookeval_lib.course.explorer.MIME` record
    (every explorer of the course is registered when this module is imported)."""
    name = payload.get("explorer")
    if name not in EXPLORERS:
        raise ValueError(f"payload's explorer must be one of {sorted(EXPLORERS)}, got {name!r}")
    return EXPLORERS[name](**payload.get("data", {}))


def _grid(low, high, step):
    """low, low + step, ..., high, rounded to the step's decimals (so that 0.1 * 3 prints as 0.3)."""
    count = int(round((high - low) / step)) + 1
    return tuple(np.round(low + step * np.arange(count), 10))


# --- notebook 04: the bias sweep ------------------------------------------------------------------------

@register
class BiasSweepExplorer(Explorer):
    """Prevalence and informedness fixed, the bias swept from 0 to 1 (Powers 2008, section 3)."""

    name = "bias_sweep"
    title = "Which measures move with the bias?"
    controls = (Control("prevalence", "prevalence Pr(+R)", _grid(0.04, 0.96, 0.04), 0.2),
                Control("informedness", "informedness B", _grid(-1.0, 1.0, 0.1), 0.5))
    points = 51
    template = ("<p class='bx-caption'>Prevalence r<sub>p</sub> = {prevalence}, informedness B = {informedness}. "
                "At bias = prevalence: " + ", ".join(f"{label} {{at_{key}}}" for key, label in SWEPT_MEASURES.items())
                + ".</p>")
    alt = ("Lines of Cohen's kappa, Matthews correlation, markedness, F1 and informedness against the bias "
           "from 0 to 1, at prevalence {prevalence} and informedness {informedness}: informedness stays flat "
           "where a table exists; at bias = prevalence kappa is {at_kappa}, correlation "
           "{at_matthews_correlation}, markedness {at_markedness} and F1 {at_f1}.")

    # Explorer.state takes **values: each explorer names its own controls, narrower than the base's signature
    def state(self, *, prevalence: float, informedness: float) -> dict:  # type: ignore[override]
        # the grid, plus the two biases where a cell reaches 0 (from feasible_informedness: B rp <= pp <=
        # 1 - B rn for B >= 0, -B rn <= pp <= 1 + B rp for B < 0), so that each line runs to its end
        rp, b = prevalence, informedness
        ends = (b * rp, 1 - b * (1 - rp)) if b >= 0 else (-b * (1 - rp), 1 + b * rp)
        grid = np.union1d(np.linspace(0, 1, self.points), np.clip(ends, 0, 1))
        bias, values = bias_sweep(prevalence, informedness, bias=grid)
        _, at_prevalence = bias_sweep(prevalence, informedness, bias=[prevalence])
        return {"prevalence": prevalence, "informedness": informedness, "bias": bias, "values": values,
                "at_prevalence": {k: float(v[0]) for k, v in at_prevalence.items()}}

    def fields(self, state: Any) -> dict:
        return {"prevalence": number(state["prevalence"], ".2f"),
                "informedness": number(state["informedness"], ".2f"),
                **{f"at_{k}": number(v, ".3f", "no table") for k, v in state["at_prevalence"].items()}}

    def figure(self) -> tuple[Any, dict]:
        import matplotlib.pyplot as plt

        from .figures.chance_corrected import _COLOUR, _LINESTYLE
        from .figures.style import REFERENCE_LINE

        fig, ax = plt.subplots(figsize=(5.0, 4.4), layout="constrained")
        artists = {name: ax.plot([], [], color=_COLOUR[name], linestyle=_LINESTYLE[name], linewidth=2.4,
                                 label=label)[0] for name, label in SWEPT_MEASURES.items()}
        artists["prevalence_line"] = ax.plot([], [], label="bias = prevalence", **REFERENCE_LINE)[0]
        ax.set_xlim(0, 1)
        ax.set_ylim(-1.05, 1.05)
        ax.set_xlabel("bias pp (share of cases predicted positive)")
        ax.set_ylabel("value of the measure")
        ax.grid(alpha=0.3)
        fig.legend(loc="outside lower center", ncol=2, fontsize="small", frameon=False)
        return fig, artists

    def update(self, artists: dict, state: dict) -> None:
        for name in SWEPT_MEASURES:
            artists[name].set_data(state["bias"], state["values"][name])
        artists["prevalence_line"].set_data([state["prevalence"]] * 2, [-1.05, 1.05])


# --- notebook 05: the Bookmaker's three degrees of freedom ----------------------------------------------

_TABLE_ROWS = (("+P", "tp", "fp", "pp", 0), ("\u2212P", "fn", "tn", "pn", 1))


@register
class BookmakerExplorer(Explorer):
    """Prevalence, bias and informedness: the 2x2 table out of 100, the Bookmaker's dollars, the measures."""

    name = "bookmaker"
    title = "The three degrees of freedom of a 2x2 table"
    controls = (Control("prevalence", "prevalence (share of +) Pr(+R)", _grid(0.02, 0.98, 0.04), 0.7),
                Control("bias", "bias (share of + bets) Pr(+P)", _grid(0.0, 1.0, 0.05), 0.8),
                Control("informedness", "informedness B", _grid(-1.0, 1.0, 0.1), 0.2))
    template = (
        "<p class='bx-note' data-bx-if='clipped'>B = {requested} is impossible with this prevalence and bias; "
        "clipped to {informedness} (feasible: {low} to {high}).</p>"
        "<div class='bx-scroll'><table class='bx-table'><tr><th>label \\ class</th><th>+R</th><th>\u2212R</th>"
        "<th>row total</th><th>bias-weighted (Weighted)</th><th>dollars on +R</th><th>dollars on \u2212R</th>"
        "<th>won by label (Won)</th></tr>"
        + "".join(f"<tr><th>{label}</th><td>{{{a}}}</td><td>{{{b}}}</td><td>{{{total}}}</td>"
                  f"<td>{{weighted{i}}}</td><td>{{dollars{i}0}}</td><td>{{dollars{i}1}}</td><td>{{won{i}}}</td></tr>"
                  for label, a, b, total, i in _TABLE_ROWS)
        + "<tr><th>column total</th><td>{rp}</td><td>{rn}</td><td>{total}</td><td>{weighted}</td></tr>"
        "</table></div>"
        f"<p class='bx-small'>{PAYOFF_NOTE}</p>"
        "<table class='bx-table'>"
        + "".join(f"<tr><td>{text}</td><td>{{{key}}}</td></tr>" for key, text in MEASURE_NAMES.items())
        + "</table>")
    alt = ""

    def state(self, *, prevalence: float, bias: float,  # type: ignore[override]
              informedness: float) -> ExplorerState:
        return explore_binary(prevalence, bias, informedness)

    def fields(self, state: Any) -> dict:
        from .figure1 import amount

        t, sheet = state.table, state.payoff
        clipped = {"clipped": "clipped" if state.clipped else "",
                   "requested": number(state.requested_informedness) if state.clipped else "",
                   "low": number(state.feasible[0]) if state.clipped else "",
                   "high": number(state.feasible[1]) if state.clipped else ""}
        counts = {"tp": t.tp, "fp": t.fp, "fn": t.fn, "tn": t.tn, "pp": t.predicted_positives,
                  "pn": t.predicted_negatives, "rp": t.real_positives, "rn": t.real_negatives}
        fields = {**clipped, **{k: f"{v:.1f}" for k, v in counts.items()}, "total": f"{t.total:.0f}",
                  "weighted": amount(sheet["total"])}
        for i in range(2):
            fields[f"weighted{i}"] = amount(sheet["weighted"][i])
            fields[f"won{i}"] = amount(sheet["won"][i])
            for j in range(2):
                fields[f"dollars{i}{j}"] = amount(sheet["cells"][i, j])
        return {**fields, **{k: number(v, ".3f", "nan") for k, v in state.measures.items()}}


# --- notebook 11b: a threshold over a scored classifier, and the costs ----------------------------------

def threshold_state(y_true: ArrayLike, y_score: ArrayLike, *, threshold: float, cost_ratio: float,
                    curve: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None) -> dict[str, Any]:
    """Everything the threshold explorer shows for the rule "positive if score >= threshold".

    The 2x2 table of the rule (:meth:`BinaryTable.from_labels`) with its recall, precision, informedness,
    markedness and MCC; the point (fpr, tpr) on the ROC curve (:func:`roc.roc_curve`); with the cost ratio
    c_v = c_n/c_p (``cost_ratio``, c_p = 1) and the prevalence r_p of ``y_true``, the isocost slope
    c = c_v r_n/r_p, the intercept of the isocost line through the rule's point, the expected cost per case
    r_n c_v fpr + r_p (1 - tpr) of the rule and of the optimal point on the highest isocost line, and the
    regret (their difference), from
    :func:`roc.cost_operating_state` (Powers 2008, section 2.2).  ``curve`` = roc_curve(y_true, y_score)
    when already computed.  y_true is 0/1 with 1 positive.
    """
    real = np.asarray(y_true)
    scores = np.asarray(y_score, dtype=float)
    if real.shape != scores.shape or real.ndim != 1:
        raise ValueError("y_true and y_score must be 1-d arrays of the same length")
    threshold = _checks.real_number(threshold, "threshold")
    cost_ratio = _checks.positive_number(cost_ratio, "cost_ratio")
    fpr, tpr, thresholds = curve if curve is not None else roc.roc_curve(real, scores)
    table = BinaryTable.from_labels(real, (scores >= threshold).astype(int), pos_label=1)
    prevalence = float(np.mean(real == 1))
    costs = roc.cost_operating_state(fpr, tpr, thresholds, threshold=threshold, prevalence=prevalence,
                                     false_positive_cost=float(cost_ratio), false_negative_cost=1.0)
    return {"threshold": float(threshold), "cost_ratio": float(cost_ratio), "table": table,
            "prevalence": prevalence, "fpr": float(table.fallout), "tpr": float(table.recall),
            **{name: float(getattr(table, name)) for name in
               ("recall", "precision", "informedness", "markedness", "matthews_correlation")},
            "slope": costs["slope"], "expected_cost": costs["expected_cost"],
            "optimal_threshold": costs["optimal_threshold"], "optimal_fpr": costs["optimal_fpr"],
            "optimal_tpr": costs["optimal_tpr"], "optimal_intercept": costs["optimal_intercept"],
            "intercept": costs["intercept"],
            "optimal_expected_cost": costs["optimal_expected_cost"], "regret": costs["regret_cost"]}


_THRESHOLD_MEASURES = (("recall", "recall (true positive rate)"), ("precision", "precision"),
                       ("informedness", "informedness B"), ("markedness", "markedness M"),
                       ("matthews_correlation", "Matthews correlation"))


@register
class ThresholdExplorer(Explorer):
    """A threshold over held-out scores, and the cost ratio c_v = c_n/c_p of a false alarm to a miss."""

    name = "threshold"
    title = "A threshold over a scored classifier"
    controls = (Control("threshold", "threshold: positive if score \u2265", _grid(0.02, 0.98, 0.02), 0.5),
                Control("cost_ratio", "cost ratio c\u2099/c\u209a (false alarm / miss)",
                        tuple(10 ** np.round(np.arange(-1.5, 1.5001, 0.125), 4)), 1.0, ".3g"))
    template = (
        "<div class='bx-scroll'><table class='bx-table'><tr><th>score \u2265 {threshold}</th><th>+R</th>"
        "<th>\u2212R</th><th>row total</th></tr>"
        "<tr><th>+P (flagged)</th><td>{tp}</td><td>{fp}</td><td>{pp}</td></tr>"
        "<tr><th>\u2212P</th><td>{fn}</td><td>{tn}</td><td>{pn}</td></tr>"
        "<tr><th>column total</th><td>{rp}</td><td>{rn}</td><td>{total}</td></tr></table></div>"
        "<table class='bx-table'>"
        + "".join(f"<tr><td>{text}</td><td>{{{key}}}</td></tr>" for key, text in _THRESHOLD_MEASURES)
        + "<tr><td>fallout (false positive rate)</td><td>{fpr}</td></tr>"
        "<tr><td>isocost slope c = c<sub>v</sub> c<sub>s</sub></td><td>{slope}</td></tr>"
        "<tr><td>expected cost per case, this threshold (a miss costs 1)</td><td>{expected_cost}</td></tr>"
        "<tr><td>cost-optimal rule on this curve</td><td>{optimum}</td></tr>"
        "<tr><td>expected cost per case, optimal rule</td><td>{optimal_cost}</td></tr>"
        "<tr><td>regret (extra cost per case of this threshold)</td><td>{regret}</td></tr></table>")
    alt = ("Above, histograms of the scores of the {rp} positive and {rn} negative cases with the threshold at "
           "{threshold}: {tp} positives and {fp} negatives are flagged. Below, the ROC curve with this "
           "threshold's point at fallout {fpr}, recall {recall}; for cost ratio {cost_ratio} the highest "
           "isocost line, of slope {slope}, touches the curve at the optimum ({optimum}).")

    def __init__(self, y_true: ArrayLike, y_score: ArrayLike, names: tuple[str, str] = ("positive", "negative")) -> None:
        real, scores = np.asarray(y_true), np.asarray(y_score, dtype=float)
        if set(np.unique(real).tolist()) - {0, 1}:
            raise ValueError("y_true must hold 0 and 1 only (1 = positive)")
        super().__init__(y_true=[int(v) for v in real], y_score=[float(v) for v in scores], names=list(names))
        self.real, self.scores, self.names = real, scores, tuple(names)
        self.curve = roc.roc_curve(real, scores)

    def state(self, *, threshold: float, cost_ratio: float) -> dict:  # type: ignore[override]
        return threshold_state(self.real, self.scores, threshold=threshold, cost_ratio=cost_ratio,
                               curve=self.curve)

    def fields(self, state: Any) -> dict:
        t = state["table"]
        counts = {"tp": t.tp, "fp": t.fp, "fn": t.fn, "tn": t.tn, "pp": t.predicted_positives,
                  "pn": t.predicted_negatives, "rp": t.real_positives, "rn": t.real_negatives, "total": t.total}
        return {"threshold": f"{state['threshold']:.2f}", "cost_ratio": f"{state['cost_ratio']:.3g}",
                **{k: f"{v:.0f}" for k, v in counts.items()},
                **{k: number(state[k]) for k, _ in _THRESHOLD_MEASURES}, "fpr": number(state["fpr"]),
                "slope": number(state["slope"], ".3g"), "expected_cost": number(state["expected_cost"], ".4f"),
                "optimum": optimum_words(state["optimal_threshold"], state["optimal_fpr"], state["optimal_tpr"]),
                "optimal_cost": number(state["optimal_expected_cost"], ".4f"),
                "regret": number(state["regret"], ".4f")}

    def figure(self) -> tuple[Any, dict]:
        import matplotlib.pyplot as plt

        from .figures.roc import CURVE_COLOUR, ISOCOST_COLOUR, draw_roc_space
        from .figures.style import SERIES_COLOURS

        fig, (top, bottom) = plt.subplots(2, 1, figsize=(4.4, 8.4), height_ratios=(1, 1.75),
                                          layout="constrained")
        bins = np.linspace(0, 1, 51)
        for value, name, colour in ((1, self.names[0], SERIES_COLOURS[1]), (0, self.names[1], SERIES_COLOURS[0])):
            top.hist(self.scores[self.real == value], bins=bins, histtype="stepfilled", alpha=0.45,
                     color=colour, edgecolor=colour, label=f"{name} ({np.sum(self.real == value)})")
        artists = {"threshold_line": top.axvline(0.5, color="black", linewidth=2, label="threshold")}
        top.set_xlim(0, 1)
        top.set_xlabel("score")
        top.set_ylabel("cases per bin of 0.02")
        top.legend(loc="lower center", bbox_to_anchor=(0.5, 1.0), ncol=3, fontsize="small", frameon=False,
                   handlelength=1.4, columnspacing=1.0)   # above the bars, never over them
        draw_roc_space(bottom, regions=False, corners=False)
        fpr, tpr, _ = self.curve
        bottom.plot(fpr, tpr, color=CURVE_COLOUR, linewidth=1.8, label="ROC curve")
        artists["isocost"] = bottom.plot([], [], color=ISOCOST_COLOUR, linewidth=1.6,
                                         label="highest isocost line")[0]
        artists["chosen_isocost"] = bottom.plot([], [], color=ISOCOST_COLOUR, linewidth=1.6, linestyle=":",
                                                label="isocost line through it")[0]
        artists["optimum"] = bottom.plot([], [], marker="*", markersize=15, color=ISOCOST_COLOUR,
                                         linestyle="none", zorder=5, label="cost-optimal point")[0]
        artists["point"] = bottom.plot([], [], marker="o", markersize=10, markerfacecolor="none",
                                       markeredgewidth=2, color="black", linestyle="none", zorder=6,
                                       label="this threshold")[0]
        bottom.legend(loc="upper center", bbox_to_anchor=(0.5, -0.16), ncol=2, fontsize="small", frameon=False,
                      handlelength=1.5, columnspacing=0.8)   # under the axes, never over the curve
        return fig, artists

    def update(self, artists: dict, state: dict) -> None:
        artists["threshold_line"].set_xdata([state["threshold"]] * 2)
        segment = roc.isocost_segment(state["slope"], state["optimal_intercept"])
        artists["isocost"].set_data(*(([], []) if segment is None else zip(*segment)))
        chosen = roc.isocost_segment(state["slope"], state["intercept"])
        artists["chosen_isocost"].set_data(*(([], []) if chosen is None else zip(*chosen)))
        artists["optimum"].set_data([state["optimal_fpr"]], [state["optimal_tpr"]])
        artists["point"].set_data([state["fpr"]], [state["tpr"]])
