"""A mixture of independent Bernoulli features, fitted by MAP EM (AutoClass-like).

Powers 2003 clusters the contexts of *dog* and *train* with AutoClass
(Cheeseman and Stutz 1996), a Bayesian mixture model.  This module fits the
binary-feature case: class k has prior probability pi_k and feature j is 1 with
probability theta_kj, independently given the class.  :func:`fit_bernoulli_mixture`
runs EM from several seeded restarts and keeps the best penalised
log-likelihood; :class:`MixtureFit` predicts classes of new rows.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

__all__ = ["MixtureFit", "bernoulli_mixture_log_likelihood", "fit_bernoulli_mixture"]

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
    seed, n_iter, converged, restart_log_posteriors, trace
        The seed of the whole fit, iterations and convergence of the best
        restart, the final log posterior of every restart, and the log
        posterior after each iteration of the best restart (never decreasing).
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

    def predict_proba(self, features):
        """Pr(class k | x) for new rows."""
        log_joint = _log_joint(_validate_binary(features).astype(float), self.weights,
                               self.probabilities)
        return np.exp(log_joint - _logsumexp(log_joint)[:, None])

    def predict(self, features):
        """The most probable class of each row (ties -> the lowest index)."""
        return np.argmax(self.predict_proba(features), axis=1)


def _logsumexp(a):
    """log sum_k exp(a[:, k]), stable."""
    peak = a.max(axis=1)
    return peak + np.log(np.exp(a - peak[:, None]).sum(axis=1))


def _log_joint(x, weights, probabilities):
    """log pi_k + sum_j [x_ij log theta_kj + (1 - x_ij) log(1 - theta_kj)], shape (N, K)."""
    with np.errstate(divide="ignore"):
        return (np.log(weights)[None, :] + x @ np.log(probabilities).T
                + (1.0 - x) @ np.log1p(-probabilities).T)


def _validate_binary(features):
    x = np.asarray(features)
    if x.ndim != 2 or x.shape[0] == 0 or x.shape[1] == 0:
        raise ValueError(f"features must be a non-empty 2-d array, got shape {x.shape}")
    if not np.isin(x, (0, 1)).all():
        raise ValueError("features must be binary (0/1)")
    return x.astype(float)


def bernoulli_mixture_log_likelihood(features, weights, probabilities):
    """sum_i log sum_k pi_k prod_j theta_kj^x_ij (1 - theta_kj)^(1 - x_ij)."""
    x = _validate_binary(features)
    return float(_logsumexp(_log_joint(x, np.asarray(weights, float),
                                       np.asarray(probabilities, float))).sum())


def _log_prior(weights, probabilities, concentration, prior_a, prior_b):
    """log Dirichlet(pi | concentration) + sum log Beta(theta_kj | a_j, b_j), unnormalised."""
    return float((concentration - 1.0) * np.log(weights).sum()
                 + ((prior_a - 1.0) * np.log(probabilities)).sum()
                 + ((prior_b - 1.0) * np.log1p(-probabilities)).sum())


def _em(x, initial, concentration, prior_a, prior_b, max_iter, tol):
    """MAP EM from initial responsibilities; returns (weights, theta, resp, ll, lp, trace, ok)."""
    n, k = initial.shape
    responsibilities = initial
    previous = -np.inf
    trace = []
    for iteration in range(1, max_iter + 1):
        # M step: posterior modes under Dirichlet(concentration) and Beta(a_j, b_j).
        size = responsibilities.sum(axis=0)
        weights = (size + concentration - 1.0) / (n + k * (concentration - 1.0))
        probabilities = ((responsibilities.T @ x + prior_a - 1.0)
                         / (size[:, None] + prior_a + prior_b - 2.0))
        # E step.
        log_joint = _log_joint(x, weights, probabilities)
        log_evidence = _logsumexp(log_joint)
        responsibilities = np.exp(log_joint - log_evidence[:, None])
        log_likelihood = float(log_evidence.sum())
        log_posterior = log_likelihood + _log_prior(weights, probabilities, concentration,
                                                    prior_a, prior_b)
        trace.append(log_posterior)
        if abs(log_posterior - previous) <= tol * max(1.0, abs(log_posterior)):
            return weights, probabilities, responsibilities, log_likelihood, log_posterior, \
                tuple(trace), True
        previous = log_posterior
    return weights, probabilities, responsibilities, log_likelihood, log_posterior, \
        tuple(trace), False


def fit_bernoulli_mixture(features, n_classes, *, seed, n_restarts=10, concentration=2.0,
                          prior_strength=2.0, max_iter=1000, tol=1e-10):
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
    posterior is kept.  (AutoClass also searches over K; here K is given.)

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
        Dirichlet parameter c > 1 (2 = add one to every class size).
    prior_strength : float
        s > 0, the weight of the Beta priors in pseudo-observations.
    max_iter, tol : int, float
        EM stops when the log posterior changes by at most
        ``tol * max(1, |log posterior|)``.

    Returns
    -------
    MixtureFit
    """
    x = _validate_binary(features)
    if isinstance(n_classes, bool) or int(n_classes) != n_classes or n_classes < 1:
        raise ValueError(f"n_classes must be a positive integer, got {n_classes!r}")
    if isinstance(n_restarts, bool) or int(n_restarts) != n_restarts or n_restarts < 1:
        raise ValueError(f"n_restarts must be a positive integer, got {n_restarts!r}")
    if not concentration > 1.0:
        raise ValueError(f"concentration must be > 1, got {concentration!r}")
    if not prior_strength > 0.0:
        raise ValueError(f"prior_strength must be > 0, got {prior_strength!r}")
    overall = (x.sum(axis=0) + 0.5) / (x.shape[0] + 1.0)
    prior_a = 1.0 + prior_strength * overall
    prior_b = 1.0 + prior_strength * (1.0 - overall)
    rng = np.random.default_rng(seed)
    best, finals = None, []
    for _ in range(int(n_restarts)):
        initial = rng.dirichlet(np.ones(int(n_classes)), size=x.shape[0])
        result = _em(x, initial, concentration, prior_a, prior_b, max_iter, tol)
        finals.append(result[4])
        if best is None or result[4] > best[4]:
            best = result
    weights, probabilities, responsibilities, log_likelihood, log_posterior, trace, ok = best
    return MixtureFit(weights=weights, probabilities=probabilities,
                      responsibilities=responsibilities, log_likelihood=log_likelihood,
                      log_posterior=log_posterior, seed=seed, n_iter=len(trace), converged=ok,
                      restart_log_posteriors=tuple(finals), trace=trace)
