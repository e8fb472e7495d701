"""Tests of bookeval_lib.course.replications.mixture: the Bernoulli mixture fitted by MAP EM."""
import numpy as np
import pytest
from scipy.optimize import linear_sum_assignment
from scipy.special import logsumexp
from scipy.stats import bernoulli

from bookeval_lib.course.replications import concordance, mixture


@pytest.fixture(scope="module")
def shipped():
    return concordance.load_concordance()


def sample_mixture(weights, probabilities, n, seed):
    rng = np.random.default_rng(seed)
    classes = rng.choice(len(weights), size=n, p=weights)
    return (rng.random((n, probabilities.shape[1])) < probabilities[classes]).astype(np.int8)


def test_em_recovers_a_known_mixture():
    weights = np.array([0.5, 0.3, 0.2])
    probabilities = np.array([[0.9] * 4 + [0.1] * 8,
                              [0.1] * 4 + [0.9] * 4 + [0.1] * 4,
                              [0.1] * 8 + [0.8] * 4])
    x = sample_mixture(weights, probabilities, 4000, seed=7)
    fit = mixture.fit_bernoulli_mixture(x, 3, seed=11, n_restarts=5)
    # Match fitted to true components (labels are arbitrary) by the smallest total L1 distance.
    cost = np.abs(fit.probabilities[:, None, :] - probabilities[None, :, :]).sum(axis=2)
    rows, cols = linear_sum_assignment(cost)
    order = rows[np.argsort(cols)]
    np.testing.assert_allclose(fit.probabilities[order], probabilities, atol=0.04)
    np.testing.assert_allclose(fit.weights[order], weights, atol=0.03)
    assert fit.converged


def test_log_likelihood_agrees_with_scipy():
    rng = np.random.default_rng(3)
    x = (rng.random((30, 5)) < 0.4).astype(int)
    weights = np.array([0.2, 0.5, 0.3])
    probabilities = rng.uniform(0.05, 0.95, size=(3, 5))
    per_class = np.stack([bernoulli.logpmf(x, probabilities[k]).sum(axis=1) + np.log(weights[k])
                          for k in range(3)], axis=1)
    expected = logsumexp(per_class, axis=1).sum()
    assert mixture.bernoulli_mixture_log_likelihood(x, weights, probabilities) == pytest.approx(
        expected, rel=1e-12)


def test_fit_reports_its_own_likelihood():
    x = sample_mixture(np.array([0.6, 0.4]), np.array([[0.8, 0.2, 0.7], [0.1, 0.9, 0.3]]),
                       300, seed=5)
    fit = mixture.fit_bernoulli_mixture(x, 2, seed=1, n_restarts=3)
    assert fit.log_likelihood == pytest.approx(
        mixture.bernoulli_mixture_log_likelihood(x, fit.weights, fit.probabilities), rel=1e-9)
    np.testing.assert_allclose(fit.responsibilities.sum(axis=1), 1.0)
    np.testing.assert_allclose(fit.predict_proba(x), fit.responsibilities, atol=1e-6)


def test_em_never_decreases_the_log_posterior():
    x = sample_mixture(np.array([0.5, 0.5]), np.array([[0.7, 0.3, 0.6, 0.2],
                                                       [0.2, 0.6, 0.3, 0.8]]), 200, seed=9)
    fit = mixture.fit_bernoulli_mixture(x, 4, seed=2, n_restarts=4)
    steps = np.diff(fit.trace)
    assert (steps >= -1e-9 * np.abs(fit.trace[1:])).all()
    assert fit.log_posterior == max(fit.restart_log_posteriors) == fit.trace[-1]


def test_one_class_is_the_smoothed_frequency():
    # K = 1: every responsibility is 1, so one M step gives the answer.
    # x has N = 4 rows, column sums (3, 0); overall m = ((3 + .5)/5, (0 + .5)/5) = (.7, .1);
    # with s = 2: theta = ((3 + 2*.7)/(4 + 2), (0 + 2*.1)/(4 + 2)) = (4.4/6, 0.2/6).
    x = np.array([[1, 0], [1, 0], [1, 0], [0, 0]])
    fit = mixture.fit_bernoulli_mixture(x, 1, seed=0, n_restarts=1, prior_strength=2.0)
    np.testing.assert_allclose(fit.probabilities, [[4.4 / 6, 0.2 / 6]])
    np.testing.assert_allclose(fit.weights, [1.0])


def test_fit_validates_its_input():
    with pytest.raises(ValueError, match="binary"):
        mixture.fit_bernoulli_mixture([[0, 2]], 1, seed=0)
    with pytest.raises(ValueError, match="non-empty 2-d"):
        mixture.fit_bernoulli_mixture([1, 0], 1, seed=0)
    with pytest.raises(ValueError, match="n_classes"):
        mixture.fit_bernoulli_mixture([[0, 1]], 0, seed=0)
    with pytest.raises(ValueError, match="concentration"):
        mixture.fit_bernoulli_mixture([[0, 1]], 1, seed=0, concentration=1.0)
    with pytest.raises(ValueError, match="prior_strength"):
        mixture.fit_bernoulli_mixture([[0, 1]], 1, seed=0, prior_strength=0.0)
    with pytest.raises(ValueError, match="max_iter"):
        mixture.fit_bernoulli_mixture([[0, 1]], 1, seed=0, max_iter=0)
    with pytest.raises(ValueError, match="tol"):
        mixture.fit_bernoulli_mixture([[0, 1]], 1, seed=0, tol=-1.0)


