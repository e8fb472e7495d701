"""Two classifiers scored on the same cases: the one comparison engine.

:func:`bookeval_lib.uncertainty.compare_predictions` (K classes, any measure) calls
:func:`compare_joint`.

The joint counts.  Everything works on n(c, a, b), the number of cases of real
class c to which classifier A gave label a and classifier B label b.  At most
min(N, K^3) cells are non-empty; no resample is ever expanded into N cases.

Intervals: a smoothed, class-stratified, paired bootstrap.  A resample keeps the
test set's composition: the n_c cases of real class c are drawn with
replacement, each keeping both of its predictions, so the cells of class c are
one multinomial draw.  Each class also holds two *pseudo-cases*: a draw picks
one of the n_c + 2 with equal probability, and a pseudo-case gets from A the
right label with probability 1/2, else one of the other labels at random (of
those that occur as a class or a prediction), and from B the same, independently.  For two classes this adds 1/2 to each cell
of the class's paired 2x2 table (A right/wrong by B right/wrong; Agresti & Min
2005) and one success and one failure to each classifier's recall of the class
(Agresti & Caffo 2000).  Without them the bootstrap collapses to a point where a
class is classified perfectly, or where A and B agree on every case ([1, 1] for
a perfect classifier on 30 cases), although the population's value need not be
there.

The limits: bias-corrected percentiles.  The pseudo-cases pull every resampled
recall towards 1/2, by (1 - 2r)/(n_c + 2) for a recall r, in the same
direction in every class; and a measure may itself be biased (the K-class
informedness upward, by about sum_l r_l (1 - r_l)/N: +0.024 at 60 classes of 10
cases with recalls 0.5, about one standard error).  The plain percentile
interval carries the pull and doubles the bias (its resamples are biased again
about a biased estimate), and neither shrinks with N while the interval does: it
covered 0.61 at 10 classes of 30 cases with accuracy 0.95, and 0.01 for the
difference at 60 classes of 10.  So the resamples are read against the world
they are drawn from: theta_s, the measure of the smoothed bootstrap's expected
table (each class's cells and pseudo-cases, weighted as drawn), is that world's
value, and mean(theta*) - theta_s estimates the measure's bias (the pull does
not enter it).  The limits are the (1 -+ confidence)/2 percentiles ("inverted
cdf" order statistics) of the resamples moved by (theta_hat - theta_s) -
2 (mean(theta*) - theta_s): the world's interval carried to the estimate
theta_hat and centred on theta_hat minus the bias.  (Efron's BC interval, at
levels Phi(2 z0 -+ 1.96), does the same for a normal theta*, but with z0 near -1
at 60 x 10 its lower level is Phi(-3.96), beyond the reach of 999 resamples.)
A limit beyond the measure's range is moved to it (``clipped``), and an
interval is widened, if need be, to hold its estimate.  The estimates are the
measures of the observed tables, without pseudo-cases or correction.  Coverage
measured (400 test sets a setting, balanced classes, errors uniform over the
other labels; informedness, markedness, MCC, macro F1; 999 resamples): 0.93-1.00
from 2 classes of 15 to 100 classes of 10, with accuracies up to 0.98, but for
the difference at 10 classes of 100 cases (0.915-0.925, as the plain percentile
interval: its own shortfall) and at 100 classes of 10 with accuracies 0.7 and
0.6 (0.92-0.94); standard error 0.011 (``tests/test_compare.py``,
``tests/test_compare_coverage.py``).
Where a classifier is near perfect the world's recalls are pulled towards 1/2,
so its spread is wider than the population's: there the intervals are
conservative (0.98-1.00).  A resample on which a measure is undefined
(markedness where a label is never predicted) is left out; if more than half
are, the interval is nan.  Both ways of drawing (cells, normal sums) follow this
rule, so they agree where the cell draws lose a rarely predicted label.

The interval and the test are not duals: the test's null is exchangeability
within each class (sign flips), the interval resamples cases, and either may
exclude 0 while the other does not.  With 20 + 80 cases (A: tpr 0.8, B: tpr
0.55, both fpr 0.1; 300 seeded test sets, 999 resamples) the interval of
Delta B excluded 0 while the test gave p >= 0.05 in 9.7 % of the test sets
(the test rejected in 85, the interval excluded 0 in 114; the interval covered
the true Delta B in 0.94 of 400).

Test: a class-stratified paired sign-flip test.  H0: within each real class the
two predictions of a case are exchangeable, Pr(A says a, B says b | c) =
Pr(A says b, B says a | c) for all a, b, c, cases independent.  Then swapping A
and B in every case leaves the distribution of the data unchanged, so
Delta = measure(A) - measure(B) is symmetric about 0 and E[Delta] = 0, for
every measure.  For two classes H0 is "the same tpr and the same fpr"; for K
classes it is the symmetry of each class's (A, B) table (Bowker's hypothesis,
which implies equal expected confusion matrices).  Equal informedness with tpr
and fpr both moved is *not* H0.  Given the unordered pair of predictions of each
case, under H0 each discordant case is (a, b) or (b, a) with probability 1/2
independently: Bin(n, 1/2) of the n cases of a cell (c, a, b), a != b, swap.
The two-sided p-value Pr(|Delta*| >= |Delta|) over those swaps is

* exact for two classes and informedness: with b_c, c_c the cases of class c
  right only for A, only for B, and d_c = b_c + c_c,
  Delta B = (b_1 - c_1)/RP + (b_0 - c_0)/RN, and under H0 b_c ~ Bin(d_c, 1/2)
  independently; the convolution is summed over one binomial (the other enters
  through its cdf), on the integer numerators Delta B RP RN, so ties are exact
  (terms beyond 40 standard deviations, of total mass below 1e-300, are left out);
* exact for two classes and any other measure when the grid of (b_1, b_0) has at
  most 2^16 points;
* otherwise Monte Carlo: ``n_resamples`` draws of the swaps, p = (1 + hits)/(1 +
  draws) (Phipson & Smyth 2010), with the Monte Carlo standard error
  sqrt(p(1 - p)/draws) in :attr:`Comparison.test_error`.

A null draw on which the measure is undefined is left out, which keeps the
test exact conditionally on the measure being defined.  A null value within
1e-12 max(1, |Delta|) of |Delta| counts as a tie (the measures' formulas round
by less than 1e-14 here).  McNemar's (1947) test of the right-only-for-A
against right-only-for-B cases is kept under its real name,
:attr:`Comparison.equal_accuracy_test`: its null is equal *accuracy*, which
weights the classes by RP/N and RN/N, whereas informedness weights them by 1/RP
and 1/RN, so with unequal classes the two can disagree even in sign.

Memory and time.  A resampled or null table is held as its margins, the 2K
numbers the measures need (every measure here is a function of n(P = l),
n(R = c) and the diagonal), never as a K x K table and never as cases.  The
bootstrap and the Monte Carlo test run in chunks of resamples sized so that
the largest array of a chunk has at most ``_BLOCK`` = 2^20 elements (8 MB) on
average; a chunk holds about a dozen such arrays, so the peak is about 100 MB
whatever N and ``n_resamples`` (``benchmarks/bench_compare.py`` measures it),
besides O(N) for reading the labels once.  Time is O(n_resamples x (K +
non-empty cells)), a cell of fewer than 8 cases being drawn case by case and a
larger one by one binomial draw of the class's multinomial; the number of
non-empty cells is at most min(N, K^3) and is what makes a comparison slow
(uniformly random errors at K = 100 fill far more cells than errors between a
few similar classes: 190,000 cells at N = 10^6, about a minute of draws).

Large tables: normal draws of the sums (``method="normal"``, and ``"auto"``
above 2^9 non-empty cells and 2^20 cells x n_resamples, so never below 512
cases, where it is also the cheaper: :func:`compare_joint`).  A resample enters
the measures only through S = (A's 2K slots, B's 2K slots), a sum of
independent multinomial draws (and the null through the change of A's slots,
a sum of binomial swaps) whose exact mean and covariance cost one pass over the
cells; S is drawn from that normal and the measures computed on it, losing
only the sums' skewness and lattice (formulas, cost and error:
:mod:`bookeval_lib.comparison_normal`).  Exact two-class tests stay exact.

References: Agresti & Caffo 2000, The American Statistician 54:280-288;
Agresti & Min 2005, "Simple improved confidence intervals for comparing
matched proportions", Statistics in Medicine 24:729-740; Bowker 1948, JASA
43:572-574; McNemar 1947, Psychometrika 12:153-157; Phipson & Smyth 2010,
Statistical Applications in Genetics and Molecular Biology 9:39.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from . import _checks
from ._comparison_normal import NormalBootstrap, NormalSignFlips
from .results import Comparison, Interval, Significance, _reason, _scalar_or_array

if TYPE_CHECKING:                       # type hints only; nothing imported at run time
    from collections.abc import Callable

    from numpy.typing import ArrayLike

__all__ = ["compare_joint"]

_BLOCK = 1 << 20        # elements of the largest array one chunk allocates
_PSEUDO_CASES = 2       # per real class, in the bootstrap
_SMALL_CELL = 8         # cells with fewer cases are resampled case by case
_PAD = 4                # one padded multinomial for all classes if it draws at most 4x the cells
_EXACT_GRID = 1 << 16   # two classes: grid points of (b_1, b_0) enumerated exactly
_TIE = 1e-12            # relative tolerance of a tie with the observed difference
_NORMAL_CELLS = 1 << 9   # method="auto": normal draws of the sums above this many non-empty cells
_NORMAL_BUDGET = 1 << 20  # ... and above this many cells x resamples (about 0.2 s of cell draws)
_NORMAL_COST = 1 << 8     # ... and where a cell draw costs this many multiply-adds of the normal draws


# ---------------------------------------------------------------------- the joint counts
class _Joint:
    """The non-empty cells (real c, A's label a, B's label b) with their counts, sorted by c.

    A classifier's table enters the measures through its margins only: n(P = l) per
    label, n(P = l, R = l) per class (the diagonal) and n(R = c) per class, which the
    class-stratified bootstrap and the sign flips both keep fixed.  So a resample is
    held as 2K numbers per classifier ("slots"): slot l counts the wrong predictions
    of label l, slot K + c the right predictions in class c; then n(P = l) is the sum
    of slots l and K + l, and the diagonal is slots K..2K - 1.  Each case adds to one
    slot.  Never a K x K table.
    """

    def __init__(self, real, a, b, k, weight):
        code = (real.astype(np.int64) * k + a) * k + b
        if k ** 3 <= 4 * code.size + 4096:
            counts = np.bincount(code, weights=weight, minlength=k ** 3)
            cells = np.flatnonzero(counts)
            counts = counts[cells]
        else:
            cells, inverse = np.unique(code, return_inverse=True)
            counts = np.bincount(inverse, weights=weight, minlength=cells.size)
            cells, counts = cells[counts > 0], counts[counts > 0]
        self.k = k
        self.width = 2 * k
        self.count = np.rint(counts).astype(np.int64)
        self.real, rest = np.divmod(cells, k * k)
        self.a, self.b = np.divmod(rest, k)
        self.totals = np.bincount(self.real, self.count, minlength=k).astype(np.int64)

    def slots(self, labels, real=None):
        """The slot of each cell (or case) with these labels and real classes."""
        real = self.real if real is None else real
        return np.where(labels == real, self.k + real, labels)

    def margins(self, labels):
        """(1, 2K) slots of the observed classifier whose labels are ``labels``."""
        return _margins(1, self.width, [(self.slots(labels), self.count)])

    def class_count(self, mask):
        """(K,) counts of the cells in ``mask`` per real class."""
        return np.bincount(self.real[mask], self.count[mask], minlength=self.k).astype(np.int64)


def _margins(size, width, parts):
    """(size, width) slot sums of ``parts``: (flat index resample * width + slot, weights), the
    weights an array, or +1 or -1 for every index.  At most three passes of bincount."""
    length = size * width
    weighted = [(np.ravel(i), np.ravel(w)) for i, w in parts if not isinstance(w, int)]
    out = np.zeros(length) if not weighted else np.bincount(
        np.concatenate([i for i, _ in weighted]), np.concatenate([w for _, w in weighted]).astype(float),
        minlength=length)
    for sign in (1, -1):
        counted = [np.ravel(i) for i, w in parts if isinstance(w, int) and w == sign]
        if counted:
            counts = np.bincount(np.concatenate(counted), minlength=length)
            out += counts if sign > 0 else -counts
    return out.reshape(size, width)


class _Bootstrap:
    """Draws chunks of resampled (A, B) slot pairs from the joint counts (see the module doc)."""

    def __init__(self, joint):
        k = self.k = joint.k
        self.width = joint.width
        large = joint.count >= _SMALL_CELL
        small = ~large
        slots = [joint.slots(labels) for labels in (joint.a, joint.b)]
        self.cases = [np.repeat(slot[small], joint.count[small]) for slot in slots]
        self.small = joint.class_count(small)
        self.small_offset = np.cumsum(self.small) - self.small
        self.used = np.unique(np.concatenate([joint.real, joint.a, joint.b]))
        # One multinomial per real class over (its small-cell block, its pseudo-cases, its large
        # cells), padded to a (classes, width) matrix where that wastes little, else class by class.
        present = np.flatnonzero(joint.totals)
        cells = [np.flatnonzero(large & (joint.real == c)) for c in present]
        width = 2 + max((x.size for x in cells), default=0)
        groups = [np.arange(present.size)] if present.size * width <= _PAD * (joint.count.size + 2 * present.size) \
            else [np.array([i]) for i in range(present.size)]
        self.groups = []
        for group in groups:
            width = 2 + max(cells[i].size for i in group)
            weights = np.zeros((group.size, width))
            index = np.zeros((2, group.size, width - 2), np.int64)         # padding: drawn 0 times
            for row, i in enumerate(group):
                c, mine = present[i], cells[i]
                weights[row, :2 + mine.size] = [self.small[c], _PSEUDO_CASES, *joint.count[mine]]
                for j in (0, 1):
                    index[j, row, :mine.size] = slots[j][mine]
            self.groups.append((present[group], joint.totals[present[group]],
                                weights / weights.sum(axis=1, keepdims=True), index))
        cells = sum(group[2].size for group in self.groups)
        self.size = max(1, _BLOCK // max(self.width, cells, self.cases[0].size, 1))

    def margins(self, size, rng):
        """(size, 2K) slots of A and of B for ``size`` resamples."""
        k, width = self.k, self.width
        small, pseudo = np.zeros((size, k), np.int64), np.zeros((size, k), np.int64)
        rows = (np.arange(size) * width)[:, None, None]
        parts: tuple[list, list] = ([], [])
        for classes, totals, probabilities, index in self.groups:
            draws = rng.multinomial(totals, probabilities, size=(size, totals.size))  # (size, classes, width)
            small[:, classes], pseudo[:, classes] = draws[:, :, 0], draws[:, :, 1]
            large = draws[:, :, 2:]
            for j in (0, 1):
                parts[j].append((rows + index[j], large))
        # the draws of small-cell cases: class c, resample r, then a case of c's block at random
        row, c = _draw_rows(small, width), np.repeat(np.tile(np.arange(k), size), small.ravel())
        span = self.small[c]
        case = (rng.random(c.size) * span).astype(np.int64)
        np.minimum(case, span - 1, out=case)                     # u * span may round up to span
        case += self.small_offset[c]
        pseudo_row, c = _draw_rows(pseudo, width), np.repeat(np.tile(np.arange(k), size), pseudo.ravel())
        for mine, cases in zip(parts, self.cases):
            label = _pseudo_labels(c, self.used, rng)
            mine += [(row + cases[case], 1), (pseudo_row + np.where(label == c, k + c, label), 1)]
        return tuple(_margins(size, width, mine) for mine in parts)


def _draw_rows(draws, width):
    """resample * width for each draw counted in ``draws`` (resamples, classes), in row-major order."""
    return np.repeat(np.arange(draws.shape[0]) * width, draws.sum(axis=1))


def _pseudo_labels(real, used, rng):
    """Right (= real) with probability 1/2, else one of the other labels in ``used`` at random.

    ``used``: the sorted labels that occur (as a real class or a prediction); a label
    listed but never used is never given, so it stays out of the resampled tables.
    """
    if used.size == 1:
        return real
    position = np.searchsorted(used, real)
    wrong = used[(position + rng.integers(1, used.size, real.size)) % used.size]
    return np.where(rng.random(real.size) < 0.5, real, wrong)


def _discordant_pairs(joint):
    """Per discordant pair cell (class c, labels {l, h}, l < h): the slot that gains when A says l
    (A says l in class c), the slot that loses it (A says h), its cases n, and its cases with A saying l."""
    k = joint.k
    off = joint.a != joint.b
    low, high = np.minimum(joint.a, joint.b)[off], np.maximum(joint.a, joint.b)[off]
    pairs, inverse = np.unique((joint.real[off] * k + low) * k + high, return_inverse=True)
    total = np.bincount(inverse, joint.count[off], minlength=pairs.size).astype(np.int64)
    first = np.bincount(inverse, joint.count[off] * (joint.a[off] == low), minlength=pairs.size)
    real, rest = np.divmod(pairs, k * k)
    return joint.slots(rest // k, real), joint.slots(rest % k, real), total, first


class _SignFlips:
    """Draws chunks of the sign-flip null from the joint counts.

    The cases of real class c whose two labels are {l, h}, l < h, n in all, n_lh of them
    with A saying l: after the swaps Y ~ Bin(n, 1/2) of them have A saying l (each case
    is either way round with probability 1/2), so A's table changes by (Y - n_lh) at
    (l, c) and by -(Y - n_lh) at (h, c), and B's by minus that.  One binomial per
    unordered pair of labels; pairs with fewer than 8 cases are drawn case by case.
    """

    def __init__(self, joint):
        self.k = joint.k
        self.width = joint.width
        gain, loss, total, first = _discordant_pairs(joint)
        self.base = np.bincount(loss, first, minlength=self.width) - np.bincount(gain, first, minlength=self.width)
        large = total >= _SMALL_CELL
        self.count, self.gain, self.loss = total[large], gain[large], loss[large]
        self.case_gain = np.repeat(gain[~large], total[~large])
        self.case_loss = np.repeat(loss[~large], total[~large])
        self.size = max(1, _BLOCK // max(self.width, self.count.size, self.case_gain.size, 1))

    def changes(self, size, rng):
        """(size, 2K) changes of A's slots; B's change by minus the same."""
        width = self.width
        rows = (np.arange(size) * width)[:, None]
        drawn = rng.binomial(self.count, 0.5, size=(size, self.count.size)).astype(float)
        cases = self.case_gain.size
        hits = np.flatnonzero(rng.random((size, cases)) < 0.5)
        row, case = np.divmod(hits, max(cases, 1))
        row *= width
        return _margins(size, width, [(rows + self.gain, drawn), (rows + self.loss, -drawn),
                                      (row + self.case_gain[case], 1), (row + self.case_loss[case], -1)]) + self.base


def _evaluate(statistic, slots, totals):
    """statistic(rows, cols, diag) of (m, 2K) slots; cols are the fixed class totals.

    Normal draws of the slots (:mod:`comparison_normal`) can stray out of the counts' range
    where a count is small: they are clipped to it, 0 <= n(P = l, R = l) <= n(R = l) and
    0 <= n(P = l, R != l) <= N - n(R = l) (a no-op for drawn cells)."""
    k = totals.size
    diag = np.clip(slots[:, k:], 0.0, totals)
    rows = np.clip(slots[:, :k], 0.0, totals.sum() - totals) + diag
    with np.errstate(all="ignore"):
        values = statistic(rows, np.broadcast_to(totals.astype(float), rows.shape), diag)
        return {name: np.asarray(value, dtype=float) for name, value in values.items()}


# ---------------------------------------------------------------------- intervals
_UNDEFINED_SHARE = 0.5  # the interval is nan if the measure is undefined in more resamples than this


def _smoothed_slots(joint, used, pseudo=_PSEUDO_CASES):
    """(1, 2K) expected slots of A and of B in the smoothed bootstrap's world: class c draws each of
    its cells with probability count/(n_c + pseudo) and a pseudo-case with pseudo/(n_c + pseudo), so
    the expected table is n_c/(n_c + pseudo) (the class's cells + pseudo pseudo-cases, whose label is
    c with probability 1/2, else one of the other ``used`` labels at random)."""
    k, width = joint.k, joint.width
    n = joint.totals.astype(float)
    share = np.where(n > 0, n / (n + pseudo), 0.0)
    weight = joint.count * share[joint.real]
    pseudo_weight = pseudo * share                              # expected pseudo-cases drawn per class
    right = 0.5 if used.size > 1 else 1.0
    wrong = np.zeros(width)                                     # a pseudo-case of c says l != c: slot l
    if used.size > 1:
        wrong[used] = (pseudo_weight.sum() - pseudo_weight[used]) * (1.0 - right) / (used.size - 1)
    wrong[k:] = right * pseudo_weight                           # ... and c: slot K + c
    out = []
    for labels in (joint.a, joint.b):
        out.append((np.bincount(joint.slots(labels), weight, minlength=width) + wrong)[None, :])
    return out


def _percentile_interval(values, estimate, confidence, method="paired bootstrap", centre=None,
                         bounds=(-np.inf, np.inf)):
    """The interval from the resampled ``values``: the bias-corrected percentile interval (module doc)
    about ``centre``, the measure of the smoothed bootstrap world's expected table, moved by
    ``estimate - centre``, kept within the measure's range ``bounds`` and about ``estimate``; the plain
    percentile interval when ``centre`` is None."""
    alpha = 1.0 - confidence
    defined = ~np.isnan(values)
    share = 1.0 - defined.mean()
    reason = None
    if np.isnan(estimate):
        reason = "the measure is undefined on the observed table"
    elif share > _UNDEFINED_SHARE:
        reason = f"the measure is undefined in {share:.1%} of the resamples, more than half"
    if reason is not None:
        return Interval(np.nan, np.nan, float(estimate), method, confidence, False, True, reason)
    values = values[defined]
    if centre is None or not np.isfinite(centre):
        low, high = np.quantile(values, [alpha / 2, 1.0 - alpha / 2], method="inverted_cdf")
        return Interval(float(low), float(high), float(estimate), method, confidence, False, False)
    # the resamples' mean offset from the world they are drawn from is the bias; centre on estimate - bias
    low, high = (np.quantile(values, [alpha / 2, 1.0 - alpha / 2], method="inverted_cdf")
                 + (estimate - centre) - 2.0 * (values.mean() - centre))
    clipped = bool(low < bounds[0] or high > bounds[1])
    # within the measure's range, and always holding the estimate
    low = min(max(low, bounds[0]), estimate)
    high = max(min(high, bounds[1]), estimate)
    return Interval(float(low), float(high), float(estimate), method, confidence, clipped, False)


# ---------------------------------------------------------------------- the paired test
def _hits(null, observed):
    """(defined, at least as extreme) of null differences against the observed one."""
    defined = ~np.isnan(null)
    with np.errstate(invalid="ignore"):
        extreme = np.abs(null) >= abs(observed) - _TIE * max(1.0, abs(observed))
    return defined, defined & extreme


def _binomial_axis(d):
    """The values of Bin(d, 1/2) with non-negligible mass: all, or d/2 +- 40 standard deviations."""
    if d <= 100_000:
        return np.arange(d + 1)
    spread = int(20 * np.sqrt(d)) + 1                       # 40 sd = 40 sqrt(d)/2
    return np.arange(max(0, d // 2 - spread), min(d, d // 2 + spread) + 1)


def _two_class_parts(joint):
    """Per class c in (0, 1): both right, both wrong, right only for A, right only for B."""
    parts = []
    for c in (0, 1):
        n = np.zeros(4, np.int64)
        mine = joint.real == c
        for i, (a, b) in enumerate(((c, c), (1 - c, 1 - c), (c, 1 - c), (1 - c, c))):
            n[i] = joint.count[mine & (joint.a == a) & (joint.b == b)].sum()
        parts.append(n)
    return parts


def _exact_informedness(joint):
    """Exact two-sided p of the sign-flip test of Delta B, two classes (module doc)."""
    from scipy.stats import binom
    (_, _, b0, c0), (_, _, b1, c1) = _two_class_parts(joint)
    n0, n1 = int(joint.totals[0]), int(joint.totals[1])
    observed = abs((b1 - c1) * n0 + (b0 - c0) * n1)        # Delta B n1 n0
    if observed == 0:
        return 1.0
    # T = (2X_u - d_u) n_v + (2X_v - d_v) n_u; sum over the class u with fewer discordant cases
    (du, nu), (dv, nv) = sorted(((int(b0 + c0), n0), (int(b1 + c1), n1)))
    x = _binomial_axis(du)
    part = (2 * x - du) * nv
    above = -((-(observed - part + dv * nu)) // (2 * nu))     # smallest X_v with T >= |t|
    below = (-observed - part + dv * nu) // (2 * nu)          # largest X_v with T <= -|t|
    tail = binom.sf(above - 1, dv, 0.5) + binom.cdf(below, dv, 0.5)
    return float(min(1.0, np.sum(binom.pmf(x, du, 0.5) * tail)))


def _exact_grid(joint, statistic, observed):
    """Exact two-sided p of the sign-flip test for two classes on the (b_1, b_0) grid; dict name -> p."""
    from scipy.stats import binom
    parts = _two_class_parts(joint)
    d = [int(p[2] + p[3]) for p in parts]
    x0, x1 = (np.arange(di + 1) for di in d)
    weight0, weight1 = (binom.pmf(x, di, 0.5) for x, di in zip((x0, x1), d))
    hit = {name: 0.0 for name in observed}
    total = {name: 0.0 for name in observed}
    rows = max(1, (_BLOCK // 16) // x0.size)           # grid points of a chunk: 2^16
    for start in range(0, x1.size, rows):
        g1, g0 = (g.ravel() for g in np.meshgrid(x1[start:start + rows], x0, indexing="ij"))
        grid = {0: g0, 1: g1}
        # slots (wrong 0, wrong 1, right in class 0, right in class 1) of A and B on each grid point
        slots_a, slots_b = np.zeros((g0.size, 4)), np.zeros((g0.size, 4))
        for c, (right, _, _, _) in enumerate(parts):
            x, dc = grid[c], d[c]
            for slots, hits in ((slots_a, right + x), (slots_b, right + dc - x)):
                slots[:, 2 + c] = hits
                slots[:, 1 - c] = joint.totals[c] - hits          # class c's misses say 1 - c
        weight = weight1[g1] * weight0[g0]
        values_a, values_b = _evaluate(statistic, slots_a, joint.totals), _evaluate(statistic, slots_b, joint.totals)
        for name in observed:
            defined, extreme = _hits(values_a[name] - values_b[name], observed[name])
            hit[name] += weight[extreme].sum()
            total[name] += weight[defined].sum()
    return {name: min(1.0, hit[name] / total[name]) if total[name] > 0 else np.nan for name in observed}


def _monte_carlo(joint, statistic, observed, draws, rng, normal):
    """Monte Carlo sign-flip test; dict name -> (p, standard error, draws on which it is defined).
    ``normal``: draw the slots' change from its normal approximation (:mod:`comparison_normal`)."""
    if normal:
        gain, loss, total, first = _discordant_pairs(joint)
        flips = NormalSignFlips(gain, loss, total, first, joint.width, _BLOCK)
    else:
        flips = _SignFlips(joint)
    slots_a, slots_b = joint.margins(joint.a), joint.margins(joint.b)
    hits = {name: 0 for name in observed}
    defined = {name: 0 for name in observed}
    for start in range(0, draws, flips.size):
        change = flips.changes(min(flips.size, draws - start), rng)
        values_a = _evaluate(statistic, slots_a + change, joint.totals)
        values_b = _evaluate(statistic, slots_b - change, joint.totals)
        for name in observed:
            ok, extreme = _hits(values_a[name] - values_b[name], observed[name])
            hits[name] += int(extreme.sum())
            defined[name] += int(ok.sum())
    result = {}
    for name in observed:
        p = (1 + hits[name]) / (1 + defined[name])
        result[name] = (p, float(np.sqrt(p * (1 - p) / max(defined[name], 1))), defined[name])
    return result


