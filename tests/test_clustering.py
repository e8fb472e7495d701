"""Tests of bookeval_lib.clustering: Powers' reduction of a clustering, its null and its seeds."""
import numpy as np
import pytest

from bookeval_lib import clustering
from bookeval_lib.course import display, papers
from bookeval_lib.course.figures import senses as figures_senses
from bookeval_lib.course.replications import concordance, mixture


@pytest.fixture(scope="module")
def shipped():
    return concordance.load_concordance()


# A hand-worked clustering of 19 cases into 6 induced classes (real labels listed per class):
#   0: A A A M   1: A A   2: M M N   3: N N M   4: A A M N   5: A A A
HAND_INDUCED = [0] * 4 + [1] * 2 + [2] * 3 + [3] * 3 + [4] * 4 + [5] * 3
HAND_REAL = list("AAAM") + list("AA") + list("MMN") + list("NNM") + list("AAMN") + list("AAA")


def test_reduce_clustering_best_by_hand():
    result = clustering.reduce_clustering(HAND_REAL, HAND_INDUCED)
    # Majority shares: 0 A 3/4, 1 A 1, 2 M 2/3, 3 N 2/3, 4 A 1/2, 5 A 1.  The best share of A
    # is 1 (classes 1 and 5, combined); 0 and 4 predict A less well and are dropped.
    assert result.mapping == {0: None, 1: "A", 2: "M", 3: "N", 4: None, 5: "A"}
    assert result.table.labels == ("A", "M", "N") and result.table.classes == ("A", "M", "N")
    np.testing.assert_array_equal(result.table.counts, [[5, 0, 0], [0, 2, 1], [0, 1, 2]])
    assert (result.retained, result.total) == (11, 19)
    rows = result.per_label()
    # recall = precision: A 5/5, M 2/3, N 2/3; fallout A 0/6, M 1/8, N 1/8.
    np.testing.assert_allclose(rows["recall"], [1, 2 / 3, 2 / 3])
    np.testing.assert_allclose(rows["precision"], [1, 2 / 3, 2 / 3])
    np.testing.assert_allclose(rows["informedness"], [1, 2 / 3 - 1 / 8, 2 / 3 - 1 / 8])
    np.testing.assert_allclose(rows["f_measure"], [1, 2 / 3, 2 / 3])
    np.testing.assert_allclose(rows["g_measure"], [1, 2 / 3, 2 / 3])
    # B_wav = 5/11 * 1 + 3/11 * 13/24 + 3/11 * 13/24 = 33/44 = 3/4; times n/N = 11/19 -> 33/76.
    assert result.weighted_averages()["informedness"] == pytest.approx(3 / 4)
    assert result.weighted_averages()["informedness"] == pytest.approx(result.table.informedness)
    assert result.discounted_informedness() == pytest.approx(33 / 76)


def test_reduce_clustering_informed_by_hand():
    result = clustering.reduce_clustering(HAND_REAL, HAND_INDUCED, keep="informed")
    # Prevalence A 10/19, M 5/19, N 4/19.  Class 4 (A 1/2 < 10/19) is the only catch-all.
    assert result.mapping == {0: "A", 1: "A", 2: "M", 3: "N", 4: None, 5: "A"}
    np.testing.assert_array_equal(result.table.counts, [[8, 1, 0], [0, 2, 1], [0, 1, 2]])
    rows = result.per_label()
    # Column totals A 8, M 4, N 3 of n = 15: recall A 8/8, M 2/4, N 2/3;
    # fallout A 1/7, M 1/11, N 1/12; bias A 9/15, M 3/15, N 3/15.
    b = [1 - 1 / 7, 1 / 2 - 1 / 11, 2 / 3 - 1 / 12]
    np.testing.assert_allclose(rows["informedness"], b)
    np.testing.assert_allclose(rows["precision"], [8 / 9, 2 / 3, 2 / 3])
    np.testing.assert_allclose(rows["f_measure"][0], 2 * (8 / 9) / (8 / 9 + 1))
    np.testing.assert_allclose(rows["g_measure"][0], np.sqrt(8 / 9))
    b_wav = 9 / 15 * b[0] + 3 / 15 * b[1] + 3 / 15 * b[2]
    assert result.weighted_averages()["informedness"] == pytest.approx(b_wav)
    assert result.discounted_informedness() == pytest.approx(b_wav * 15 / 19)