def test_the_pipeline_is_reproducible_from_its_seed(shipped):
    def run(seed):
        features, labels = concordance.add_index_document(concordance.context_features(shipped),
                                                     [r["sense"] for r in shipped])
        fit = mixture.fit_bernoulli_mixture(features, 18, seed=seed, n_restarts=3)
        return fit, fit.predict(features)

    first, first_classes = run(2003)
    second, second_classes = run(2003)
    np.testing.assert_array_equal(first.probabilities, second.probabilities)
    np.testing.assert_array_equal(first_classes, second_classes)
    assert first.restart_log_posteriors == second.restart_log_posteriors
    other, _ = run(2004)
    assert other.restart_log_posteriors != first.restart_log_posteriors




def reference_em(x, initial, concentration, prior_a, prior_b, max_iter, tol):
    """One restart on all N rows, as written before batching (sequential, two matmuls, exp twice)."""
    n, k = initial.shape
    resp, previous = initial, -np.inf
    for iteration in range(1, max_iter + 1):
        size = resp.sum(axis=0)
        weights = (size + concentration - 1.0) / (n + k * (concentration - 1.0))
        theta = (resp.T @ x + prior_a - 1.0) / (size[:, None] + prior_a + prior_b - 2.0)
        log_joint = np.log(weights) + x @ np.log(theta).T + (1.0 - x) @ np.log1p(-theta).T
        evidence = logsumexp(log_joint, axis=1)
        resp = np.exp(log_joint - evidence[:, None])
        lp = (evidence.sum() + (concentration - 1.0) * np.log(weights).sum()
              + ((prior_a - 1.0) * np.log(theta)).sum() + ((prior_b - 1.0) * np.log1p(-theta)).sum())
        if abs(lp - previous) <= tol * max(1.0, abs(lp)):
            break
        previous = lp
    return lp, iteration, theta


def test_batched_restarts_follow_the_sequential_paths():
    # Duplicated rows (30 distinct among 400) exercise the distinct-row weighting.
    base = sample_mixture(np.array([0.5, 0.3, 0.2]),
                          np.array([[0.8, 0.1, 0.7, 0.2, 0.1], [0.1, 0.9, 0.2, 0.6, 0.2],
                                    [0.3, 0.3, 0.9, 0.1, 0.8]]), 30, seed=4)
    x = base[np.random.default_rng(8).integers(0, 30, 400)]
    fit = mixture.fit_bernoulli_mixture(x, 4, seed=21, n_restarts=6, tol=1e-9)
    m = (x.sum(axis=0) + 0.5) / (x.shape[0] + 1.0)
    rng = np.random.default_rng(21)   # one Dirichlet draw of (N, K) per restart, in order
    runs = [reference_em(x.astype(float), rng.dirichlet(np.ones(4), size=400), 2.0,
                         1 + 2 * m, 1 + 2 * (1 - m), 1000, 1e-9) for _ in range(6)]
    # Same arithmetic in another order: rounding differs by a few ulp per step, so the log
    # posteriors (about -1e3) agree to ~1e-9 relative; iterations may differ at the stopping rule.
    np.testing.assert_allclose(fit.restart_log_posteriors, [r[0] for r in runs], rtol=1e-9)
    assert np.abs(np.subtract(fit.restart_n_iter, [r[1] for r in runs])).max() <= 1
    best = int(np.argmax([r[0] for r in runs]))
    np.testing.assert_allclose(fit.probabilities, runs[best][2], atol=1e-6)


def test_the_restarts_are_reported():
    x = sample_mixture(np.array([0.5, 0.5]), np.array([[0.9, 0.1], [0.1, 0.9]]), 50, seed=3)
    fit = mixture.fit_bernoulli_mixture(x, 2, seed=0, n_restarts=3)
    assert len(fit.restart_log_posteriors) == len(fit.restart_n_iter) == 3
    assert fit.n_iter == fit.restart_n_iter[int(np.argmax(fit.restart_log_posteriors))]
    assert len(fit.trace) == fit.n_iter


def test_many_distinct_rows_take_linear_memory():
    # 20,000 rows of 16 random features: about 19,000 distinct rows.  A dense (distinct rows x N)
    # group matrix would be 19,000 x 20,000 x 8 bytes = 3 GB; the starts are R x N x K = 2 x 20,000 x 4
    # floats (0.64 MB, and one sorted copy), the EM arrays R x K x U: 64 MB bounds them all.
    import tracemalloc
    x = (np.random.default_rng(6).random((20_000, 16)) < 0.5).astype(np.int8)
    tracemalloc.start()
    fit = mixture.fit_bernoulli_mixture(x, 4, seed=1, n_restarts=2, max_iter=3)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 64e6
    assert fit.responsibilities.shape == (20_000, 4)
