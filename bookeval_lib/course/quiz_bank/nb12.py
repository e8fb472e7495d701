"""Quiz of notebook 12, the senses of dog and train."""
from functools import lru_cache

from ..replications.concordance import load_concordance
from ..quiz import Option, Question


@lru_cache(maxsize=1)
def _labels():
    records = load_concordance()
    by_rule = sum(r["decided_by"].startswith("rule") for r in records)
    return {"n": len(records), "rule": by_rule, "reading": len(records) - by_rule}


def _discount():
    systems = {"a": (0.6, 0.9), "b": (0.8, 0.5)}    # (B over the kept cases, coverage n/N)
    facts = {f"{k}_{i}": v for k, pair in systems.items() for i, v in zip(("b", "cover"), pair)}
    facts.update({f"{k}_discounted": b * cover for k, (b, cover) in systems.items()})
    return facts


QUESTIONS = (
    Question(
        id="12.Q1", section="The data", facts=_labels,
        prompt="How were the sense labels of the {n} occurrences decided?",
        options=(
            Option("by a rule for {rule} clear cases, by a reading for the other {reading}", True,
                   "a rule decides the clear cases (such as trained/training → M); every other occurrence is "
                   "read in its context and its label justified in one line. The labels are a documented human "
                   "judgement, not a gold standard handed down: every counting decision can be disputed."),
            Option("by the clustering itself, whose clusters name the senses", False,
                   "the clustering is what is evaluated; its labels are compared with the sense classes, "
                   "which were decided independently of it.",
                   mistake="lets the system under test make its own answer key"),
            Option("copied from the 2003 paper's label of each occurrence", False,
                   "the paper publishes counts per sense, not a label per occurrence; these labels were "
                   "decided anew, and appendix A6 compares their counts with the paper's Table 1.",
                   mistake="takes a reconstruction for the original"),
        )),
    Question(
        id="12.Q2", section="The model: a mixture of independent Bernoullis",
        prompt="Why fit the Bernoulli mixture with weak priors (posterior modes) rather than by plain maximum "
               "likelihood?",
        options=(
            Option("to keep word probabilities away from 0 and 1", True,
                   "without a prior a class can collapse onto a probability of exactly 0 or 1 for a word, and "
                   "that one word then rules every context in or out of the class, whatever its other words."),
            Option("to make EM converge faster", False,
                   "the prior is not about speed: it regularises the estimates.",
                   mistake="takes a regulariser for a speed-up"),
            Option("to pull the clusters toward the sense classes", False,
                   "the prior is weak and the same for every cluster: it knows nothing of the senses, and "
                   "if it did the evaluation against them would be circular.",
                   mistake="thinks the prior carries the labels"),
        )),
    Question(
        id="12.Q3", section="The paper's reduction, and the discount", facts=_discount,
        prompt="System a keeps {a_cover:.0%} of the cases with B = {a_b:.1f} on them; system b keeps {b_cover:.0%} "
               "with B = {b_b:.1f}. Which scores higher once B is discounted by the coverage?",
        options=(
            Option("a: {a_discounted:.2f} against {b_discounted:.2f}", True,
                   "discounting by n/N stops a system from winning by answering only its easiest cases."),
            Option("b, because its B is higher", False,
                   "its B is measured on half the cases; discounted it is {b_discounted:.2f}, below a's "
                   "{a_discounted:.2f}.",
                   mistake="ignores the coverage"),
            Option("a, because it answers more cases, whatever its B", False,
                   "coverage alone does not decide: a system that answers every case with B near 0 scores near "
                   "0. The product B·n/N does: {a_discounted:.2f} against {b_discounted:.2f}.",
                   mistake="ranks by coverage alone"),
        )),
    Question(
        id="12.Q4", section="3. Clustering into K = 18 classes",
        prompt="EM is restarted from several seeds and the restarts end at different log-likelihoods. Why?",
        options=(
            Option("each start climbs to its nearest local maximum", True,
                   "the likelihood of a mixture has many maxima; keep the best restart, and expect the "
                   "others to cluster differently."),
            Option("the data are resampled anew for each restart", False,
                   "the same contexts are clustered every time; only the starting point changes.",
                   mistake="thinks a restart redraws the data"),
            Option("EM has not converged; one long run would reach one answer", False,
                   "each run converges, but to the maximum nearest its start.",
                   mistake="takes a local maximum for unfinished convergence"),
        )),
)