def _tests(joint, statistic, observed, n_resamples, rng, normal):
    """dict name -> (Significance, Monte Carlo error) of the paired sign-flip test; ``normal``: the
    Monte Carlo draws (where the test is not exact) are normal draws of the sums."""
    results = {}
    pending = {name: value for name, value in observed.items() if np.isfinite(value)}
    for name in set(observed) - set(pending):
        reason = "the measure is undefined (or infinite) on an observed table"
        results[name] = (Significance(np.nan, np.nan, "paired sign-flip", True, reason), np.nan)
    method = "paired sign-flip, class-stratified, exact"
    if joint.k == 2 and "informedness" in pending:
        results["informedness"] = (Significance(pending["informedness"], _exact_informedness(joint),
                                                method, False), 0.0)
        del pending["informedness"]
    if not pending:
        return results
    parts = _two_class_parts(joint) if joint.k == 2 else None
    if parts is not None and (parts[0][2] + parts[0][3] + 1) * (parts[1][2] + parts[1][3] + 1) <= _EXACT_GRID:
        for name, p in _exact_grid(joint, statistic, pending).items():
            results[name] = (Significance(pending[name], p, method, bool(np.isnan(p)),
                                          "the measure is undefined on every null table" if np.isnan(p)
                                          else None), 0.0)
        return results
    kind = "normal draws of the sums" if normal else "Monte Carlo draws"
    for name, (p, error, draws) in _monte_carlo(joint, statistic, pending, n_resamples, rng, normal).items():
        undefined = draws == 0
        results[name] = (Significance(pending[name], np.nan if undefined else p,
                                      f"paired sign-flip, class-stratified, {draws} {kind}",
                                      undefined, "the measure is undefined on every null draw" if undefined
                                      else None), np.nan if undefined else error)
    return results