def test_reduce_clustering_validates():
    with pytest.raises(ValueError, match="same length"):
        clustering.reduce_clustering(["A"], [0, 1])
    with pytest.raises(ValueError, match="keep"):
        clustering.reduce_clustering(["A"], [0], keep="all")


def test_paper_evaluation_table_arithmetic():
    # The paper's own arithmetic: 170/500 = 34 %, 0.86 * 0.34 = 29 %.
    n, total = papers.PAPER_CLASSIFIED
    assert round(100 * n / total) == 34
    assert round(100 * 0.86 * n / total) == 29
    # F and G of the paper's A column follow from its r and p (F = 2pr/(p+r), G = sqrt(pr)).
    r, p, _, f, g = papers.PAPER_EVALUATION["A"]
    assert round(2 * p * r / (p + r)) == f
    assert abs(100 * np.sqrt(p * r / 10_000) - g) <= 1


def test_plots_show_the_tested_numbers():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    result = clustering.reduce_clustering(HAND_REAL, HAND_INDUCED)
    ax = figures_senses.plot_reduced_table(result)
    np.testing.assert_array_equal(ax.images[0].get_array(), result.table.counts)
    ax = figures_senses.plot_informedness_per_label(result, paper=papers.PAPER_EVALUATION)
    labels = [tick.get_text() for tick in ax.get_xticklabels()]
    assert labels == list("ABEGHIKMNOPZ")  # ours (A, M, N) and the paper's twelve, sorted
    ours = {l: bar.get_height() for l, bar in zip(labels, ax.containers[0])}
    np.testing.assert_allclose([ours[l] for l in "AMN"], result.per_label()["informedness"])
    assert np.isnan(ours["B"])
    theirs = {l: bar.get_height() for l, bar in zip(labels, ax.containers[1])}
    assert theirs["A"] == pytest.approx(1.0) and theirs["B"] == pytest.approx(-0.24)  # the paper
    plt.close("all")


def test_text_tables(shipped):
    text = display.format_sense_table(shipped)
    assert "125:36" in text and "127:37" in text   # A: ours, Powers 2003 Table 1
    assert text.splitlines()[-1].split()[-2:] == ["504", "500"]
    table = display.format_evaluation_table(clustering.reduce_clustering(HAND_REAL, HAND_INDUCED))
    lines = table.splitlines()
    assert lines[0].split() == ["%"] + list("ABEGHIKMNOPZ") + ["wav"]
    # Hand example: B(A) = 100 %, B(M) = B(N) = 13/24 = 54 %, B_wav = 75 %; paper's B row follows.
    assert lines[5].split() == ["B", "ours", "100", "-", "-", "-", "-", "-", "-", "54", "54", "-", "-",
                                "-", "75"]
    assert lines[6].split()[2:] == ["100", "-24", "32", "-2", "5", "4", "32", "100", "100", "1",
                                    "-2", "18", "86"]


# Two more classes for the per-label reading:  6: A A B   7: D D C  (B, C, D occur nowhere else).
LABEL_INDUCED = HAND_INDUCED + [6] * 3 + [7] * 3
LABEL_REAL = np.array(HAND_REAL + list("AAB") + list("DDC"))


