"""A mixture of independent Bernoulli features, fitted by MAP EM (AutoClass-like).

Powers 2003 clusters the contexts of *dog* and *train* with AutoClass
(Cheeseman and Stutz 1996), a Bayesian mixture model.  This module fits the
binary-feature case: class k has prior probability pi_k and feature j is 1 with
probability theta_kj, independently given the class.  :func:`fit_bernoulli_mixture`
runs EM from several seeded restarts and keeps the best penalised
log-likelihood; :class:`MixtureFit` predicts classes of new rows;
:func:`induced_over_seeds` refits with several seeds (by default with the study's 18 classes).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from ... import _checks

if TYPE_CHECKING:                       # type hints only; nothing imported at run time
    from collections.abc import Sequence

    from numpy.typing import ArrayLike

__all__ = ["MixtureFit", "bernoulli_mixture_log_likelihood", "fit_bernoulli_mixture", "induced_over_seeds"]

@dataclass(frozen=True)
class MixtureFit:
    """A fitted Bernoulli mixture (the best of several restarts).

    Attributes
    ----------
    weights : ndarray (K,)
        Mixing proportions pi_k.
    probabilities : ndarray (K, J)
        theta_kj = Pr(feature j = 1 | class k).
    responsibilities : ndarray (N, K)
        Posterior Pr(class k | x_i) of the training rows.
    log_likelihood : float
        sum_i log sum_k pi_k prod_j theta_kj^x_ij (1 - theta_kj)^(1 - x_ij).
    log_posterior : float
        log_likelihood + log prior (up to the prior's normalising constant):
        the quantity MAP EM increases and the restarts compare.
    seed, n_iter, converged, restart_log_posteriors, trace, restart_n_iter
        The seed of the whole fit, iterations and convergence of the best
        restart, the final log posterior of every restart, the log
        posterior after each iteration of the best restart (never
        decreasing), and the iterations of every restart.
    """

    weights: np.ndarray
    probabilities: np.ndarray
    responsibilities: np.ndarray
    log_likelihood: float
    log_posterior: float
    seed: int
    n_iter: int
    converged: bool
    restart_log_posteriors: tuple
    trace: tuple
    restart_n_iter: tuple = ()

    def predict_proba(self, features: ArrayLike) -> np.ndarray:
        """Pr(class k | x) for new rows; nan for a row the mixture gives probability 0.

        ValueError if ``features`` is not a binary 2-d array with as many columns as the fit's features.
        """
        x = _validate_binary(features)
        if x.shape[1] != self.probabilities.shape[1]:
            raise ValueError(f"features must have {self.probabilities.shape[1]} columns, one per feature of "
                             f"the fit, got {x.shape[1]}")
        log_joint = _log_joint(x, self.weights, self.probabilities)
        e = np.exp(log_joint - _finite_peak(log_joint))
        with np.errstate(invalid="ignore"):                        # 0 / 0: an impossible row
            return e / e.sum(axis=1, keepdims=True)

    def predict(self, features: ArrayLike) -> np.ndarray:
        """The most probable class of each row (ties -> the lowest index).

        ValueError for a row the mixture gives probability 0 (possible only with
        weights or probabilities of exactly 0 or 1, never in a fit).
        """
        proba = self.predict_proba(features)
        impossible = np.isnan(proba[:, 0])
        if impossible.any():
            raise ValueError(f"features row {int(np.flatnonzero(impossible)[0])} has probability 0 under every "
                             "class of the mixture: it has no most probable class")
        return np.argmax(proba, axis=1)


def _finite_peak(a):
    """max_k a[..., k], kept with its axis; 0 where every a[..., k] is -inf (so a - peak is never nan)."""
    peak = a.max(axis=-1, keepdims=True)
    return np.where(np.isfinite(peak), peak, 0.0)


def _logsumexp(a):
    """log sum_k exp(a[..., k]) along the last axis, stable; -inf where every term is -inf."""
    peak = _finite_peak(a)
    with np.errstate(divide="ignore"):                             # log 0 = -inf: an impossible row
        return peak[..., 0] + np.log(np.exp(a - peak).sum(axis=-1))


def _log_joint(x, weights, probabilities):
    """log pi_k + sum_j [x_ij log theta_kj + (1 - x_ij) log(1 - theta_kj)], shape (N, K), with 0 log 0 = 0.

    A probability of exactly 0 (or 1) costs nothing to the rows whose feature
    agrees with it and makes the class impossible (-inf) for the rows that
    contradict it; the products are taken with the finite logs only, so that no
    0 * log 0 = nan arises in the matrix product.
    """
    zero, one = probabilities == 0.0, probabilities == 1.0
    log_p = np.log(np.where(zero, 1.0, probabilities))
    log_q = np.log1p(-np.where(one, 0.0, probabilities))
    with np.errstate(divide="ignore"):                             # a weight 0: log 0 = -inf
        log_w = np.log(weights)
    joint = log_w[None, :] + x @ log_p.T + (1.0 - x) @ log_q.T
    if zero.any() or one.any():
        joint[(x @ zero.T.astype(float) > 0) | ((1.0 - x) @ one.T.astype(float) > 0)] = -np.inf
    return joint


def _validate_binary(features):
    x = np.asarray(features)
    if x.ndim != 2 or x.shape[0] == 0 or x.shape[1] == 0:
        raise ValueError(f"features must be a non-empty 2-d array, got shape {x.shape}")
    if not np.isin(x, (0, 1)).all():
        raise ValueError("features must be binary (0/1)")
    return x.astype(float)


def bernoulli_mixture_log_likelihood(features: ArrayLike, weights: ArrayLike, probabilities: ArrayLike) -> float:
    """sum_i log sum_k pi_k prod_j theta_kj^x_ij (1 - theta_kj)^(1 - x_ij), with 0^0 = 1.

    ``weights`` (K,) and ``probabilities`` (K, J) in [0, 1]; a probability of
    exactly 0 or 1 is allowed (0 log 0 = 0).  -inf when some row has
    probability 0 under the mixture.
    """
    x = _validate_binary(features)
    weights = _checks.probabilities(weights, "weights")
    probabilities = _checks.probabilities(probabilities, "probabilities")
    if weights.ndim != 1 or probabilities.shape != (weights.size, x.shape[1]):
        raise ValueError(f"weights must have shape (K,) and probabilities (K, J) with J = {x.shape[1]} "
                         f"features, got {weights.shape} and {probabilities.shape}")
    return float(_logsumexp(_log_joint(x, weights, probabilities)).sum())


def _em_batch(rows, multiplicity, initial, concentration, prior_a, prior_b, max_iter, tol):
    """MAP EM for R restarts at once, on the distinct rows of the data.

    ``rows`` (U, J) are the distinct feature vectors and ``multiplicity`` (U,)
    how often each occurs, so sums over cases are multiplicity-weighted sums
    over rows (identical rows have identical responsibilities).  ``initial``
    (R, U, K) holds the starting responsibilities.  Every step is one numpy
    call over all restarts still running (internally an (R, K, U) array); a
    restart that has converged is frozen while the rest carry on, so each
    restart follows the path it would follow alone (up to rounding).  The E step computes exp once:
    r_ik = e_ik / sum_k e_ik and log Pr(x_i) = peak_i + log sum_k e_ik with
    e_ik = exp(log joint_ik - peak_i).  log Pr(x | k) is
    x . (log theta - log(1 - theta)) + sum_j log(1 - theta_kj), one product.
    Returns per restart: weights (R, K), theta (R, K, J), responsibilities
    (R, U, K), log likelihood (R,), log posterior (R,), iterations (R,),
    converged (R,), and the trace of every restart (R, max_iter, nan-padded).
    """
    n_restarts, _, k = initial.shape
    j = rows.shape[1]
    n = multiplicity.sum()
    weighted_rows = rows * multiplicity[:, None]                       # (U, J)
    rows_t = np.ascontiguousarray(rows.T)                              # (J, U)
    weights = np.empty((n_restarts, k))
    theta = np.empty((n_restarts, k, j))
    # Internally (restart, class, row): the class axis is reduced in the E step
    # and numpy reduces a middle axis much faster than a short last one.
    responsibilities = np.ascontiguousarray(np.swapaxes(initial, 1, 2))
    log_likelihood = np.full(n_restarts, -np.inf)
    log_posterior = np.full(n_restarts, -np.inf)
    iterations = np.zeros(n_restarts, dtype=int)
    converged = np.zeros(n_restarts, dtype=bool)
    trace = np.full((n_restarts, max_iter), np.nan)
    active = np.arange(n_restarts)
    resp = responsibilities
    for iteration in range(1, max_iter + 1):
        r = len(active)
        # M step: posterior modes under Dirichlet(concentration) and Beta(a_j, b_j).
        flat = resp.reshape(r * k, -1)
        size = (flat @ multiplicity).reshape(r, k)
        w = (size + concentration - 1.0) / (n + k * (concentration - 1.0))
        th = ((flat @ weighted_rows).reshape(r, k, j) + prior_a - 1.0) \
            / (size[:, :, None] + prior_a + prior_b - 2.0)
        # E step, one exp.
        log_w, log_th, log_1m = np.log(w), np.log(th), np.log1p(-th)
        log_joint = ((log_th - log_1m).reshape(r * k, j) @ rows_t).reshape(r, k, -1) \
            + (log_w + log_1m.sum(axis=2))[:, :, None]
        peak = log_joint.max(axis=1, keepdims=True)
        e = np.exp(log_joint - peak)
        total = e.sum(axis=1, keepdims=True)
        resp = e / total
        ll = (peak[:, 0, :] + np.log(total[:, 0, :])) @ multiplicity
        lp = (ll + (concentration - 1.0) * log_w.sum(axis=1)
              + ((prior_a - 1.0) * log_th + (prior_b - 1.0) * log_1m).sum(axis=(1, 2)))
        trace[active, iteration - 1] = lp
        done = np.abs(lp - log_posterior[active]) <= tol * np.maximum(1.0, np.abs(lp))
        log_posterior[active], log_likelihood[active] = lp, ll
        weights[active], theta[active], responsibilities[active] = w, th, resp
        iterations[active] = iteration
        converged[active] = done
        if done.all():
            break
        active, resp = active[~done], resp[~done]
    responsibilities = np.swapaxes(responsibilities, 1, 2)
    return weights, theta, responsibilities, log_likelihood, log_posterior, iterations, \
        converged, trace


#: The largest ``concentration`` and ``prior_strength`` of :func:`fit_bernoulli_mixture` (pseudo-cases):
#: far beyond any useful prior, and far below where the EM's sums overflow.
MAX_PRIOR = 1e6


def fit_bernoulli_mixture(features: ArrayLike, n_classes: int, *, seed: int, n_restarts: int = 10,
                          concentration: float = 2.0, prior_strength: float = 2.0, max_iter: int = 1000,
                          tol: float = 1e-10) -> MixtureFit:
    """Fit a mixture of independent Bernoullis by MAP EM (AutoClass-like).

    Model: class k has prior probability pi_k and feature j is 1 with
    probability theta_kj, independently given the class, so
    Pr(x) = sum_k pi_k prod_j theta_kj^x_j (1 - theta_kj)^(1 - x_j).

    Priors (as AutoClass, Cheeseman and Stutz 1996, the priors are weak and
    centred on the data's overall statistics): pi ~ Dirichlet(c, ..., c) and
    theta_kj ~ Beta(1 + s m_j, 1 + s (1 - m_j)), where m_j = (sum_i x_ij +
    1/2) / (N + 1) is feature j's overall frequency (kept inside (0, 1)) and
    s = ``prior_strength`` counts as s pseudo-observations.  The M step takes
    the posterior modes

        pi_k = (n_k + c - 1) / (N + K(c - 1)),
        theta_kj = (sum_i r_ik x_ij + s m_j) / (n_k + s),

    with n_k = sum_i r_ik, so an empty class sits at the overall frequencies
    instead of collapsing to log 0.  EM never decreases the log posterior
    (log likelihood + log prior); each restart starts from responsibilities
    drawn from a flat Dirichlet, and the restart with the highest log
    posterior is kept (ties: the first).  (AutoClass also searches over K;
    here K is given.)

    Computation: identical rows have identical responsibilities, so EM runs
    on the U distinct rows weighted by their counts (the dog/train features
    have 64 distinct rows among 505), and all restarts run together, one
    numpy call per step over an (R, K, U) array (see ``_em_batch``).  The
    starting responsibilities are the same random stream as one Dirichlet
    draw of (N, K) per restart, so a seed gives the fit it gave when the
    restarts ran one after another (up to floating-point rounding).

    Parameters
    ----------
    features : array_like of 0/1, shape (N, J)
    n_classes : int
        K >= 1.
    seed : int
        Seed of ``numpy.random.default_rng``; the fit is a function of it.
    n_restarts : int
        Number of random starts (>= 1).
    concentration : float
        Dirichlet parameter c > 1 (2 = add one to every class size), at most
        ``MAX_PRIOR`` = 1e6 (a prior of a million pseudo-cases a class swamps any data here).
    prior_strength : float
        s > 0, the weight of the Beta priors in pseudo-observations, at most
        ``MAX_PRIOR`` = 1e6.
    max_iter, tol : int, float
        EM stops when the log posterior changes by at most
        ``tol * max(1, |log posterior|)``.

    Returns
    -------
    MixtureFit
    """
    x = _validate_binary(features)
    seed = _checks.seed(seed)
    n_classes = _checks.positive_integer(n_classes, "n_classes")
    n_restarts = _checks.positive_integer(n_restarts, "n_restarts")
    concentration = _checks.real_number(concentration, "concentration")
    if not 1.0 < concentration <= MAX_PRIOR:
        raise ValueError(f"concentration must be > 1 and at most {MAX_PRIOR:g}, got {concentration!r}")
    prior_strength = _checks.positive_number(prior_strength, "prior_strength", maximum=MAX_PRIOR)
    max_iter = _checks.positive_integer(max_iter, "max_iter")
    tol = _checks.positive_number(tol, "tol", allow_zero=True)
    overall = (x.sum(axis=0) + 0.5) / (x.shape[0] + 1.0)
    prior_a = 1.0 + prior_strength * overall
    prior_b = 1.0 + prior_strength * (1.0 - overall)
    rng = np.random.default_rng(seed)
    # The same stream as one draw of (N, K) per restart, in order.
    initial = rng.dirichlet(np.ones(int(n_classes)), size=(int(n_restarts), x.shape[0]))
    rows, inverse, multiplicity = np.unique(x, axis=0, return_inverse=True, return_counts=True)
    inverse = inverse.ravel()
    # only each distinct row's mean start enters EM: group sums over the cases sorted by row, O(R N K)
    order = np.argsort(inverse, kind="stable")
    starts = np.concatenate(([0], np.cumsum(multiplicity)[:-1]))
    mean_initial = np.add.reduceat(initial[:, order, :], starts, axis=1) / multiplicity[:, None]
    weights, theta, resp, ll, lp, iterations, converged, traces = _em_batch(
        rows, multiplicity.astype(float), mean_initial, concentration, prior_a, prior_b,
        int(max_iter), tol)
    best = int(np.argmax(lp))                                      # ties -> the first restart
    return MixtureFit(weights=weights[best], probabilities=theta[best],
                      responsibilities=resp[best][inverse], log_likelihood=float(ll[best]),
                      log_posterior=float(lp[best]), seed=seed, n_iter=int(iterations[best]),
                      converged=bool(converged[best]),
                      restart_log_posteriors=tuple(float(v) for v in lp),
                      trace=tuple(float(v) for v in traces[best, :iterations[best]]),
                      restart_n_iter=tuple(int(v) for v in iterations))


def induced_over_seeds(features: ArrayLike, *, seeds: Sequence[int], n_classes: int = 18,
                       n_restarts: int = 10) -> np.ndarray:
    """The hard induced classes of a mixture fitted with each seed, shape (len(seeds), N).

    Row i: :func:`fit_bernoulli_mixture` with K = ``n_classes`` (18 by default: the
    classes of Powers 2003's study), ``n_restarts`` restarts and ``seed=seeds[i]``, then ``predict``.
    """
    if isinstance(seeds, (str, bytes)) or not hasattr(seeds, "__iter__"):
        raise ValueError(f"seeds must be a sequence of seeds, got {seeds!r}")
    seeds = [_checks.seed(seed, "seeds") for seed in seeds]
    if not seeds:
        raise ValueError("seeds must not be empty")
    return np.array([fit_bernoulli_mixture(features, n_classes, seed=seed,
                                           n_restarts=n_restarts).predict(features)
                     for seed in seeds])