# ---------------------------------------------------------------------- the engine
def _mcnemar_counts(first, second, method, correction):
    """McNemar's test that two discordant counts have the same expectation (vectorised)."""
    from scipy.stats import binom, chi2
    first = np.asarray(first, dtype=float)
    second = np.asarray(second, dtype=float)
    with np.errstate(over="ignore"):                # beyond the largest float: inf, still not 0
        discordant = first + second
    undefined = discordant == 0
    safe = np.where(undefined, 1.0, discordant)
    if method == "exact":
        statistic = np.minimum(first, second)
        pvalue = np.minimum(1.0, 2.0 * binom.cdf(statistic, safe, 0.5))
    else:   # (|d| - c)^2/s as 2 ((|d| - c)/2)/(s/2) ((|d| - c)/2): no square overflows, s/2 stays finite
        half = first / 2.0 + second / 2.0
        difference = np.abs(first / 2.0 - second / 2.0) - (0.5 if correction else 0.0)    # (|d| - c)/2
        statistic = 2.0 * (difference / np.where(undefined, 1.0, half)) * difference
        if correction:
            statistic = np.where(first == second, 0.0, statistic)
        pvalue = chi2.sf(statistic, 1)
    reason = _reason(undefined, "no discordant cases")
    return Significance(_scalar_or_array(np.where(undefined, np.nan, statistic)),
                        _scalar_or_array(np.where(undefined, np.nan, pvalue)), method,
                        _scalar_or_array(undefined), reason)


