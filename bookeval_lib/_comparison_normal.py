"""Normal draws of the sums a paired comparison needs, for large joint tables.

Used by :func:`bookeval_lib._comparison.compare_joint` with ``method="normal"``
(and by ``"auto"`` when the joint table is large): there, drawing the non-empty
cells (real c, A's label a, B's label b) of every resample costs
O(resamples x cells), about a minute for the 190,000 cells of 10^6 cases with
random errors among 100 classes.

Every measure of the comparison is a function of a classifier's *slots*: slot
l (l < K) counts its wrong predictions of label l, slot K + c its right
predictions in class c (the diagonal); its predicted-label counts are the sums
of slots l and K + l, and the real-class counts are fixed by the stratified
resampling.  So a resample needs only S = (A's 2K slots, B's 2K slots), and
each case adds e_i + e_(2K+j) to S (i its slot for A, j for B).

Bootstrap.  In class c the resample draws n_c cases from a distribution p_c
over (a, b) (the observed cells and the pseudo-cases, :mod:`comparison`), so S
is a sum of independent multinomial draws, with exactly

    E S = sum_c n_c mu_c,  Cov S = sum_c n_c (sum_(a,b) p_c(a, b) x x' - mu_c mu_c'),

x = e_i + e_(2K+j), mu_c = sum p_c(a, b) x.  The second moment is the diagonal
of the slot means plus the (A slot, B slot) cross block; both, and the
per-class means, are bincounts over the non-empty cells plus one dense K x 2K
term for the pseudo-cases (their labels are independent given the class, so
their part of the cross block is Q' diag(w) Q).  Never a cells x 4K matrix.

Sign flips.  A discordant pair cell (class c, labels {l, h}, n cases, f of them
with A saying l) moves A's slots by (Y - f)(e_g - e_s), Y ~ Bin(n, 1/2) under
H0 (g: A says l in class c; s: A says h), and B's by minus that.  So the
change D of A's slots is a sum of independent terms with exactly
E D = sum (n/2 - f)(e_g - e_s) and Cov D = sum (n/4)(e_g - e_s)(e_g - e_s)'.

The approximation.  S (or D) is drawn from the normal with that mean and
covariance (the central limit theorem for sums of independent multinomial and
binomial counts), and the measures are computed on each draw by the same code
as the exact draws, so their non-linearity is kept; what is lost is the
skewness and the lattice of the counts.  A 2.5 % limit moves by about
0.47 g s (Cornish-Fisher), s the measure's bootstrap sd and g its skewness,
which is at most the per-case term's skewness over sqrt(min n_c) (2.7/sqrt(n_c)
for a discordance of probability 0.1: 0.13 s at n_c = 100, 0.04 s at 1000);
the null tail's error is within the Berry-Esseen bound, about 1.1/sqrt(m) for
m discordant cases of similar weight.  A draw that strays out of the counts'
range (a count below 0, more right predictions than cases) is clipped to it
before the measures are computed.  All this is for large tables: on tens of
cases the normal is a poor model of a count of 2 or 3, and ``"auto"`` never
draws sums for fewer than 512 cases.  ``tests/test_compare_large.py`` checks
both against the exact draws and measures the coverage.

Cost: O(cells + K^2 + (4K)^3) once (bincounts, the K x 4K class means, the
eigen-decomposition of the 4K x 4K covariance) and O(resamples x 4K x rank)
for the draws, in chunks whose draws hold at most ``block`` numbers.  Memory:
a few (4K)^2 matrices (the covariance, its eigenvectors, the factor: 1.3 MB
each at K = 100, 128 MB at K = 1000) and the K x 4K class means, besides the
chunks; none grows with N or with the resamples.
"""
from __future__ import annotations

import numpy as np

__all__ = ["NormalBootstrap", "NormalSignFlips"]

_RANK_TOLERANCE = 1e-12     # eigenvalues below this share of the largest are rounding: dropped


