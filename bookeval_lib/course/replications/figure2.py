"""Powers 2008's Figure 2: the measures of simulated tables against the informedness they were drawn with.

The design (:func:`stepped_informedness`: p_inf = 0, 0.1, ..., 1, ten tables each), the
seven measures the figure plots (:func:`figure2_measures`, and the ten averaged
variants of :func:`averaged_variants`), how well each tracks p_inf
(:func:`fit_statistics`, :func:`fit_standard_errors`, :func:`paired_mse_difference`,
:func:`rms_by_size`)
and the paper's claims checked with their Monte Carlo errors (:func:`figure2_claims`).
The tables come from the library's simulator, :func:`bookeval_lib.montecarlo.simulate_tables`.

References
----------
Powers 2008: "Evaluation Evaluation: a Monte Carlo study", ECAI 2008 (Figure 2).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ..._checks import positive_integer, probabilities
from ...averages import averaged_f_measure, averaged_g_measure, weighted_average

if TYPE_CHECKING:                       # type hints only; nothing imported at run time
    from collections.abc import Sequence

    from numpy.typing import ArrayLike

    from ...measures import BinaryTable

__all__ = [
    "stepped_informedness", "figure2_measures", "fit_statistics",
    "defined_everywhere", "fit_standard_errors", "rms_by_size", "paired_mse_difference",
    "CHANCE_CORRECTED", "averaged_variants", "figure2_claims",
]


def stepped_informedness(levels: int = 11, tables_per_level: int = 10, low: float = 0.0,
                         high: float = 1.0) -> np.ndarray:
    """p_inf for each table of the 2008 design: ``levels`` equally spaced values, each repeated.

    The defaults give Figure 2's 110 tables: p_inf = 0, 0.1, ..., 1, ten tables each.
    """
    levels = positive_integer(levels, "levels", minimum=2)
    tables_per_level = positive_integer(tables_per_level, "tables_per_level")
    probabilities(low, "low", low=-1.0)
    probabilities(high, "high", low=-1.0)
    return np.repeat(np.linspace(low, high, int(levels)), int(tables_per_level))


def figure2_measures(table: BinaryTable, weighting: str = "bias", wav_reading: str = "rand") -> dict:
    """The seven measures of Figure 2, name -> values, in the paper's order.

    Informedness, markedness, correlation (Matthews), kappa, Wav, Gav, Fav.
    """
    return {
        "informedness": np.asarray(table.informedness, dtype=float),
        "markedness": np.asarray(table.markedness, dtype=float),
        "correlation": np.asarray(table.matthews_correlation, dtype=float),
        "kappa": np.asarray(table.kappa, dtype=float),
        "Wav": np.asarray(weighted_average(table, wav_reading, weighting), dtype=float),
        "Gav": np.asarray(averaged_g_measure(table, weighting), dtype=float),
        "Fav": np.asarray(averaged_f_measure(table, weighting), dtype=float),
    }


# ---------------------------------------------------------------------- fit statistics
def fit_statistics(estimates: dict, target: ArrayLike) -> dict:
    """How well each estimate tracks ``target`` (p_inf, or another measure), table by table.

    ``estimates`` maps a name to an array of values, one per table; ``target``
    is an array of the same shape.  Only tables where both are defined count.
    Returns name -> dict with ``defined`` (number of tables), ``undefined``,
    ``bias`` = mean(x - t), ``rms`` = sqrt(mean((x - t)^2)), ``mae`` =
    mean|x - t| and ``correlation`` (Pearson, across tables, of x with t).
    """
    arrays, target = _estimate_arrays(estimates, target)
    rows = {}
    for name, values in arrays.items():
        defined = np.isfinite(values) & np.isfinite(target)
        error = values[defined] - target[defined]
        count = int(defined.sum())
        if count:
            x, t = values[defined], target[defined]
            spread = x.std() * t.std()
            correlation = float(np.mean((x - x.mean()) * (t - t.mean())) / spread) if spread > 0 else np.nan
            row = {"bias": float(error.mean()), "rms": float(np.sqrt(np.mean(error ** 2))),
                   "mae": float(np.abs(error).mean()), "correlation": correlation}
        else:
            row = dict.fromkeys(("bias", "rms", "mae", "correlation"), np.nan)
        rows[name] = {"defined": count, "undefined": int(values.size - count), **row}
    return rows


# ---------------------------------------------------------------------- Monte Carlo errors
def _estimate_arrays(estimates, target):
    """The estimates and the target as float arrays of one shape (ValueError naming a misfit)."""
    target = np.asarray(target, dtype=float)
    arrays = {}
    for name, values in estimates.items():
        values = np.asarray(values, dtype=float)
        if values.shape != target.shape:
            raise ValueError(f"{name} has shape {values.shape} but the target has {target.shape}")
        arrays[name] = values
    return arrays, target


def defined_everywhere(estimates: dict, target: ArrayLike) -> np.ndarray:
    """Boolean mask of the tables where the target and *every* estimate are finite.

    Restrict :func:`fit_statistics` to it to compare all measures on the same tables.
    """
    arrays, target = _estimate_arrays(estimates, target)
    mask = np.isfinite(target)
    for values in arrays.values():
        mask &= np.isfinite(values)
    return mask


def fit_standard_errors(estimates: dict, target: ArrayLike) -> dict:
    """Monte Carlo standard errors of the ``bias`` and ``rms`` of :func:`fit_statistics`.

    The tables are independent, so with errors e_i = x_i - t_i over the n defined
    tables, SE(bias) = sd(e)/sqrt(n) and, by the delta method on rms = sqrt(mean e^2),
    SE(rms) = sd(e^2) / (2 rms sqrt(n)).  Returns name -> {"tables", "bias_se", "rms_se"}.
    """
    arrays, target = _estimate_arrays(estimates, target)
    rows = {}
    for name, values in arrays.items():
        defined = np.isfinite(values) & np.isfinite(target)
        error = values[defined] - target[defined]
        count = error.size
        if count < 2:
            rows[name] = {"tables": count, "bias_se": np.nan, "rms_se": np.nan}
            continue
        rms = np.sqrt(np.mean(error ** 2))
        squared_se = np.std(error ** 2, ddof=1) / np.sqrt(count)
        rows[name] = {"tables": count, "bias_se": float(np.std(error, ddof=1) / np.sqrt(count)),
                      "rms_se": float(squared_se / (2 * rms)) if rms > 0 else 0.0}
    return rows


def rms_by_size(p_inf: ArrayLike, sizes: Sequence[int], *, seed: int,
                margin_range: tuple[float, float] = (0.0, 1.0), weighting: str = "bias",
                wav_reading: str = "rand") -> tuple[dict[str, list[float]], dict[str, list[float]], list[float]]:
    """Each measure's rms error against p_inf, as the cases per table grow (notebook 08b).

    Parameters
    ----------
    p_inf : array_like
        The probability of an informed decision of each simulated decision maker.
    sizes : sequence of int
        The numbers of cases per table N; every size reruns the same decision makers
        (the same ``seed``) with N cases.
    seed : int
        Seed of :func:`bookeval_lib.montecarlo.simulate_tables`.
    margin_range : (float, float)
        Range of the uniform prevalence and guessing bias.
    weighting, wav_reading : str
        As for :func:`figure2_measures`.

    Returns
    -------
    rms, rms_se : dict
        Measure name -> one rms error (and its Monte Carlo standard error,
        :func:`fit_standard_errors`) per size, on the tables where all seven
        measures are defined (:func:`defined_everywhere`).
    noise : list of float
        Per size, the binomial noise that theory predicts for informedness,
        sqrt(mean Var[B^ | RP]) over the same tables
        (:func:`bookeval_lib.montecarlo.informedness_sampling_variance`).
    """
    from ... import montecarlo as mc

    rms: dict[str, list[float]] = {}
    rms_se: dict[str, list[float]] = {}
    noise: list[float] = []
    for n in sizes:
        run = mc.simulate_tables(p_inf, seed=seed, n_cases=n, margin_range=margin_range)
        values = figure2_measures(run.table, weighting, wav_reading)
        kept = defined_everywhere(values, run.expected_informedness)
        chosen = {k: v[kept] for k, v in values.items()}
        target = run.expected_informedness[kept]
        fit, errors = fit_statistics(chosen, target), fit_standard_errors(chosen, target)
        for name in fit:
            rms.setdefault(name, []).append(fit[name]["rms"])
            rms_se.setdefault(name, []).append(errors[name]["rms_se"])
        variance = mc.informedness_sampling_variance(
            run.expected_informedness, run.guess_bias, run.table.real_positives,
            run.table.real_negatives)
        noise.append(float(np.sqrt(variance[kept].mean())))
    return rms, rms_se, noise


def paired_mse_difference(estimates: dict, target: ArrayLike, reference: str) -> dict:
    """Mean squared error of each estimate minus that of ``reference``, table by table.

    d_i = (x_i - t_i)^2 - (r_i - t_i)^2 over the tables where x, r and t are all
    defined; returns name -> {"tables", "difference" = mean(d), "standard_error" =
    sd(d)/sqrt(n)}.  Pairing on the same tables removes the noise the two share,
    so a difference many standard errors from 0 is not a Monte Carlo accident.
    """
    arrays, target = _estimate_arrays(estimates, target)
    reference = np.asarray(reference, dtype=float)
    if reference.shape != target.shape:
        raise ValueError(f"reference has shape {reference.shape} but the target has {target.shape}")
    rows = {}
    for name, values in arrays.items():
        defined = np.isfinite(values) & np.isfinite(target) & np.isfinite(reference)
        d = (values[defined] - target[defined]) ** 2 - (reference[defined] - target[defined]) ** 2
        count = d.size
        rows[name] = {"tables": count, "difference": float(d.mean()) if count else np.nan,
                      "standard_error": float(d.std(ddof=1) / np.sqrt(count)) if count > 1 else np.nan}
    return rows


# ---------------------------------------------------------------------- the paper's conclusions
#: The four chance-corrected measures of Figure 2 (0 for a guesser, in expectation).
CHANCE_CORRECTED = ("informedness", "markedness", "correlation", "kappa")


def averaged_variants(table: BinaryTable) -> dict:
    """Wav, Gav and Fav under every weighting and reading the course offers, name -> values.

    Names are "Wav (rand)" (Rand accuracy needs no weighting), "Wav (arithmetic, w)",
    "Gav (w)" and "Fav (w)" for w in :data:`averages.WEIGHTINGS`: ten variants.
    """
    from ...averages import WEIGHTINGS

    variants = {"Wav (rand)": np.asarray(weighted_average(table, "rand"), dtype=float)}
    for weighting in WEIGHTINGS:
        variants[f"Wav (arithmetic, {weighting})"] = np.asarray(
            weighted_average(table, "arithmetic", weighting), dtype=float)
    for name, function in (("Gav", averaged_g_measure), ("Fav", averaged_f_measure)):
        for weighting in WEIGHTINGS:
            variants[f"{name} ({weighting})"] = np.asarray(function(table, weighting), dtype=float)
    return variants


def figure2_claims(estimates: dict, target: ArrayLike, reference: str) -> list:
    """Powers 2008's conclusions as one-sided claims ``value > 0``, each with its standard error.

    ``estimates`` maps names to values per table and must hold the four
    :data:`CHANCE_CORRECTED` measures; every other entry is an *average* (Wav, Gav,
    Fav in some reading).  ``reference`` is the measure the model makes unbiased
    (informedness, or markedness in the dual model).  All claims use the same
    tables, those where every estimate and the target are defined
    (:func:`defined_everywhere`):

    1. the reference has a smaller rms error than each other estimate
       (value = mse(other) - mse(reference), :func:`paired_mse_difference`);
    2. kappa is closer to the correlation than to the target
       (value = mean[(t - kappa)^2 - (r - kappa)^2]);
    3. each average has a larger rms error than each chance-corrected measure;
    4. each average is biased upwards (value = mean(x - t), SE = sd/sqrt(n));
    5. the correlation has a smaller rms error than kappa and than the other of
       informedness and markedness (it comes second, after the reference).

    A claim holds at z standard errors when value > z * standard_error.
    Returns a list of dicts with ``claim``, ``value``, ``standard_error``, ``tables``.
    """
    arrays, target = _estimate_arrays(estimates, target)
    missing = [name for name in CHANCE_CORRECTED if name not in arrays]
    if missing or reference not in CHANCE_CORRECTED:
        raise ValueError(f"estimates must hold {', '.join(CHANCE_CORRECTED)} and reference must be "
                         f"one of them (missing {missing}, reference {reference!r})")
    mask = defined_everywhere(arrays, target)
    arrays = {name: values[mask] for name, values in arrays.items()}
    target = target[mask]
    averages = [name for name in arrays if name not in CHANCE_CORRECTED]
    claims = []

    def add(claim, row):
        claims.append({"claim": claim, "value": row["difference"],
                       "standard_error": row["standard_error"], "tables": row["tables"]})

    others = {name: values for name, values in arrays.items() if name != reference}
    for name, row in paired_mse_difference(others, target, arrays[reference]).items():
        add(f"rms error: {name} > {reference}", row)
    kappa = arrays["kappa"]
    row = paired_mse_difference({"target": target}, kappa, arrays["correlation"])["target"]
    add("kappa is closer to the correlation than to p_inf", row)
    for measure in CHANCE_CORRECTED:
        if measure == reference:
            continue
        rows = paired_mse_difference({name: arrays[name] for name in averages}, target,
                                     arrays[measure])
        for name, row in rows.items():
            add(f"rms error: {name} > {measure}", row)
    rivals = {name: arrays[name] for name in CHANCE_CORRECTED if name not in (reference, "correlation")}
    for name, row in paired_mse_difference(rivals, target, arrays["correlation"]).items():
        add(f"rms error: {name} > correlation", row)
    for name, row in fit_standard_errors({name: arrays[name] for name in averages}, target).items():
        claims.append({"claim": f"{name} is biased upwards", "standard_error": row["bias_se"],
                       "value": float(np.mean(arrays[name] - target)), "tables": row["tables"]})
    return claims
