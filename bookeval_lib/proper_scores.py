"""How good a probability is as a probability: the Brier score, log loss, reliability and their comparison.

Informedness and the AUC judge decisions and rankings; a *proper scoring rule* judges the forecast
itself, and its expectation is smallest when the forecast is the true probability.  For a case of
class y with forecast probabilities q_k of each class k (o_k = 1 if y = k, else 0):

    Brier score   sum_k (q_k - o_k)^2            (two classes: (q - o)^2 of the positive class alone)
    log loss      -log q_y                       (two classes: -(o log q + (1 - o) log(1 - q)))

each averaged over the cases (Brier 1950; Good 1952).  Murphy (1973) splits the two-class Brier score
of forecasts grouped in bins into reliability - resolution + uncertainty; Stephenson, Coelho &
Jolliffe (2008) add the two within-bin terms that make the split exact for any binning.

References
----------
G. W. Brier 1950, "Verification of forecasts expressed in terms of probability", Monthly Weather Review 78:1-3.
I. J. Good 1952, "Rational decisions", Journal of the Royal Statistical Society B 14:107-114.
A. H. Murphy 1973, "A new vector partition of the probability score", Journal of Applied Meteorology 12:595-600.
D. B. Stephenson, C. A. S. Coelho & I. T. Jolliffe 2008, "Two extra components in the Brier score
decomposition", Weather and Forecasting 23:752-757.
F. X. Diebold & R. S. Mariano 1995, "Comparing predictive accuracy", Journal of Business & Economic
Statistics 13:253-263.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from . import _checks
from .results import Comparison, Significance, _finish, _Result

if TYPE_CHECKING:                       # type hints only; nothing imported at run time
    from typing import Any

    from numpy.typing import ArrayLike

__all__ = ["brier_score", "log_loss", "reliability_curve", "brier_decomposition", "compare_proper_scores",
           "ReliabilityCurve", "BrierDecomposition"]

#: The proper scores :func:`compare_proper_scores` knows.
_SCORES = ("brier_score", "log_loss")


# ---------------------------------------------------------------------- inputs
def _forecasts(y_true, y_proba, pos_label, labels):
    """(o, q): the indicator matrix of the real classes and the forecast matrix, both (N, K), checked.

    A 1-D ``y_proba`` is the probability of the positive class of a two-class problem (``pos_label``,
    as :func:`bookeval_lib.roc.roc_curve` takes it); a 2-D one has a column per class, in the order of
    ``labels`` (default: the sorted labels of ``y_true``, as scikit-learn orders ``predict_proba``).
    """
    proba = _checks.probabilities(y_proba, "y_proba")
    if proba.ndim == 1:
        from .roc import _positive_mask
        if labels is not None:
            raise ValueError("labels must be None when y_proba is 1-D (the probability of pos_label); "
                             "give a column per class to name the classes")
        positive = _positive_mask(y_true, pos_label)
        if positive.size != proba.size:
            raise ValueError(f"y_proba has {proba.size} probabilities but y_true has {positive.size} labels")
        if positive.size == 0:
            raise ValueError("y_true and y_proba are empty")
        return (np.column_stack((~positive, positive)).astype(float), np.column_stack((1.0 - proba, proba)))
    if proba.ndim != 2:
        raise ValueError(f"y_proba must be 1-D (two classes) or 2-D (a column per class), got shape {proba.shape}")
    if pos_label is not None:
        raise ValueError("pos_label must be None when y_proba has a column per class")
    names, (codes,) = _checks.label_codes([(y_true, "y_true")], labels=labels)
    if codes.size == 0:
        raise ValueError("y_true and y_proba are empty")
    if proba.shape != (codes.size, len(names)):
        raise ValueError(f"y_proba must have shape ({codes.size}, {len(names)}): a row per case of y_true and a "
                         f"column per class ({names!r}{'' if labels is not None else ', pass labels= to name more'}), "
                         f"got {proba.shape}")
    total = proba.sum(axis=1)
    off = np.flatnonzero(np.abs(total - 1.0) > 1e-6)
    if off.size:
        raise ValueError(f"each row of y_proba must sum to 1, got {total[off[0]]!r} in row {int(off[0])}")
    indicator = np.zeros(proba.shape)
    indicator[np.arange(codes.size), codes] = 1.0
    return indicator, proba


def _weights(sample_weight, size):
    weight = _checks.sample_weights(sample_weight, size)
    if weight is not None and not weight.sum() > 0:
        raise ValueError("sample_weight must have a positive sum")
    return weight


def _losses(score, y_true, y_proba, pos_label, labels):
    """The loss of each case under ``score``; with two classes the Brier score is that of one column (half
    the sum over both, as scikit-learn's ``scale_by_half="auto"``)."""
    indicator, proba = _forecasts(y_true, y_proba, pos_label, labels)
    if score == "brier_score":
        squared = (proba - indicator) ** 2
        return squared[:, 1] if proba.shape[1] == 2 else squared.sum(axis=1)   # two classes: one column
    eps = np.finfo(float).eps                   # scikit-learn's clip, so that a 0 for the real class is finite
    return -np.log(np.clip(np.sum(proba * indicator, axis=1), eps, 1.0 - eps))


# ---------------------------------------------------------------------- the scores
def brier_score(y_true: ArrayLike, y_proba: ArrayLike, *, pos_label: Any = None, labels: ArrayLike | None = None,
                sample_weight: ArrayLike | None = None) -> float:
    """The Brier score: the mean squared difference between forecast probabilities and what happened.

    Two classes: mean (q_i - o_i)^2, q_i the probability of the positive class and o_i = 1 for a positive
    case, so 0 for a perfect forecast, 1/4 for always saying 1/2 and 1 for the worst (half of Brier's
    sum over both classes).  K >= 3 classes (``y_proba`` of shape (N, K)): mean sum_k (q_ik - o_ik)^2,
    between 0 and 2 (Brier 1950).  Equal to ``sklearn.metrics.brier_score_loss`` (its default
    ``scale_by_half="auto"``).

    Parameters
    ----------
    y_true : array-like of shape (N,)
        The real class of each case.
    y_proba : array-like of shape (N,) or (N, K)
        Forecast probabilities: of the positive class (1-D), or of each class (2-D, a row per case summing
        to 1, the columns in the order of ``labels``), as ``predict_proba`` returns them.
    pos_label : label, optional
        The positive class when ``y_proba`` is 1-D; may be omitted for 0/1 or boolean labels.
    labels : array-like of shape (K,), optional
        The classes of the columns of a 2-D ``y_proba``; default: the sorted labels of ``y_true``.
    sample_weight : array-like of shape (N,), optional
        A non-negative weight per case; the score is then the weighted mean.

    Returns
    -------
    float
        The Brier score.

    Raises
    ------
    ValueError
        If a probability is outside [0, 1], a row of a 2-D ``y_proba`` does not sum to 1, the shapes
        disagree, or the labels fail the package's label check.

    Examples
    --------
    Forecasts 0.9, 0.2, 0.6 for cases that were positive, negative, negative: the squared errors are
    0.01, 0.04 and 0.36, whose mean is 0.41/3 = 0.13667.

    >>> round(brier_score([1, 0, 0], [0.9, 0.2, 0.6]), 5)
    0.13667
    """
    losses = _losses("brier_score", y_true, y_proba, pos_label, labels)
    return float(np.average(losses, weights=_weights(sample_weight, losses.size)))


def log_loss(y_true: ArrayLike, y_proba: ArrayLike, *, pos_label: Any = None, labels: ArrayLike | None = None,
             sample_weight: ArrayLike | None = None) -> float:
    """The log loss (cross-entropy): the mean of -log of the probability forecast for what happened.

    Case i of real class y_i with forecast q_i(y_i) loses -log q_i(y_i) (natural logarithm; Good 1952);
    with a 1-D ``y_proba`` that is -(o log q + (1 - o) log(1 - q)).  A probability of 0 for the class that
    occurred would lose infinitely much: as ``sklearn.metrics.log_loss``, to which this is equal, every
    probability is clipped to [eps, 1 - eps] (eps = 2.2e-16), so such a case loses 36.04.

    Parameters
    ----------
    y_true : array-like of shape (N,)
        The real class of each case.
    y_proba : array-like of shape (N,) or (N, K)
        Forecast probabilities: of the positive class (1-D), or of each class (2-D, a row per case summing
        to 1, the columns in the order of ``labels``).
    pos_label : label, optional
        The positive class when ``y_proba`` is 1-D; may be omitted for 0/1 or boolean labels.
    labels : array-like of shape (K,), optional
        The classes of the columns of a 2-D ``y_proba``; default: the sorted labels of ``y_true``.
    sample_weight : array-like of shape (N,), optional
        A non-negative weight per case; the loss is then the weighted mean.

    Returns
    -------
    float
        The mean log loss, in nats.

    Raises
    ------
    ValueError
        As :func:`brier_score`.

    Examples
    --------
    Forecasts 0.9, 0.2, 0.6 for positive, negative, negative: the losses are -ln 0.9, -ln 0.8 and
    -ln 0.4, that is 0.10536, 0.22314 and 0.91629, whose mean is 0.41493.

    >>> round(log_loss([1, 0, 0], [0.9, 0.2, 0.6]), 5)
    0.41493
    """
    losses = _losses("log_loss", y_true, y_proba, pos_label, labels)
    return float(np.average(losses, weights=_weights(sample_weight, losses.size)))


# ---------------------------------------------------------------------- reliability
def _bin_index(proba, n_bins, strategy):
    """(index of each case's bin, the bins' edges): scikit-learn's ``calibration_curve`` binning."""
    n_bins = int(_checks.positive_integer(n_bins, "n_bins"))
    if strategy == "uniform":
        edges = np.linspace(0.0, 1.0, n_bins + 1)
    elif strategy == "quantile":
        edges = np.percentile(proba, np.linspace(0.0, 100.0, n_bins + 1))
    else:
        raise ValueError(f"strategy must be 'uniform' or 'quantile', got {strategy!r}")
    return np.searchsorted(edges[1:-1], proba), edges


@dataclass(frozen=True, eq=False)
class ReliabilityCurve(_Result):
    """The points of a reliability diagram, one per bin of forecast probability, empty bins included.

    Attributes
    ----------
    mean_predicted : ndarray
        The mean forecast probability of the cases in each bin (nan for an empty bin).
    observed : ndarray
        The share of positive cases in each bin (nan for an empty bin).
    counts : ndarray
        The number (or total weight) of cases in each bin.
    edges : ndarray
        The bins' edges, ``n_bins + 1`` of them.
    """

    mean_predicted: np.ndarray
    observed: np.ndarray
    counts: np.ndarray
    edges: np.ndarray

    def __format__(self, spec):
        spec = spec or ".3f"
        rows = [f"{'bin':>17s} {'cases':>8s} {'predicted':>10s} {'observed':>9s}"]
        for low, high, count, predicted, observed in zip(self.edges[:-1], self.edges[1:], self.counts,
                                                         self.mean_predicted, self.observed):
            rows.append(f"[{low:{spec}}, {high:{spec}}] {count:8g} {predicted:10{spec}} {observed:9{spec}}")
        return "\n".join(rows)


def reliability_curve(y_true: ArrayLike, y_proba: ArrayLike, *, pos_label: Any = None, n_bins: int = 10,
                      strategy: str = "uniform", sample_weight: ArrayLike | None = None) -> ReliabilityCurve:
    """The reliability diagram's points with the number of cases behind each.

    The forecasts of the positive class are put in ``n_bins`` bins; for each bin, the mean forecast
    against the share of positives.  A calibrated forecaster's points lie on the diagonal, within the
    binomial noise of each bin's count, which is why the counts are returned.  The bins are those of
    ``sklearn.calibration.calibration_curve``, whose two arrays are ``observed`` and ``mean_predicted``
    without the empty bins.

    Parameters
    ----------
    y_true : array-like of shape (N,)
        The real class of each case (two classes).
    y_proba : array-like of shape (N,)
        The forecast probability of the positive class.
    pos_label : label, optional
        The positive class; may be omitted for 0/1 or boolean labels.
    n_bins : int, default 10
        The number of bins.
    strategy : {"uniform", "quantile"}, default "uniform"
        Bins of equal width on [0, 1], or bins holding about equally many cases (edges at the quantiles
        of ``y_proba``).
    sample_weight : array-like of shape (N,), optional
        A non-negative weight per case: counts become total weights, means weighted means.

    Returns
    -------
    ReliabilityCurve
        ``mean_predicted``, ``observed``, ``counts`` and ``edges``.

    Raises
    ------
    ValueError
        If ``y_proba`` is not 1-D, a probability is outside [0, 1], ``n_bins`` is not a positive whole
        number or ``strategy`` is unknown.

    Examples
    --------
    Four cases in two bins: [0, 0.5) holds 0.1 (negative) and 0.3 (positive), so it predicts 0.2 on
    average and observes 1/2; [0.5, 1] holds 0.6 and 0.8, both positive.

    >>> curve = reliability_curve([0, 1, 1, 1], [0.1, 0.3, 0.6, 0.8], n_bins=2)
    >>> curve.mean_predicted.round(3).tolist(), curve.observed.tolist(), curve.counts.tolist()
    ([0.2, 0.7], [0.5, 1.0], [2.0, 2.0])
    """
    if np.ndim(y_proba) != 1:
        raise ValueError(f"y_proba must be 1-D, the probability of the positive class, got shape {np.shape(y_proba)}")
    indicator, proba = _forecasts(y_true, y_proba, pos_label, None)
    outcome, forecast = indicator[:, 1], proba[:, 1]
    weight = _weights(sample_weight, forecast.size)
    weight = np.ones_like(forecast) if weight is None else weight
    index, edges = _bin_index(forecast, n_bins, strategy)
    size = edges.size - 1
    counts = np.bincount(index, weights=weight, minlength=size)
    with np.errstate(invalid="ignore", divide="ignore"):
        predicted = np.bincount(index, weights=weight * forecast, minlength=size) / counts
        observed = np.bincount(index, weights=weight * outcome, minlength=size) / counts
    empty = counts == 0
    predicted[empty] = observed[empty] = np.nan
    return ReliabilityCurve(predicted, observed, counts, edges)


@dataclass(frozen=True, eq=False)
class BrierDecomposition(_Result):
    """The two-class Brier score split into what binned forecasts explain (Murphy 1973; Stephenson et al. 2008).

    ``brier = reliability - resolution + uncertainty + within_bin_variance - within_bin_covariance``,
    exactly.

    Attributes
    ----------
    brier : float
        The Brier score.
    reliability : float
        sum_k n_k (mean forecast_k - observed share_k)^2 / N: how far the bins lie from the diagonal
        (0 for a calibrated forecaster; smaller is better).
    resolution : float
        sum_k n_k (observed share_k - prevalence)^2 / N: how much the bins' outcomes differ from the
        overall prevalence (larger is better).
    uncertainty : float
        prevalence (1 - prevalence): the Brier score of forecasting the prevalence for every case, which
        depends on the data alone.
    within_bin_variance, within_bin_covariance : float
        (1/N) sum_k sum_i (q_i - mean forecast_k)^2 and (2/N) sum_k sum_i (q_i - mean forecast_k)(o_i -
        observed share_k): both 0 when each bin holds one forecast value.
    """

    brier: float
    reliability: float
    resolution: float
    uncertainty: float
    within_bin_variance: float
    within_bin_covariance: float

    def __format__(self, spec):
        spec = spec or ".4f"
        text = (f"Brier {self.brier:{spec}} = reliability {self.reliability:{spec}} - resolution "
                f"{self.resolution:{spec}} + uncertainty {self.uncertainty:{spec}}")
        if self.within_bin_variance or self.within_bin_covariance:
            text += (f" + within-bin variance {self.within_bin_variance:{spec}} - within-bin covariance "
                     f"{self.within_bin_covariance:{spec}}")
        return text


def brier_decomposition(y_true: ArrayLike, y_proba: ArrayLike, *, pos_label: Any = None,
                        n_bins: int | None = None, strategy: str = "uniform") -> BrierDecomposition:
    """Murphy's split of the two-class Brier score: reliability - resolution + uncertainty.

    With each distinct forecast value a bin of its own (``n_bins=None``, the default) the split is
    exact (Murphy 1973); forecasts grouped in ``n_bins`` bins (as :func:`reliability_curve` groups
    them) add a within-bin variance and covariance that keep it exact (Stephenson, Coelho & Jolliffe
    2008).

    Parameters
    ----------
    y_true : array-like of shape (N,)
        The real class of each case (two classes).
    y_proba : array-like of shape (N,)
        The forecast probability of the positive class.
    pos_label : label, optional
        The positive class; may be omitted for 0/1 or boolean labels.
    n_bins : int, optional
        Group the forecasts in this many bins; default: one bin per distinct forecast.
    strategy : {"uniform", "quantile"}, default "uniform"
        How the bins are cut when ``n_bins`` is given (see :func:`reliability_curve`).

    Returns
    -------
    BrierDecomposition
        The score and its five terms.

    Raises
    ------
    ValueError
        As :func:`reliability_curve`.

    Examples
    --------
    Forecasts 0.2, 0.2, 0.8, 0.8 for outcomes 0, 1, 1, 1: Brier = (0.04 + 0.64 + 0.04 + 0.04)/4 = 0.19;
    the 0.2-bin observes 1/2 and the 0.8-bin 1, so reliability = (2 (0.3)^2 + 2 (0.2)^2)/4 = 0.065;
    prevalence 3/4 gives uncertainty 3/16 = 0.1875 and resolution = (2 (1/4)^2 + 2 (1/4)^2)/4 = 0.0625;
    0.065 - 0.0625 + 0.1875 = 0.19.

    >>> print(brier_decomposition([0, 1, 1, 1], [0.2, 0.2, 0.8, 0.8]))
    Brier 0.1900 = reliability 0.0650 - resolution 0.0625 + uncertainty 0.1875
    """
    if np.ndim(y_proba) != 1:
        raise ValueError(f"y_proba must be 1-D, the probability of the positive class, got shape {np.shape(y_proba)}")
    indicator, proba = _forecasts(y_true, y_proba, pos_label, None)
    outcome, forecast = indicator[:, 1], proba[:, 1]
    if n_bins is None:
        values, index = np.unique(forecast, return_inverse=True)
    else:
        index = _bin_index(forecast, n_bins, strategy)[0]
    size, total = int(index.max()) + 1, forecast.size
    counts = np.bincount(index, minlength=size)
    used = counts > 0
    mean_forecast = np.zeros(size)
    share = np.zeros(size)
    if n_bins is None:                  # a bin per value: its mean is the value, with no rounding
        mean_forecast = values
    else:
        mean_forecast[used] = np.bincount(index, weights=forecast, minlength=size)[used] / counts[used]
    share[used] = np.bincount(index, weights=outcome, minlength=size)[used] / counts[used]
    prevalence = outcome.mean()
    forecast_spread = forecast - mean_forecast[index]
    return BrierDecomposition(
        brier=float(np.mean((forecast - outcome) ** 2)),
        reliability=float(np.sum(counts * (mean_forecast - share) ** 2) / total),
        resolution=float(np.sum(counts * (share - prevalence) ** 2) / total),
        uncertainty=float(prevalence * (1.0 - prevalence)),
        within_bin_variance=float(np.sum(forecast_spread ** 2) / total),
        within_bin_covariance=float(2.0 * np.sum(forecast_spread * (outcome - share[index])) / total))


# ---------------------------------------------------------------------- two forecasters on the same cases
def _mean_interval(values, confidence, bounds, measure, method):
    """mean +- t_{N-1} s / sqrt(N): Student's interval of the mean of per-case values."""
    from scipy.stats import t
    n = values.size
    estimate = float(values.mean())
    half = float(t.ppf((1.0 + confidence) / 2.0, n - 1) * values.std(ddof=1) / np.sqrt(n))
    return _finish(estimate - half, estimate + half, estimate, method, confidence, False, None, bounds=bounds,
                   measure=measure)


def compare_proper_scores(y_true: ArrayLike, y_proba_a: ArrayLike, y_proba_b: ArrayLike, *,
                          score: str = "brier_score", pos_label: Any = None, labels: ArrayLike | None = None,
                          confidence: float = 0.95) -> Comparison:
    """Two forecasters on the same cases: the paired interval and test of the difference of a proper score.

    Each case i has a loss under each forecaster; their difference d_i = loss_A(i) - loss_B(i) is paired
    by the case, so the comparison is Student's one-sample t on the d_i: mean(d) +- t_{N-1} s_d/sqrt(N)
    and t = mean(d) / (s_d/sqrt(N)) on N - 1 degrees of freedom (the test of Diebold & Mariano 1995 for
    cases drawn independently).  A negative difference means A forecasts better (a lower loss).  The
    cases are taken as drawn independently from the population the score is about; the t interval of a
    mean of per-case losses relies on the central limit theorem, so it wants tens of cases at least, more
    when a few cases carry most of the loss (log loss near a probability of 0).

    Parameters
    ----------
    y_true : array-like of shape (N,)
        The real class of each case.
    y_proba_a, y_proba_b : array-like of shape (N,) or (N, K)
        The two forecasters' probabilities, as :func:`brier_score` takes them.
    score : {"brier_score", "log_loss"}, default "brier_score"
        The proper score compared.
    pos_label : label, optional
        The positive class when the forecasts are 1-D.
    labels : array-like of shape (K,), optional
        The classes of the columns of 2-D forecasts.
    confidence : float, default 0.95
        The confidence level of the intervals.

    Returns
    -------
    Comparison
        ``estimate_a``, ``estimate_b`` the two scores with their t intervals ``interval_a``,
        ``interval_b``; ``difference`` the interval of score(A) - score(B); ``test`` the paired t test
        (two-sided; nan when every case has the same difference).

    Raises
    ------
    ValueError
        If ``score`` is not one of the two, the case count is below 2, or an input fails the checks of
        :func:`brier_score`.

    Examples
    --------
    Forecaster A says 0.8, 0.3, 0.6, 0.1 and B says 0.5 for each of four cases, outcomes 1, 0, 1, 0.
    A's squared errors are 0.04, 0.09, 0.16, 0.01 (Brier 0.075), B's 0.25 each (Brier 0.25), so the
    differences are -0.21, -0.16, -0.09, -0.24 with mean -0.175 and standard deviation 0.06557;
    t = -0.175 / (0.06557/2) = -5.337 on 3 degrees of freedom, p = 0.0129.

    >>> result = compare_proper_scores([1, 0, 1, 0], [0.8, 0.3, 0.6, 0.1], [0.5] * 4)
    >>> round(result.estimate_a, 4), round(result.estimate_b, 4), round(float(result.test.statistic), 3)
    (0.075, 0.25, -5.337)
    >>> round(float(result.test.pvalue), 4)
    0.0129
    """
    from scipy.stats import t as student
    if score not in _SCORES:
        raise ValueError(f"score must be one of {', '.join(map(repr, _SCORES))}, got {score!r}")
    confidence = _checks.confidence(confidence)
    losses_a = _losses(score, y_true, y_proba_a, pos_label, labels)
    losses_b = _losses(score, y_true, y_proba_b, pos_label, labels)
    if np.ndim(y_proba_a) != np.ndim(y_proba_b):
        raise ValueError("y_proba_a and y_proba_b must both be 1-D or both 2-D")
    n = losses_a.size
    if n < 2:
        raise ValueError(f"a paired comparison needs at least 2 cases, got {n}")
    two_classes = np.ndim(y_proba_a) == 1 or np.shape(y_proba_a)[1] == 2
    top = np.inf if score == "log_loss" else (1.0 if two_classes else 2.0)   # the most one case can lose
    method = "paired t"
    interval_a = _mean_interval(losses_a, confidence, (0.0, top), score, "t")
    interval_b = _mean_interval(losses_b, confidence, (0.0, top), score, "t")
    d = losses_a - losses_b
    difference = _mean_interval(d, confidence, (-top, top), None, method)
    spread = d.std(ddof=1)
    if spread > 0:
        statistic = float(d.mean() / (spread / np.sqrt(n)))
        test = Significance(statistic, float(2.0 * student.sf(abs(statistic), n - 1)), method, False)
    else:
        test = Significance(np.nan, np.nan, method, True,
                            "every case has the same difference of loss: no variance to test against")
    return Comparison(score, float(losses_a.mean()), float(losses_b.mean()), difference, interval_a, interval_b,
                      test)