def _frequency_weights(sample_weight, size):
    """The label functions' weight check (metrics._weights), and whole numbers."""
    weight = _checks.sample_weights(sample_weight, size)
    if weight is not None and not np.array_equal(weight, np.floor(weight)):
        raise ValueError("sample_weight must hold whole numbers (each case counted that many times): "
                         "the bootstrap and the test resample cases")
    return weight


def compare_joint(y_true: np.ndarray, y_pred_a: np.ndarray, y_pred_b: np.ndarray, *, n_labels: int,
                  statistic: Callable[[np.ndarray, np.ndarray, np.ndarray], dict[str, np.ndarray]],
                  sample_weight: ArrayLike | None = None, confidence: float = 0.95, n_resamples: int = 2000,
                  seed: int = 0, mcnemar_method: str = "exact", method: str = "auto",
                  bounds: dict[str, tuple[float, float]] | None = None) -> dict[str, Comparison]:
    """Compare classifiers A and B on the same cases, from their joint counts (module doc).

    Parameters
    ----------
    y_true, y_pred_a, y_pred_b : 1-D integer arrays of label codes 0 .. n_labels - 1
        Already validated by the caller (which owns the label names).
    statistic : callable
        ``statistic(rows, cols, diag)`` -> dict name -> values, for m tables
        given by their margins, each (m, K) floats: rows[:, l] = n(P = l),
        cols[:, c] = n(R = c), diag[:, l] = n(P = l, R = l).  Every measure here
        is a function of these.  For two classes the name ``"informedness"``
        must be tpr - fpr.
    sample_weight : whole numbers, optional
        Frequency weights: case i counts ``sample_weight[i]`` times.
    confidence, n_resamples, seed
        Nominal coverage of the intervals; the number of bootstrap resamples
        (and of Monte Carlo draws of the test where it is not exact); the seed
        of ``numpy.random.default_rng``.
    mcnemar_method : {"exact", "chi2"}
        Of the equal-accuracy test (:func:`bookeval_lib.uncertainty.mcnemar`).
    method : {"auto", "cells", "normal"}
        How the bootstrap resamples and the Monte Carlo null draws are made:
        ``"cells"`` draws the non-empty joint cells (time O(n_resamples x
        cells)); ``"normal"`` draws the 4K sums the measures need from the
        normal with their exact mean and covariance
        (:mod:`bookeval_lib.comparison_normal`; time O(n_resamples x K^2));
        ``"auto"`` takes ``"normal"`` when there are more than 2^9 non-empty
        cells (so never for fewer than 512 cases, nor for two classes),
        cells x n_resamples exceeds 2^20, and the normal draws cost less:
        n_resamples d^2 + 4 d^3 <= 2^8 n_resamples cells, d = 4K (a cell
        draw costs about 250 times a multiply-add of the normal draws,
        timed at K = 100 and 300); else ``"cells"``.  The
        intervals' and the test's ``method`` text says which was used.  The
        exact two-class tests are exact either way.

    bounds : dict name -> (low, high), optional
        The range of each measure (default: unbounded); the bias-corrected
        limits are kept within it (and the difference's within
        (low - high, high - low)).

    Returns
    -------
    dict name -> :class:`Comparison`, in the order of ``statistic``'s names.
    """
    confidence = _checks.confidence(confidence)
    n_resamples = _checks.positive_integer(n_resamples, "n_resamples")
    seed = _checks.seed(seed)
    _checks.choice(method, "method", ("auto", "cells", "normal"))
    weight = _frequency_weights(sample_weight, np.size(y_true))
    joint = _Joint(np.asarray(y_true), np.asarray(y_pred_a), np.asarray(y_pred_b), int(n_labels), weight)
    observed_a = _evaluate(statistic, joint.margins(joint.a), joint.totals)
    observed_b = _evaluate(statistic, joint.margins(joint.b), joint.totals)
    names = list(observed_a)
    estimate_a = {name: float(observed_a[name][0]) for name in names}
    estimate_b = {name: float(observed_b[name][0]) for name in names}
    with np.errstate(invalid="ignore"):
        observed = {name: estimate_a[name] - estimate_b[name] for name in names}
    rng = np.random.default_rng(seed)

    cells, d = joint.count.size, 4 * joint.k
    normal = method == "normal" or (method == "auto" and cells > _NORMAL_CELLS
                                    and cells * n_resamples > _NORMAL_BUDGET
                                    and n_resamples * d ** 2 + 4 * d ** 3 <= _NORMAL_COST * n_resamples * cells)
    used = np.unique(np.concatenate([joint.real, joint.a, joint.b]))
    centre_a, centre_b = (_evaluate(statistic, slots, joint.totals) for slots in _smoothed_slots(joint, used))
    if normal:
        bootstrap = NormalBootstrap(joint.real, joint.slots(joint.a), joint.slots(joint.b), joint.count,
                                    joint.totals, used, _PSEUDO_CASES, _BLOCK)
    else:
        bootstrap = _Bootstrap(joint)
    resampled = {name: np.empty((3, n_resamples)) for name in names}    # A, B, A - B
    for start in range(0, n_resamples, bootstrap.size):
        size = min(bootstrap.size, n_resamples - start)
        slots_a, slots_b = bootstrap.margins(size, rng)
        values_a, values_b = (_evaluate(statistic, slots, joint.totals) for slots in (slots_a, slots_b))
        for name in names:
            block = resampled[name][:, start:start + size]
            block[0], block[1] = values_a[name], values_b[name]
            with np.errstate(invalid="ignore"):
                block[2] = values_a[name] - values_b[name]
    tests = _tests(joint, statistic, observed, n_resamples, rng, normal)

    right_a, right_b = joint.a == joint.real, joint.b == joint.real
    a_only = int(joint.count[right_a & ~right_b].sum())
    b_only = int(joint.count[right_b & ~right_a].sum())
    accuracy = _mcnemar_counts(a_only, b_only, mcnemar_method, False)
    accuracy = type(accuracy)(accuracy.statistic, accuracy.pvalue,
                              f"McNemar {mcnemar_method} (equal accuracy)", accuracy.undefined,
                              accuracy.reason)
    kind = "paired bootstrap, normal draws of the sums" if normal else "paired bootstrap"
    result = {}
    for name in names:
        values = resampled[name]
        test, error = tests[name]
        low, high = (bounds or {}).get(name, (-np.inf, np.inf))
        result[name] = Comparison(
            name, estimate_a[name], estimate_b[name],
            _percentile_interval(values[2], observed[name], confidence, kind,
                                 float(centre_a[name][0] - centre_b[name][0]), (low - high, high - low)),
            _percentile_interval(values[0], estimate_a[name], confidence, kind, float(centre_a[name][0]),
                                 (low, high)),
            _percentile_interval(values[1], estimate_b[name], confidence, kind, float(centre_b[name][0]),
                                 (low, high)),
            test, float(error), accuracy, a_only, b_only)
    return result
