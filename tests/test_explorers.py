"""The explorers' states against independent computations, and the machinery that serves one description to
JupyterLab and to the web site (frames decoded here by a decoder written for the test)."""
import json
import re

import numpy as np
import pytest
from sklearn import metrics

from bookeval_lib.course import explorer as bx
from bookeval_lib.course.explorers import (BiasSweepExplorer, BookmakerExplorer, ThresholdExplorer,
                                           from_payload, threshold_state)
from bookeval_lib.course.states import optimum_words

RNG_SEED = 35


def _scored(n=120, seed=RNG_SEED):
    """A seeded scored sample: positives score higher on average, with ties (scores rounded to 0.05)."""
    rng = np.random.default_rng(seed)
    real = (rng.random(n) < 0.4).astype(int)
    scores = np.clip(np.round(rng.normal(0.35 + 0.3 * real, 0.2) / 0.05) * 0.05, 0, 1)
    return real, scores


@pytest.mark.parametrize("threshold", [0.05, 0.3, 0.5, 0.65, 0.95, 1.01])
@pytest.mark.parametrize("cost_ratio", [0.1, 1.0, 7.5])
def test_threshold_state_against_scikit_learn(threshold, cost_ratio):
    real, scores = _scored()
    state = threshold_state(real, scores, threshold=threshold, cost_ratio=cost_ratio)
    predicted = (scores >= threshold).astype(int)
    tn, fp, fn, tp = metrics.confusion_matrix(real, predicted, labels=[0, 1]).ravel()   # rows = real
    table = state["table"]
    assert (table.tp, table.fp, table.fn, table.tn) == (tp, fp, fn, tn)
    assert state["recall"] == pytest.approx(metrics.recall_score(real, predicted))
    assert state["informedness"] == pytest.approx(metrics.balanced_accuracy_score(real, predicted, adjusted=True))
    assert state["matthews_correlation"] == pytest.approx(metrics.matthews_corrcoef(real, predicted)) or tp + fp == 0
    if tp + fp:
        assert state["precision"] == pytest.approx(metrics.precision_score(real, predicted))
        # markedness = precision + inverse precision - 1 (Powers 2003)
        inverse = metrics.precision_score(real, predicted, pos_label=0)
        assert state["markedness"] == pytest.approx(state["precision"] + inverse - 1)
    else:                                   # nothing flagged: precision and markedness are undefined
        assert np.isnan(state["precision"]) and np.isnan(state["markedness"]) and np.isnan(state["matthews_correlation"])
    # expected cost per case with c_p = 1, c_n = cost_ratio: (c_n FP + c_p FN) / N, counted by hand
    assert state["expected_cost"] == pytest.approx((cost_ratio * fp + fn) / real.size)
    # the optimum by brute force over every threshold of scikit-learn's curve (inf flags nothing)
    _, _, candidates = metrics.roc_curve(real, scores, drop_intermediate=False)
    counted = [(cost_ratio * np.sum((scores >= t) & (real == 0)) + np.sum((scores < t) & (real == 1))) / real.size
               for t in candidates]
    assert state["optimal_expected_cost"] == pytest.approx(min(counted))
    assert state["regret"] == pytest.approx(state["expected_cost"] - min(counted))
    assert state["regret"] >= -1e-12
    rp = real.mean()
    assert state["slope"] == pytest.approx(cost_ratio * (1 - rp) / rp)



@pytest.mark.parametrize("threshold", [0.2, 0.5, 0.8])
@pytest.mark.parametrize("cost_ratio", [0.25, 1.0, 4.0])
def test_threshold_state_costs_are_those_of_cost_operating_state(threshold, cost_ratio):
    # The explorer's expected cost and regret are roc.cost_operating_state's with c_n = cost_ratio, c_p = 1
    # at the sample's prevalence (each is checked against brute force on its own, here and in test_roc.py).
    from bookeval_lib import roc
    real, scores = _scored()
    shown = threshold_state(real, scores, threshold=threshold, cost_ratio=cost_ratio)
    fpr, tpr, thresholds = roc.roc_curve(real, scores)
    state = roc.cost_operating_state(fpr, tpr, thresholds, threshold=threshold, prevalence=real.mean(),
                                     false_positive_cost=cost_ratio, false_negative_cost=1.0)
    assert shown["expected_cost"] == pytest.approx(state["expected_cost"], abs=1e-12)
    assert shown["regret"] == pytest.approx(state["regret_cost"], abs=1e-12)
    assert state["regret_cost"] == pytest.approx(real.mean() * 1.0 * state["regret"], abs=1e-12)