class _Normal:
    """Draws of N(mean, cov) in chunks; cov symmetric positive semi-definite (possibly singular)."""

    def __init__(self, mean, cov, block):
        values, vectors = np.linalg.eigh(cov)
        keep = values > _RANK_TOLERANCE * max(float(values[-1]) if values.size else 0.0, 0.0)
        self.mean = mean
        self.factor = (vectors[:, keep] * np.sqrt(values[keep])).T          # (rank, d): cov = F'F
        self.size = max(1, block // max(mean.size, self.factor.shape[0], 1))

    def draw(self, size, rng):
        """(size, d) draws."""
        return self.mean + rng.standard_normal((size, self.factor.shape[0])) @ self.factor


class NormalBootstrap:
    """Normal draws of (A's slots, B's slots) of the smoothed, stratified, paired bootstrap.

    ``real, slot_a, slot_b, count``: the non-empty cells (real class, A's and B's slot in
    0 .. 2K - 1, cases); ``totals``: n_c per class; ``used``: the labels that occur (the
    pseudo-cases' labels); ``pseudo``: pseudo-cases per class.  A pseudo-case of class c
    gets label c with probability 1/2, else one of the other used labels at random, from
    A and from B independently.
    """

    def __init__(self, real: np.ndarray, slot_a: np.ndarray, slot_b: np.ndarray, count: np.ndarray,
                 totals: np.ndarray, used: np.ndarray, pseudo: float, block: int) -> None:
        k = totals.size
        width = 2 * k
        n = totals.astype(float)
        present = n > 0
        share = np.where(present, n / (n + pseudo), 0.0)             # n_c / (n_c + pseudo)
        weight = count * share[real]                                  # expected draws of each cell
        # the pseudo-cases: slot distribution q_c of one label (the same for A and B)
        q = np.zeros((k, width))
        if used.size == 1:
            q[used, k + used] = 1.0
        else:
            q[:, used] = 0.5 / (used.size - 1)
            q[np.arange(k), np.arange(k)] = 0.0
            q[np.arange(k), k + np.arange(k)] = 0.5
        q[~present] = 0.0
        expected_pseudo = pseudo * share                              # expected pseudo-case draws per class
        # per-class expected slots (K, 4K), and the sums of the second moments
        by_class = np.zeros((k, 2 * width))
        for j, slot in enumerate((slot_a, slot_b)):
            by_class[:, j * width:(j + 1) * width] = np.bincount(
                real * width + slot, weight, minlength=k * width).reshape(k, width) + expected_pseudo[:, None] * q
        mean = by_class.sum(axis=0)
        cross: np.ndarray = np.bincount(slot_a * width + slot_b, weight, minlength=width * width).reshape(width, width)
        cross += q.T @ (expected_pseudo[:, None] * q)
        cov: np.ndarray = np.diag(mean)
        cov[:width, width:] += cross
        cov[width:, :width] += cross.T
        inverse = np.where(present, 1.0 / np.where(present, n, 1.0), 0.0)
        cov -= by_class.T @ (inverse[:, None] * by_class)            # sum_c n_c mu_c mu_c'
        self.width = width
        self.mean, self.cov = mean, (cov + cov.T) / 2
        self._normal = _Normal(self.mean, self.cov, block)
        self.size = self._normal.size

    def margins(self, size: int, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
        """(size, 2K) slots of A and of B for ``size`` resamples."""
        draws = self._normal.draw(size, rng)
        return draws[:, :self.width], draws[:, self.width:]


class NormalSignFlips:
    """Normal draws of the change of A's 2K slots under the sign-flip null (B's is minus it).

    ``gain, loss, total, first``: per discordant pair cell, the slot that gains when A
    says the lower label, the slot that loses it, its cases, and the observed cases with
    A saying the lower label; ``width``: 2K.
    """

    def __init__(self, gain: np.ndarray, loss: np.ndarray, total: np.ndarray, first: np.ndarray, width: int,
                 block: int) -> None:
        total = total.astype(float)
        self.mean = (np.bincount(gain, total / 2 - first, minlength=width)
                     - np.bincount(loss, total / 2 - first, minlength=width))
        quarter = total / 4
        cov = (np.bincount(gain * width + gain, quarter, minlength=width * width)
               + np.bincount(loss * width + loss, quarter, minlength=width * width)
               - np.bincount(gain * width + loss, quarter, minlength=width * width)
               - np.bincount(loss * width + gain, quarter, minlength=width * width)).reshape(width, width)
        self.cov = cov
        self._normal = _Normal(self.mean, cov, block)
        self.size = self._normal.size

    def changes(self, size: int, rng: np.random.Generator) -> np.ndarray:
        """(size, 2K) changes of A's slots."""
        return self._normal.draw(size, rng)