def test_reduce_clustering_per_label_by_hand():
    result = clustering.reduce_clustering(LABEL_REAL, LABEL_INDUCED, keep="per_label")
    # Highest share of each label: A 1 (classes 1, 5), B 1/3 (6), C 1/3 (7), D 2/3 (7),
    # M 2/3 (2), N 2/3 (3).  Class 7 is claimed by C and D and predicts D (2/3 > 1/3), so C
    # is lost; class 6 predicts B although its majority is A.  Classes 0 and 4 are dropped.
    assert result.mapping == {0: None, 1: "A", 2: "M", 3: "N", 4: None, 5: "A", 6: "B", 7: "D"}
    assert result.table.labels == ("A", "B", "D", "M", "N")
    assert result.table.classes == ("A", "B", "C", "D", "M", "N")
    np.testing.assert_array_equal(result.table.counts, [[5, 0, 0, 0, 0, 0], [2, 1, 0, 0, 0, 0],
                                                        [0, 0, 1, 2, 0, 0], [0, 0, 0, 0, 2, 1],
                                                        [0, 0, 0, 0, 1, 2]])
    # n = 17 of N = 25; column totals A 7, B 1, C 1, D 2, M 3, N 3.
    # B(A) = 5/7 - 0/10, B(B) = 1 - 2/16, B(D) = 1 - 1/15, B(M) = B(N) = 2/3 - 1/14.
    b = [5 / 7, 1 - 2 / 16, 1 - 1 / 15, 2 / 3 - 1 / 14, 2 / 3 - 1 / 14]
    np.testing.assert_allclose(result.per_label()["informedness"], b)
    b_wav = (5 * b[0] + 3 * b[1] + 3 * b[2] + 3 * b[3] + 3 * b[4]) / 17   # bias 5/17, 3/17 ...
    assert result.weighted_averages()["informedness"] == pytest.approx(b_wav)
    assert result.discounted_informedness() == pytest.approx(b_wav * 17 / 25)
    # The strict per-class reading drops class 6 (A 2/3 < 1) and keeps class 7 as D.
    strict = clustering.reduce_clustering(LABEL_REAL, LABEL_INDUCED)
    assert strict.mapping[6] is None and strict.mapping[7] == "D"


@pytest.mark.parametrize("keep", ["best", "informed", "per_label"])
def test_reduction_scores_equal_the_tables(keep):
    rng = np.random.default_rng(5)
    for trial in range(20):
        induced = rng.integers(0, 6, 40)
        real = rng.choice(list("ABCDE"), 40, p=[0.4, 0.3, 0.15, 0.1, 0.05])
        result = clustering.reduce_clustering(real, induced, keep=keep)
        expected = (result.weighted_averages()["informedness"], result.discounted_informedness(),
                    result.coverage)
        np.testing.assert_allclose(clustering.reduction_scores(real, induced, keep=keep),
                                   expected, rtol=1e-12, atol=1e-15)


def test_permutation_null_is_a_function_of_its_seed():
    first = clustering.permutation_null(LABEL_REAL, LABEL_INDUCED, n_permutations=200, seed=3)
    again = clustering.permutation_null(LABEL_REAL, LABEL_INDUCED, n_permutations=200, seed=3)
    other = clustering.permutation_null(LABEL_REAL, LABEL_INDUCED, n_permutations=200, seed=4)
    np.testing.assert_array_equal(first.null["wav"], again.null["wav"])
    np.testing.assert_array_equal(first.null["discounted"], again.null["discounted"])
    assert not np.array_equal(first.null["wav"], other.null["wav"])
    assert first.null["wav"].shape == (200,)