def test_threshold_state_rejects_bad_input():
    real, scores = _scored()
    with pytest.raises(ValueError, match="cost_ratio"):
        threshold_state(real, scores, threshold=0.5, cost_ratio=0)
    with pytest.raises(ValueError, match="threshold"):
        threshold_state(real, scores, threshold=np.nan, cost_ratio=1)
    with pytest.raises(ValueError, match="y_true"):
        threshold_state(real[:-1], scores, threshold=0.5, cost_ratio=1)
    with pytest.raises(ValueError, match="y_true"):
        ThresholdExplorer(real * 2, scores)


def test_optimum_in_words_never_says_infinity():
    assert optimum_words(np.inf, 0.0, 0.0) == "flag nothing"
    assert optimum_words(0.12, 1.0, 1.0) == "flag everything"
    assert optimum_words(0.4, 0.2, 0.7) == "score \u2265 0.400"
    real, scores = _scored()
    # the top score a negative's, the bottom one a positive's: with a false alarm 1000 times as costly as a
    # miss (fewer than 1000 positives to gain) flag nothing; with the reverse (fewer than 1000 negatives)
    # flag everything
    real, scores = np.r_[real, 0, 1], np.r_[scores, 1.5, -0.5]
    costly_alarm = ThresholdExplorer(real, scores).fields(threshold_state(real, scores, threshold=0.5, cost_ratio=1e3))
    costly_miss = ThresholdExplorer(real, scores).fields(threshold_state(real, scores, threshold=0.5, cost_ratio=1e-3))
    assert costly_alarm["optimum"] == "flag nothing" and costly_miss["optimum"] == "flag everything"


def test_bias_sweep_fields_at_bias_equal_to_prevalence():
    # rp = 0.2, B = 0.5, pp = rp: tp = rp pp + B rp rn = 0.04 + 0.08 = 0.12, fp = fn = 0.08, tn = 0.72;
    # kappa = MCC = markedness = B = 0.5 when fp = fn; F1 = 2 tp / (rp + pp) = 0.24 / 0.4 = 0.6
    fields = BiasSweepExplorer().text_fields(prevalence=0.2, informedness=0.5)
    assert [fields[f"at_{k}"] for k in ("kappa", "matthews_correlation", "markedness", "informedness", "f1")] == \
        ["0.500", "0.500", "0.500", "0.500", "0.600"]
    # rp = 0.2, B = -0.5 at pp = 0.2: tp = 0.04 - 0.08 < 0, no such table
    assert BiasSweepExplorer().text_fields(prevalence=0.2, informedness=-0.5)["at_kappa"] == "no table"


def test_bookmaker_fields_by_hand():
    # rp = 0.7, pp = 0.8, B = 0.2: tp = 0.56 + 0.2 * 0.7 * 0.3 = 0.602, fp = 0.198, fn = 0.098, tn = 0.102
    fields = BookmakerExplorer().text_fields(prevalence=0.7, bias=0.8, informedness=0.2)
    assert [fields[k] for k in ("tp", "fp", "fn", "tn", "rp", "rn", "pp", "pn")] == \
        ["60.2", "19.8", "9.8", "10.2", "70.0", "30.0", "80.0", "20.0"]
    assert fields["clipped"] == "" and fields["informedness"] == "0.200"
    # B = 1 needs fp = fn = 0, impossible with pp = 0.8 != rp = 0.7: clipped to the feasible maximum
    # (fn = 0, tp = 0.7, fp = 0.1: B = 1 - 0.1/0.3 = 0.667)
    clipped = BookmakerExplorer().text_fields(prevalence=0.7, bias=0.8, informedness=1.0)
    assert clipped["clipped"] and clipped["informedness"] == "0.667" and clipped["requested"] == "1.000"
    page = BookmakerExplorer().html(prevalence=0.7, bias=0.8, informedness=1.0)
    assert "impossible" in page and " hidden" not in page.split("impossible")[0][-200:]
    assert "data-bx-if='clipped' hidden" in BookmakerExplorer().html()


