"""Benchmark: the EM fit of notebook 12 (dog/train, N = 505 rows, J = 21 words, K = 18, 10 restarts).

Prints the cost per EM iteration of one restart for
  * ``fit_bernoulli_mixture`` (all restarts batched, distinct rows only, one exp per E step);
  * the sequential peer: the pre-batching loop (one restart at a time, all N rows, two
    matmuls and two exps per E step), copied here;
and the floor, measured in the same run: the bare numpy operations of one E+M step of
one restart on all N rows (two products, one log, one exp, one sum), with no Python
around them.  The ratios to the floor are the figures of merit; the
sequential peer was about 183 us per iteration above the floor.  Asserts nothing.

Then scale (time and peak memory, tracemalloc): the fit on 20,000 random rows of 16 binary
features (17,239 distinct rows; a dense distinct-rows x N group matrix would be 2.8 GB), against the floor of the data itself (the N x J float copy the fit
makes), and ``clustering.permutation_null`` on 200,000 cases with 200 permutations (one
(permutations x N) int64 array would be 320 MB), against its floor: the tables it returns
counted from (201 x classes x labels floats) plus the cases (N int64).
"""
import numpy as np
from timing import best_time, peak_memory

from bookeval_lib import clustering
from bookeval_lib.course.replications import concordance, mixture

SEED, K, RESTARTS, REPEATS = 2003, 18, 10, 5


def sequential(x, seed):
    """The pre-batching fit: restarts one after another; returns the total iterations."""
    n, k = x.shape[0], K
    m = (x.sum(axis=0) + 0.5) / (n + 1.0)
    a, b = 1 + 2 * m, 1 + 2 * (1 - m)
    rng, total = np.random.default_rng(seed), 0
    for _ in range(RESTARTS):
        resp, previous = rng.dirichlet(np.ones(k), size=n), -np.inf
        for _ in range(1000):
            total += 1
            size = resp.sum(axis=0)
            w = (size + 1.0) / (n + k)
            theta = (resp.T @ x + a - 1.0) / (size[:, None] + a + b - 2.0)
            log_joint = np.log(w)[None, :] + x @ np.log(theta).T + (1.0 - x) @ np.log1p(-theta).T
            peak = log_joint.max(axis=1)
            evidence = peak + np.log(np.exp(log_joint - peak[:, None]).sum(axis=1))
            resp = np.exp(log_joint - evidence[:, None])
            lp = (evidence.sum() + np.log(w).sum() + ((a - 1.0) * np.log(theta)).sum()
                  + ((b - 1.0) * np.log1p(-theta)).sum())
            if abs(lp - previous) <= 1e-10 * max(1.0, abs(lp)):
                break
            previous = lp
    return total


def floor_step(x, resp, log_theta):
    """The bare arithmetic of one E+M step (no bookkeeping)."""
    s = resp.T @ x
    log_joint = x @ log_theta.T
    e = np.exp(log_joint)
    return s, np.log(e.sum(axis=1))


def main():
    records = concordance.load_concordance()
    x, _ = concordance.add_index_document(concordance.context_features(records), [])
    x = x.astype(float)
    fit = mixture.fit_bernoulli_mixture(x, K, seed=SEED, n_restarts=RESTARTS)
    iterations = sum(fit.restart_n_iter)
    ours = best_time(lambda: mixture.fit_bernoulli_mixture(x, K, seed=SEED, n_restarts=RESTARTS),
                     REPEATS) / iterations
    peer_iterations = sequential(x, SEED)
    peer = best_time(lambda: sequential(x, SEED), 3) / peer_iterations
    rng = np.random.default_rng(0)
    resp, log_theta = rng.dirichlet(np.ones(K), size=x.shape[0]), np.log(rng.random((K, x.shape[1])))
    floor = best_time(lambda: [floor_step(x, resp, log_theta) for _ in range(200)], REPEATS) / 200
    print(f"EM on {x.shape[0]} x {x.shape[1]} features, K = {K}, {RESTARTS} restarts "
          f"({iterations} restart-iterations; sequential peer {peer_iterations})")
    print(f"  floor (bare numpy E+M step, one restart): {floor * 1e6:7.1f} us")
    print(f"  sequential peer (before):  {peer * 1e6:7.1f} us per iteration = {peer / floor:5.2f} x floor")
    print(f"  fit_bernoulli_mixture:     {ours * 1e6:7.1f} us per iteration = {ours / floor:5.2f} x floor")
    print(f"  speed-up: {peer / ours:.1f} x")
    scale()


def scale():
    rng = np.random.default_rng(SEED)
    x = (rng.random((20_000, 16)) < 0.5).astype(np.int8)
    distinct = np.unique(x, axis=0).shape[0]

    def fit():
        return mixture.fit_bernoulli_mixture(x, 4, seed=SEED, n_restarts=2, max_iter=20)

    seconds, memory = best_time(fit, 1), peak_memory(fit)
    floor = x.size * 8
    print(f"scale: fit_bernoulli_mixture on {x.shape[0]:,} rows ({distinct:,} distinct) x {x.shape[1]} features, "
          f"K = 4, 2 restarts, 20 iterations: {seconds:.2f} s, peak {memory / 1e6:.1f} MB "
          f"= {memory / floor:.1f} x the data's float copy ({floor / 1e6:.1f} MB)")
    induced, real = rng.integers(0, 18, 200_000), rng.integers(0, 12, 200_000)

    def null():
        return clustering.permutation_null(real, induced, n_permutations=200, seed=SEED)

    seconds, memory = best_time(null, 1), peak_memory(null)
    floor = 201 * 18 * 12 * 8 + induced.size * 8
    print(f"scale: permutation_null on {induced.size:,} cases, 200 permutations: {seconds:.2f} s, peak "
          f"{memory / 1e6:.1f} MB = {memory / floor:.1f} x the tables and cases ({floor / 1e6:.1f} MB)")


if __name__ == "__main__":
    main()