@pytest.mark.parametrize("keep", ["best", "informed", "per_label"])
def test_permutation_null_reruns_the_reduction(keep):
    fixed = np.zeros(len(LABEL_REAL), dtype=bool)
    fixed[-3:] = True                                  # class 7's labels stay in place
    null = clustering.permutation_null(LABEL_REAL, LABEL_INDUCED, keep=keep, n_permutations=30,
                                       seed=9, fixed=fixed, method="cases")
    observed = clustering.reduce_clustering(LABEL_REAL, LABEL_INDUCED, keep=keep)
    assert null.observed["wav"] == pytest.approx(observed.weighted_averages()["informedness"])
    assert null.observed["discounted"] == pytest.approx(observed.discounted_informedness())
    # The same shuffles, drawn as documented, scored by reduce_clustering one at a time.
    labels, codes = np.unique(LABEL_REAL, return_inverse=True)
    stacked = np.tile(codes, (30, 1))
    stacked[:, ~fixed] = np.random.default_rng(9).permuted(stacked[:, ~fixed], axis=1)
    for row, wav, discounted in zip(stacked, null.null["wav"], null.null["discounted"]):
        assert (labels[row][-3:] == LABEL_REAL[-3:]).all()
        again = clustering.reduce_clustering(labels[row], LABEL_INDUCED, keep=keep)
        assert wav == pytest.approx(again.weighted_averages()["informedness"])
        assert discounted == pytest.approx(again.discounted_informedness())


def test_permutation_p_value_by_hand():
    null = clustering.PermutationNull(keep="best", observed={"wav": 0.5},
                                      null={"wav": np.array([0.1, 0.5, 0.5, 0.9])}, seed=0,
                                      n_permutations=4)
    # #{null >= 0.5} = 3 (ties count): p = (1 + 3)/(1 + 4) = 0.8; error sqrt(0.8 * 0.2 / 4) = 0.2.
    assert null.p_value("wav") == pytest.approx(0.8)
    assert null.monte_carlo_error("wav") == pytest.approx(0.2)


def test_an_uninformed_clustering_is_not_significant():
    # Classes drawn independently of the labels: the permutation p-value is uniform, so over
    # 40 such clusterings the mean p-value is 1/2 within 4 standard errors, 4 sqrt(1/12/40) = 0.18.
    rng = np.random.default_rng(12)
    draws = [(rng.integers(0, 5, 60), rng.choice(list("ABC"), 60)) for _ in range(40)]
    p = [clustering.permutation_null(real, induced, keep="informed", n_permutations=99, seed=s).p_value()
         for s, (induced, real) in enumerate(draws)]
    assert abs(np.mean(p) - 0.5) <= 4 * np.sqrt(1 / 12 / 40)


def test_permutation_null_validates():
    with pytest.raises(ValueError, match="n_permutations"):
        clustering.permutation_null(["A", "B"], [0, 1], n_permutations=0, seed=0)
    with pytest.raises(ValueError, match="keep"):
        clustering.permutation_null(["A", "B"], [0, 1], keep="all", seed=0)
    with pytest.raises(ValueError, match="fixed"):
        clustering.permutation_null(["A", "B"], [0, 1], seed=0, fixed=[1, 0])


def test_scores_over_seeds_refit_each_seed(shipped):
    features, real = concordance.add_index_document(concordance.context_features(shipped),
                                                    [r["sense"] for r in shipped])
    induced_by_seed = mixture.induced_over_seeds(features, seeds=[7, 8], n_restarts=2)
    scores = clustering.scores_over_seeds(real, induced_by_seed)
    for i, seed in enumerate([7, 8]):
        induced = mixture.fit_bernoulli_mixture(features, 18, seed=seed, n_restarts=2).predict(features)
        np.testing.assert_array_equal(induced_by_seed[i], induced)
        for keep in ("best", "informed"):
            result = clustering.reduce_clustering(real, induced, keep=keep)
            np.testing.assert_allclose(scores[keep][i], [result.weighted_averages()["informedness"],
                                                         result.discounted_informedness(),
                                                         result.coverage])
    with pytest.raises(ValueError, match="seeds"):
        mixture.induced_over_seeds(features, seeds=[])
    with pytest.raises(ValueError, match="2-d"):
        clustering.scores_over_seeds(real, induced_by_seed[0])