class SmallThreshold(ThresholdExplorer):
    """The threshold explorer on a grid small enough to compute every frame in a test."""

    controls = (bx.Control("threshold", "threshold", (0.2, 0.45, 0.7), 0.45),
                bx.Control("cost_ratio", "cost ratio", (0.25, 1.0, 4.0), 1.0, ".3g"))


def _decode(frames, index):
    """The fields and fragments of state ``index``, decoded independently of the page's script."""
    digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    width, text = frames["width"], frames["states"][index]
    codes = [sum(digits.index(ch) * 64 ** (width - 1 - j) for j, ch in enumerate(text[i:i + width]))
             for i in range(0, len(text), width)]
    values = [frames["pools"][column][code] for column, code in enumerate(codes)]
    layers = len(frames["layers"])
    return dict(zip(frames["layers"], values[:layers])), dict(zip(frames["fields"], values[layers:]))


def _group(svg, key):
    """The content of the group of dynamic artist ``key`` in a whole SVG (its nested groups balanced),
    marker definitions removed."""
    start = svg.index(f'<g id="bx-{key}">') + len(f'<g id="bx-{key}">')
    depth, position = 1, start
    for tag in re.finditer(r"<g[ >]|</g>", svg[start:]):
        depth += 1 if tag.group(0) != "</g>" else -1
        if depth == 0:
            position = start + tag.start()
            break
    return bx._MARKER_DEFS.sub("", svg[start:position]).strip()


def test_frames_hold_what_the_package_computes_and_draws():
    real, scores = _scored()
    explorer = SmallThreshold(real, scores, names=("yes", "no"))
    frames = explorer.frames()
    assert len(frames["states"]) == 9 and sorted(frames["layers"]) == sorted(["threshold_line", "chosen_isocost", "isocost",
                                                                "optimum", "point"])
    json.dumps(frames)                                   # it must travel as JSON
    for index, (i, j) in enumerate([(i, j) for i in range(3) for j in range(3)]):   # row-major
        values = explorer.values_at((i, j))
        layers, fields = _decode(frames, index)
        expected = explorer.text_fields(**values)
        assert fields == {k: expected[k] for k in frames["fields"]}
        assert frames["alt"].format(**fields) == expected["alt"]
        whole = explorer.svg(**values)                   # the whole figure of this state, drawn again
        for layer in frames["layers"]:
            assert layers[layer] == _group(whole, layer), layer
    # the threshold line moves with the threshold only; the optimum with the cost ratio only
    first, other = _decode(frames, 0)[0], _decode(frames, 1)[0]
    assert first["threshold_line"] == other["threshold_line"] and first["optimum"] != other["optimum"]


def test_site_html_has_labelled_keyboard_controls_and_the_first_state():
    real, scores = _scored()
    explorer = SmallThreshold(real, scores)
    frames = explorer.frames()
    page = bx.site_html(explorer, "k1", frames, "../_static/explorers/k1.js")
    for control in explorer.controls:
        ident = f"bx-k1-{control.name}"
        assert f'<label for="{ident}">' in page and f'<input type="range" id="{ident}"' in page
    assert 'max="2"' in page and 'value="1"' in page            # indices into the grid, default in the middle
    first = explorer.text_fields(threshold=0.45, cost_ratio=1.0)
    assert f'<span data-bx="recall">{first["recall"]}</span>' in page
    assert 'role="img" aria-label="' in page and '<script src="../_static/explorers/k1.js"></script>' in page
    script = bx.frames_script("k1", frames)
    assert json.loads(script.split("] = ", 1)[1].rstrip(";\n")) == json.loads(json.dumps(frames))


