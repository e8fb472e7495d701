"""sample_weight wherever label vectors are taken: each result against scikit-learn's weighted one."""
import numpy as np
import pytest
from sklearn import metrics as skm

from bookeval_lib import BinaryTable, Contingency, curves, plot, ranking, roc

EXACT = 1e-12


def _data(seed, n=60, k=2):
    rng = np.random.default_rng(seed)
    y_true = rng.integers(0, k, n)
    y_true[:k] = np.arange(k)                                   # every class occurs
    y_score = np.round(rng.random(n) + 0.3 * (y_true == 1), 1)  # rounded: many ties
    weight = rng.integers(0, 4, n) * rng.choice([0.5, 1.0, 2.5], n)
    weight[:k] = 1.0
    return y_true, y_score, weight


@pytest.mark.parametrize("seed", range(5))
def test_weighted_tables_are_sklearns_weighted_confusion_matrix(seed):
    y_true, y_score, weight = _data(seed, k=3)
    y_pred = (y_score * 3).astype(int) % 3
    table = Contingency.from_labels(y_true, y_pred, sample_weight=weight)
    expected = skm.confusion_matrix(y_true, y_pred, labels=[0, 1, 2], sample_weight=weight).T   # rows = predicted
    np.testing.assert_allclose(table.counts, expected, rtol=EXACT)
    binary_true, binary_pred = y_true == 1, y_pred == 1
    binary = BinaryTable.from_labels(binary_true, binary_pred, sample_weight=weight)
    np.testing.assert_allclose(binary.to_sklearn(), skm.confusion_matrix(binary_true, binary_pred,
                                                                          sample_weight=weight), rtol=EXACT)


@pytest.mark.parametrize("seed", range(5))
def test_weighted_curves_and_areas_are_sklearns(seed):
    y_true, y_score, weight = _data(seed)
    fpr, tpr, thresholds = roc.roc_curve(y_true, y_score, sample_weight=weight)
    theirs = skm.roc_curve(y_true, y_score, sample_weight=weight, drop_intermediate=False)
    for ours, expected in zip((fpr, tpr, thresholds), theirs):
        np.testing.assert_allclose(ours[1:], expected[1:], rtol=EXACT, atol=EXACT)
    precision, recall, cuts = curves.precision_recall_curve(y_true, y_score, sample_weight=weight)
    theirs = skm.precision_recall_curve(y_true, y_score, sample_weight=weight)
    for ours, expected in zip((precision, recall, cuts), theirs):
        np.testing.assert_allclose(ours, expected, rtol=EXACT, atol=EXACT)
    assert ranking.roc_auc(y_true, y_score, sample_weight=weight) == pytest.approx(
        skm.roc_auc_score(y_true, y_score, sample_weight=weight), abs=EXACT)
    assert ranking.average_precision(y_true, y_score, sample_weight=weight) == pytest.approx(
        skm.average_precision_score(y_true, y_score, sample_weight=weight), abs=EXACT)
    # the baseline is the positives' share of the weight, summed here by hand
    assert curves.precision_recall_baseline(y_true, sample_weight=weight) == pytest.approx(
        weight[y_true == 1].sum() / weight.sum(), abs=EXACT)


def test_whole_number_weights_are_repeated_cases():
    y_true, y_score, weight = _data(7)
    counts = np.rint(weight).astype(int)
    repeated = [np.repeat(x, counts) for x in (y_true, y_score)]
    assert ranking.roc_auc(y_true, y_score, sample_weight=counts) == pytest.approx(
        ranking.roc_auc(*repeated), abs=EXACT)
    assert ranking.average_precision(y_true, y_score, sample_weight=counts) == pytest.approx(
        ranking.average_precision(*repeated), abs=EXACT)


def test_weighted_one_vs_rest_auc_is_sklearns():
    rng = np.random.default_rng(3)
    y_true = np.repeat([0, 1, 2], 20)
    y_score = rng.dirichlet(np.ones(3), 60) + np.eye(3)[y_true] * 0.3
    y_score /= y_score.sum(axis=1, keepdims=True)
    weight = rng.random(60) * 3
    for average in ("macro", "weighted"):
        assert ranking.roc_auc_ovr(y_true, y_score, sample_weight=weight, average=average) == pytest.approx(
            skm.roc_auc_score(y_true, y_score, multi_class="ovr", average=average, sample_weight=weight), abs=EXACT)


def test_bad_weights_are_refused_naming_the_argument():
    with pytest.raises(ValueError, match="sample_weight has 2 values but y_true has 3"):
        roc.roc_curve([0, 1, 1], [0.1, 0.2, 0.3], sample_weight=[1, 1])
    with pytest.raises(ValueError, match="sample_weight"):
        BinaryTable.from_labels([0, 1], [0, 1], sample_weight=[1, -1])
    with pytest.raises(ValueError, match="needs both classes"):
        roc.roc_curve([0, 1, 1], [0.1, 0.2, 0.3], sample_weight=[0, 1, 1])


def test_the_plots_take_the_weights():
    pytest.importorskip("matplotlib")
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    y_true, y_score, weight = _data(1)
    ax = plot.roc_curve(y_true, y_score, sample_weight=weight)
    area = skm.roc_auc_score(y_true, y_score, sample_weight=weight)
    assert any(f"AUC = {area:.3f}" in text.get_text() for text in ax.get_legend().get_texts())
    plt.close("all")