def test_new_figures_show_the_tested_numbers():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    null = clustering.permutation_null(LABEL_REAL, LABEL_INDUCED, n_permutations=50, seed=1)
    ax = figures_senses.plot_permutation_null(null, "wav")
    assert sum(p.get_height() for p in ax.patches) == 50
    assert ax.lines[-1].get_xdata()[0] == pytest.approx(null.observed["wav"])
    with pytest.raises(ValueError, match="statistic"):
        figures_senses.plot_permutation_null(null, "f")
    ax = figures_senses.plot_over_seeds({"a": [0.1, 0.3], "b": [0.2, 0.4, 0.6]}, paper=0.29)
    np.testing.assert_allclose(ax.lines[0].get_ydata(), [0.1, 0.3])
    np.testing.assert_allclose(ax.lines[3].get_ydata(), [0.4, 0.4])    # the median of b
    plt.close("all")


def explicit_b_wav(predicted, real):
    """B_wav = sum_l Pr_P(l) (recall - fallout) over the cases with a prediction, one label at a time."""
    kept = np.array([p is not None for p in predicted])
    p, r = np.array(predicted, dtype=object)[kept], np.asarray(real)[kept]
    n, total = kept.sum(), 0.0
    for label in set(p):
        tp, rp = np.sum((p == label) & (r == label)), np.sum(r == label)
        fp, rn = np.sum((p == label) & (r != label)), np.sum(r != label)
        if rp > 0 and rn > 0:                               # B(l) undefined otherwise: counts as 0
            total += np.sum(p == label) / n * (tp / rp - fp / rn)
    return total, n


@pytest.mark.parametrize("keep", ["best", "informed", "per_label"])
def test_held_out_scores_choose_on_one_half_and_score_the_other(keep):
    induced, real = np.array(LABEL_INDUCED), LABEL_REAL
    result = clustering.held_out_scores(real, induced, keep=keep, n_splits=15, seed=6)
    again = clustering.held_out_scores(real, induced, keep=keep, n_splits=15, seed=6)
    np.testing.assert_array_equal(result.held_out["wav"], again.held_out["wav"])
    order = np.random.default_rng(6).permuted(np.tile(np.arange(25), (15, 1)), axis=1)
    for i, row in enumerate(order):
        choose, score = row[:12], row[12:]                          # N = 25: 12 choose, 13 score
        mapping = clustering.reduce_clustering(real[choose], induced[choose], keep=keep).mapping
        b_wav, n = explicit_b_wav([mapping.get(k) for k in induced[score]], real[score])
        assert result.held_out["wav"][i] == pytest.approx(b_wav)
        assert result.held_out["discounted"][i] == pytest.approx(b_wav * n / 13)
        inside = clustering.reduce_clustering(real[score], induced[score], keep=keep)
        assert result.in_sample["discounted"][i] == pytest.approx(inside.discounted_informedness())


def test_held_out_scores_validate():
    with pytest.raises(ValueError, match="n_splits"):
        clustering.held_out_scores(["A", "B"], [0, 1], n_splits=0, seed=0)
    with pytest.raises(ValueError, match="at least 2"):
        clustering.held_out_scores(["A"], [0], seed=0)


def test_held_out_with_nothing_retained_is_undefined_not_zero():
    # N = 2: the choosing half is one case of class 0, the scoring half one case of class 1,
    # which the choosing half never saw, so it abstains: n = 0, B_wav undefined, discounted 0.
    result = clustering.held_out_scores(["A", "B"], [0, 1], n_splits=3, seed=0)
    assert np.isnan(result.held_out["wav"]).all()
    np.testing.assert_array_equal(result.held_out["discounted"], 0.0)