def test_notebook_record_rebuilds_the_same_explorer():
    real, scores = _scored()
    bundle = ThresholdExplorer(real, scores, names=("a", "b"))._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    rebuilt = from_payload(json.loads(json.dumps(bundle[bx.MIME])))
    assert isinstance(rebuilt, ThresholdExplorer) and rebuilt.names == ("a", "b")
    assert rebuilt.text_fields(threshold=0.5, cost_ratio=1.0) == \
        ThresholdExplorer(real, scores, names=("a", "b")).text_fields(threshold=0.5, cost_ratio=1.0)
    with pytest.raises(ValueError, match="explorer must be one of .* got"):
        from_payload({"explorer": "nope"})


def test_widget_sliders_walk_the_same_grid():
    explorer = BiasSweepExplorer(prevalence=0.2, informedness=0.5)
    box = explorer.widget()
    prevalence, informedness, view = box.children
    assert [value for _, value in prevalence.options] == list(BiasSweepExplorer.controls[0].values)
    assert view.value == explorer.html(prevalence=0.2, informedness=0.5)
    informedness.value = BiasSweepExplorer.controls[1].values[3]            # -0.7
    assert view.value == explorer.html(prevalence=0.2, informedness=-0.7)
    assert "informedness B = \u22120.70" in view.value
    with pytest.raises(ValueError, match="grid"):
        BiasSweepExplorer(prevalence=0.21).defaults


def test_controls_check_their_grid():
    with pytest.raises(ValueError, match="increasing"):
        bx.Control("x", "x", (0.0, 0.0, 1.0), 0.0)
    with pytest.raises(ValueError, match="not on its grid"):
        bx.Control("x", "x", (0.0, 0.5, 1.0), 0.3)
    for explorer in (BiasSweepExplorer, BookmakerExplorer, ThresholdExplorer):
        for control in explorer.controls:
            assert len(control.values) >= 21, (explorer.name, control.name)   # about 20 steps or more


@pytest.mark.parametrize("slope, words", [(100.0, "flag nothing"), (0.001, "flag everything"),
                                          (1.0, "score \u2265 0.800")])
def test_operating_state_legend_names_the_optimum_in_words(slope, words):
    # curve (0,0) (0.2,0.6) (0.5,0.8) (1,1): intercepts tpr - c fpr are 0, 0.6 - 0.2c, 0.8 - 0.5c, 1 - c;
    # c = 100: (0, 0) is highest (flag nothing); c = 0.001: (1, 1) (flag everything); c = 1: (0.2, 0.6)
    import matplotlib.pyplot as plt

    from bookeval_lib.course.figures import roc as roc_plots

    fpr, tpr = np.array([0, 0.2, 0.5, 1.0]), np.array([0, 0.6, 0.8, 1.0])
    roc_plots.plot_operating_state(fpr, tpr, np.array([np.inf, 0.8, 0.5, 0.1]), threshold=0.5, slope=slope)
    legend = [text.get_text() for text in plt.gca().get_legend().get_texts()]
    plt.close("all")
    assert f"optimum: {words}" in legend and not any("inf" in text for text in legend)


@pytest.mark.parametrize("prevalence, informedness", [(0.2, 0.5), (0.88, 0.8), (0.4, -0.3)])
def test_bias_sweep_lines_run_to_the_ends_of_the_feasible_biases(prevalence, informedness):
    # the feasible biases, by brute force on a grid of 10^5 + 1 values with the package's feasible interval
    from bookeval_lib.betting import feasible_informedness

    fine = np.linspace(0, 1, 100_001)
    low, high = feasible_informedness(prevalence, fine)
    feasible = fine[(low <= informedness + 1e-12) & (informedness <= high + 1e-12)]
    state = BiasSweepExplorer().state(prevalence=prevalence, informedness=informedness)
    drawn = state["bias"][np.isfinite(state["values"]["informedness"])]
    # the drawn line ends within one step of the brute-force grid (1e-5) of its true ends
    assert abs(drawn.min() - feasible.min()) <= 1e-5 and abs(drawn.max() - feasible.max()) <= 1e-5
