"""The checks of notebook 12b (selection bias, held-out halves, seeds), moved here from its teaching cells.

Notebook 12b prints the permutation nulls, the held-out scores and the scores over 20 EM seeds; the checks
that the numbers and orderings its prose and its worked solutions state hold live here, with the notebook's
settings (seed 2003, 10 restarts, 1999 shuffles, 500 splits, seeds 2003-2022).  A tolerance is two or three
Monte Carlo standard errors, as the prose uses them.
"""
import numpy as np
import pytest

from bookeval_lib import clustering
from bookeval_lib.course.replications import concordance, mixture

SEED = 2003
SEEDS = range(2003, 2023)
RAILWAY = ("railroad", "station", "passenger", "car", "ride", "trip", "travel")


@pytest.fixture(scope="module")
def fitted():
    records = concordance.load_concordance()
    features, real = concordance.add_index_document(concordance.context_features(records),
                                                    [r["sense"] for r in records])
    induced = mixture.fit_bernoulli_mixture(features, 18, seed=SEED, n_restarts=10).predict(features)
    is_index = np.array([label == "Z" for label in real])
    return records, features, real, induced, is_index


@pytest.fixture(scope="module")
def nulls(fitted):
    _, _, real, induced, is_index = fitted
    return {keep: clustering.permutation_null(real, induced, keep=keep, n_permutations=1999, seed=SEED,
                                              fixed=is_index) for keep in ("best", "informed")}


@pytest.fixture(scope="module")
def held(fitted):
    _, _, real, induced, is_index = fitted
    return {keep: clustering.held_out_scores(np.array(real)[~is_index], induced[~is_index], keep=keep,
                                             n_splits=500, seed=SEED) for keep in ("best", "informed", "per_label")}


@pytest.fixture(scope="module")
def designs(fitted):
    records, _, _, _, _ = fitted
    no_railway = {w: forms for w, forms in concordance.CONTEXT_WORDS.items() if w not in RAILWAY}
    variants = {"three sentences": {}, "sentence only": {"neighbours": False},
                "no railway words": {"context_words": no_railway}}
    return {name: concordance.add_index_document(concordance.context_features(records, **options), [])[0]
            for name, options in variants.items()}


@pytest.fixture(scope="module")
def over_seeds(fitted, designs):
    _, _, real, _, _ = fitted
    induced = {name: mixture.induced_over_seeds(x, seeds=SEEDS) for name, x in designs.items()}
    return induced, {name: clustering.scores_over_seeds(real, ind) for name, ind in induced.items()}


def _se(values):
    return np.std(values, ddof=1) / np.sqrt(len(values))


def test_every_p_value_is_below_001_and_the_discounted_nulls_stay_below_01(nulls):
    for null in nulls.values():
        for stat in ("wav", "discounted"):
            assert null.p_value(stat) + 2 * null.monte_carlo_error(stat) < 0.01
        assert np.quantile(null.null["discounted"], 0.95) < 0.1


def test_the_quoted_null_mean_and_95th_percentile_lie_within_their_monte_carlo_brackets(nulls):
    # the mean has Monte Carlo error sigma/sqrt(n); the shuffles below the true 95th percentile are
    # binomial(n, 0.95), so the order statistics 0.95 n -+ 2 sqrt(n 0.95 0.05) bracket it.  A quoted value is
    # rounded (by at most 0.005): in the bracket widened by that.
    n = 1999
    for keep, mean, q95 in (("best", 0.36, 0.56), ("informed", 0.095, None)):
        v = np.sort(nulls[keep].null["wav"])
        assert abs(v.mean() - mean) <= 2 * v.std() / np.sqrt(n) + 0.005
        if q95 is not None:
            half = 2 * np.sqrt(n * 0.95 * 0.05)
            low, high = v[int(np.floor(0.95 * n - half))], v[int(np.ceil(0.95 * n + half))]
            assert low - 0.005 <= q95 <= high + 0.005


def test_choosing_on_the_scored_labels_inflates_b_wav_and_held_out_stays_above_the_null(nulls, held):
    for keep, h in held.items():
        gap = h.in_sample["wav"] - h.held_out["wav"]
        assert gap.mean() > 2 * _se(gap)
    for keep in nulls:
        assert held[keep].held_out["wav"].mean() > np.quantile(nulls[keep].null["wav"], 0.95)


def test_a_clustering_that_knows_nothing_scores_about_zero_held_out(fitted):
    _, _, real, induced, is_index = fitted
    real_array = np.array(real)[~is_index]
    rng = np.random.default_rng(SEED)
    for keep in ("best", "informed"):
        means = [clustering.held_out_scores(rng.permutation(real_array), induced[~is_index], keep=keep,
                                            n_splits=50, seed=s).held_out["wav"].mean() for s in range(40)]
        assert abs(np.mean(means)) <= 3 * _se(means)             # 0 within three standard errors


def test_the_three_sentence_design_and_seed_2003_are_those_of_section_1(fitted, designs, over_seeds):
    _, features, _, induced, _ = fitted
    assert (designs["three sentences"] == features).all()
    assert (over_seeds[0]["three sentences"][0] == induced).all()


def test_seed_2003_is_the_best_strict_and_the_worst_liberal_of_the_twenty(over_seeds):
    scores = over_seeds[1]["three sentences"]
    strict, liberal = scores["best"][:, 1], scores["informed"][:, 1]
    assert strict.max() > 2 * strict.min() and strict.argmax() == 0
    assert liberal.max() - liberal.min() < 0.02 and liberal.argmin() == 0


def test_solution_1_the_window(designs, over_seeds):
    assert int(designs["sentence only"][:-1].any(axis=1).sum()) == 110
    assert int(designs["three sentences"][:-1].any(axis=1).sum()) == 193
    scores = over_seeds[1]
    for keep, sign in (("best", 1), ("informed", -1)):
        one, three = scores["sentence only"][keep][:, 1], scores["three sentences"][keep][:, 1]
        diff = one.mean() - three.mean()
        se = np.sqrt(one.var(ddof=1) / 20 + three.var(ddof=1) / 20)
        assert sign * diff > 2 * se
    assert scores["sentence only"]["best"][:, 2].mean() > scores["three sentences"]["best"][:, 2].mean()


def test_solution_2_the_railway_words(fitted, over_seeds):
    _, _, real, induced, _ = fitted
    assert "N" in clustering.reduce_clustering(real, induced).table.labels
    for ind in over_seeds[0]["no railway words"]:
        assert "N" not in clustering.reduce_clustering(real, ind).table.labels
    scores = over_seeds[1]
    for keep, sign in (("best", 1), ("informed", -1)):
        without, base = scores["no railway words"][keep][:, 1], scores["three sentences"][keep][:, 1]
        se = np.sqrt(without.var(ddof=1) / 20 + base.var(ddof=1) / 20)
        assert sign * (without.mean() - base.mean()) > 2 * se
    without, base = scores["no railway words"]["best"], scores["three sentences"]["best"]
    assert without[:, 2].mean() > base[:, 2].mean() and without[:, 0].mean() < base[:, 0].mean()