@pytest.mark.parametrize("chunk", [1, 50, 101])
def test_permutation_null_in_chunks_draws_the_documented_shuffles(monkeypatch, chunk):
    # chunks of 1 row, of 2 rows (50 codes // 23 free cases) and of 4 rows (101 // 23) with a short last one:
    # the same shuffles as one rng.permuted of the (n_permutations, free cases) array
    monkeypatch.setattr(clustering, "_CHUNK", chunk)
    fixed = np.zeros(len(LABEL_REAL), dtype=bool)
    fixed[-3:] = True
    null = clustering.permutation_null(LABEL_REAL, LABEL_INDUCED, n_permutations=9, seed=5, fixed=fixed,
                                       method="cases")
    labels, codes = np.unique(LABEL_REAL, return_inverse=True)
    stacked = np.tile(codes, (9, 1))
    stacked[:, ~fixed] = np.random.default_rng(5).permuted(stacked[:, ~fixed], axis=1)
    for row, wav in zip(stacked, null.null["wav"]):
        again = clustering.reduce_clustering(labels[row], LABEL_INDUCED)
        assert wav == pytest.approx(again.weighted_averages()["informedness"], abs=1e-12)


def test_permutation_null_memory_grows_with_the_tables_not_with_permutations_times_cases():
    # 200,000 cases x 200 permutations: one (permutations, cases) int64 array would be 320 MB, and the
    # old code held three.  The tables are 201 x 10 x 5 floats (80 kB); the chunks 2^20 codes (8 MB per
    # array, a few arrays at once): 64 MB bounds it.
    import tracemalloc
    rng = np.random.default_rng(0)
    induced, real = rng.integers(0, 10, 200_000), rng.integers(0, 5, 200_000)
    tracemalloc.start()
    null = clustering.permutation_null(real, induced, n_permutations=200, seed=1)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 64e6
    assert null.null["wav"].shape == (200,)


def test_labels_fix_the_order_that_breaks_ties():
    # Class 0 holds A A B B: its majority is a tie, broken by the first label, A in sorted order
    # and B when labels lists B first; class 1 (C C) is unaffected.
    y_true, y_pred = list("AABBCC"), [0, 0, 0, 0, 1, 1]
    assert clustering.reduce_clustering(y_true, y_pred).mapping == {0: "A", 1: "C"}
    listed = clustering.reduce_clustering(y_true, y_pred, labels=["B", "C", "A"])
    assert listed.mapping == {0: "B", 1: "C"} and listed.majority[0] == ("B", 0.5)
    with pytest.raises(ValueError, match="labels does not list"):
        clustering.reduce_clustering(y_true, y_pred, labels=["A", "B"])


@pytest.mark.parametrize("keep", ["best", "informed", "per_label"])
def test_whole_sample_weights_equal_repeated_cases(keep):
    # A weight of w is w copies of the case: compare with the cases repeated (np.repeat).
    rng = np.random.default_rng(31)
    y_true, y_pred = rng.choice(list("ABCD"), 80), rng.integers(0, 6, 80)
    weight = rng.integers(0, 4, 80)
    weighted = clustering.reduce_clustering(y_true, y_pred, sample_weight=weight, keep=keep)
    repeated = clustering.reduce_clustering(np.repeat(y_true, weight), np.repeat(y_pred, weight), keep=keep)
    assert (weighted.retained, weighted.total) == (repeated.retained, repeated.total)
    assert isinstance(weighted.total, float) and isinstance(repeated.total, int)
    np.testing.assert_array_equal(weighted.table.counts, repeated.table.counts)
    assert {k: v for k, v in weighted.mapping.items() if k in repeated.mapping} == repeated.mapping
    np.testing.assert_allclose(clustering.reduction_scores(y_true, y_pred, sample_weight=weight, keep=keep),
                               clustering.reduction_scores(np.repeat(y_true, weight), np.repeat(y_pred, weight),
                                                           keep=keep))
    over = clustering.scores_over_seeds(y_true, np.stack([y_pred, y_pred[::-1]]), sample_weight=weight,
                                        keeps=[keep])[keep]
    np.testing.assert_allclose(over[1], clustering.reduction_scores(np.repeat(y_true, weight),
                                                                    np.repeat(y_pred[::-1], weight), keep=keep))


def test_sample_weight_and_the_argument_order_are_checked():
    with pytest.raises(ValueError, match="sample_weight must not be all zero"):
        clustering.reduce_clustering(["A", "B"], [0, 1], sample_weight=[0, 0])
    with pytest.raises(ValueError, match="sample_weight has 1 values"):
        clustering.reduction_scores(["A", "B"], [0, 1], sample_weight=[1])
    with pytest.raises(ValueError, match="y_true has 1 labels but y_pred has 2"):
        clustering.reduce_clustering(["A"], [0, 1])
    with pytest.raises(ValueError, match="y_pred must not contain missing labels"):
        clustering.reduce_clustering(["A", "B"], [0, None])
    with pytest.raises(TypeError):
        clustering.reduce_clustering(["A", "B"], [0, 1], None)     # keyword-only beyond y_true, y_pred
    by_name = clustering.reduce_clustering(y_pred=[0, 1, 1], y_true=["A", "B", "B"])
    assert by_name.mapping == {0: "A", 1: "B"}


def test_permuted_tables_have_the_hypergeometric_moments():
    # Shuffling the labels of n cases against fixed rows: cell (c, l) has mean r_c s_l / n and variance
    # r_c s_l (n - r_c)(n - s_l) / (n^2 (n - 1)) (hypergeometric), and two cells of one row covariance
    # -r_c s_l s_k (n - r_c) / (n^2 (n - 1)).  20,000 tables: each mean within 4.5 SE (sd/sqrt(20000)), each
    # variance within 4.5 SE of a variance (sd^2 sqrt(2/19999), near-normal counts), margins exact.
    rows, columns = np.array([7, 12, 3, 8]), np.array([10, 5, 15])
    n, draws = 30, 20_000
    tables = clustering._permuted_tables(rows, columns, draws, np.random.default_rng(0)).astype(float)
    np.testing.assert_array_equal(tables.sum(axis=2), np.broadcast_to(rows, (draws, 4)))
    np.testing.assert_array_equal(tables.sum(axis=1), np.broadcast_to(columns, (draws, 3)))
    mean = np.outer(rows, columns) / n
    variance = np.outer(rows * (n - rows), columns * (n - columns)) / (n ** 2 * (n - 1))
    assert np.all(np.abs(tables.mean(axis=0) - mean) <= 4.5 * np.sqrt(variance / draws))
    assert np.all(np.abs(tables.var(axis=0, ddof=1) - variance) <= 4.5 * variance * np.sqrt(2 / (draws - 1)))
    covariance = np.cov(tables[:, 1, 0], tables[:, 1, 2])[0, 1]
    expected = -rows[1] * columns[0] * columns[2] * (n - rows[1]) / (n ** 2 * (n - 1))
    assert abs(covariance - expected) <= 4.5 * np.sqrt(variance[1, 0] * variance[1, 2] / draws) * 1.5


@pytest.mark.parametrize("keep", ["best", "informed"])
def test_permutation_null_by_counts_equals_the_case_shuffle_in_distribution(keep):
    # the same null by both methods, 3,000 permutations each: the means of B_wav within 4 SE of their
    # difference, the sds within 4 SE of an sd (sd/sqrt(2 x 3000) each), the fixed cases kept in both
    fixed = np.zeros(len(LABEL_REAL), dtype=bool)
    fixed[-3:] = True
    by = {method: clustering.permutation_null(LABEL_REAL, LABEL_INDUCED, keep=keep, n_permutations=3000, seed=2,
                                              fixed=fixed, method=method).null["wav"] for method in ("counts", "cases")}
    counts, cases = by["counts"], by["cases"]
    assert abs(counts.mean() - cases.mean()) <= 4 * np.sqrt((counts.var() + cases.var()) / 3000)
    assert abs(counts.std() - cases.std()) <= 4 * np.sqrt((counts.var() + cases.var()) / (2 * 3000))
    with pytest.raises(ValueError, match="method must be 'counts' or 'cases'"):
        clustering.permutation_null(LABEL_REAL, LABEL_INDUCED, seed=0, method="tables")
