"""The senses of *dog* and *train* in the Brown corpus: the concordance and its features.

Powers 2003 ("Recall and Precision versus the Bookmaker", Table 1) clusters
every occurrence of a word beginning with *dog* or *train* in the Brown corpus
(Francis and Kucera).  This module rebuilds the data of that experiment:

1. **Concordance.**  :func:`read_brown` reads NLTK-format Brown files
   (``The/at Fulton/np-tl ...``, one sentence per line), :func:`find_occurrences`
   finds every word beginning with "dog" or "train" (case-insensitive), and
   :func:`label_occurrences` gives each one a sense class of Table 1, by a rule
   (:func:`rule_sense`) or by a human reading stored in
   ``data/brown_dog_train_readings.tsv``.  ``python -m tools concordance``
   writes the result to ``data/brown_dog_train.jsonl``, which
   :func:`load_concordance` reads (checking its SHA-256).
2. **Features.**  :func:`context_features` marks which of the 21
   :data:`CONTEXT_WORDS` occur in each occurrence's sentence and its two
   neighbours (or in a narrower window of tokens).

The clustering itself is :mod:`bookeval_lib.course.replications.mixture` (a Bernoulli mixture fitted
by EM) and its evaluation :mod:`bookeval_lib.clustering` (the paper's reduction);
what the paper prints (Table 1, the 12-class table) is data in
:mod:`bookeval_lib.course.papers`.

A *word* is a hyphen-separated part of a corpus token, so ``obedience-trained``
and ``dog-pin`` each hold one occurrence; the record keeps the whole token.
Two-token senses (*hot dog*, *top dog*, *wagon train*) are one occurrence,
counted at the dog/train token.  See ``data/README.md`` for every counting
decision and the comparison with the paper's Table 1.
"""
from __future__ import annotations

import hashlib
import json
import os
import re
import tarfile
import zlib
from importlib import resources
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, cast

import numpy as np

from ... import _checks

if TYPE_CHECKING:                       # type hints only; nothing imported at run time
    from collections.abc import Iterable, Mapping, Sequence

    from numpy.typing import ArrayLike

__all__ = [
    "SENSES", "DOG_SENSES", "TRAIN_SENSES", "CONTEXT_WORDS",
    "CONCORDANCE_FILE", "CHECKSUM_FILE", "READINGS_FILE", "FIELDS",
    "read_brown", "find_occurrences", "rule_sense", "read_readings", "label_occurrences",
    "concordance_lines", "load_concordance", "sense_counts", "occurrence_id",
    "PAPER_DIFFERENCES", "paper_senses", "context_features", "add_index_document",
]

#: The 17 sense classes of Powers 2003, Table 1, plus X for a false match of the
#: prefix (a token that begins with the letters but is not the word at all).
SENSES = {
    "A": "dog as animal",
    "B": "negative dog metaphor",
    "C": "top dog",
    "D": "dogleg",
    "E": "dogma/dogmatic",
    "F": "dogtrot",
    "G": "hot dog",
    "H": "dog as cam",
    "I": "dogged/follow doggedly",
    "J": "dog in plant name",
    "K": "dog in place name",
    "L": "dog in product name",
    "M": "train as teach",
    "N": "railway train",
    "O": "wagon train",
    "P": "train of dress",
    "Q": "train as aim",
    "X": "none: not the word dog/train",
}
DOG_SENSES = tuple("ABCDEFGHIJKL")
TRAIN_SENSES = tuple("MNOPQ")

#: One reconstruction of how Table 1 was counted: occurrence "doc:sentence:token"
#: -> the sense the paper's counts imply (None: not counted).  Applying these
#: ten changes to our labels reproduces all 17 tf and 16 of the 17 df of
#: Table 1 (M: 88 documents against the paper's 87).  It is a conjecture
#: consistent with the counts, not a documented fact (see data/README.md).
PAPER_DIFFERENCES = {
    "cg75:5:24": None,     # Dogumenti: a mispronounced Italian word (ours X)
    "cn17:132:8": None,    # doggone (ours B)
    "cn06:28:12": None,    # dog-eared (ours B)
    "ce07:110:8": None,    # dog-pin (ours H)
    "ck07:143:1": "A",     # "Top dog ." at sentence start (ours C)
    "ck07:145:1": "A",     # "Top dog ." (ours C)
    "cp13:108:36": "K",    # the Dogs of Hell, a name (ours B)
    "cf25:87:4": "M",      # "the student trains on his parents the heavy artillery" (ours Q)
    "cg70:52:11": "N",     # Arthur Train, a surname (ours X)
    "cb12:28:2": "N",      # "Wagon Train", the TV show (ours O)
}

#: The 21 context words (7 for each primary sense: dog/N = A, train/V = M,
#: train/N = N), each with the word forms that count as it.  Chosen from what
#: the senses mean and not tuned on the clustering results (though after the
#: contexts had been read for labelling); see data/README.md.
CONTEXT_WORDS = {
    # dog as animal (A)
    "animal": ("animal", "animals"),
    "cat": ("cat", "cats"),
    "pet": ("pet", "pets"),
    "bark": ("bark", "barks", "barked", "barking"),
    "hunt": ("hunt", "hunts", "hunted", "hunting", "hunter", "hunters"),
    "owner": ("owner", "owners"),
    "bite": ("bite", "bites", "biting", "bitten"),
    # train as teach (M)
    "teach": ("teach", "teaches", "taught", "teaching", "teacher", "teachers"),
    "learn": ("learn", "learns", "learned", "learnt", "learning"),
    "school": ("school", "schools"),
    "student": ("student", "students"),
    "skill": ("skill", "skills", "skilled"),
    "program": ("program", "programs", "programme", "programmes"),
    "education": ("education", "educational"),
    # railway train (N)
    "railroad": ("railroad", "railroads", "railway", "railways"),
    "station": ("station", "stations"),
    "passenger": ("passenger", "passengers"),
    "car": ("car", "cars"),
    "ride": ("ride", "rides", "rode", "riding", "ridden"),
    "trip": ("trip", "trips"),
    "travel": ("travel", "travels", "traveled", "travelled", "traveling", "travelling"),
}

CONCORDANCE_FILE = "brown_dog_train.jsonl"
CHECKSUM_FILE = "brown_dog_train.sha256"
READINGS_FILE = "brown_dog_train_readings.tsv"

#: Fields of each concordance record, in file order.
FIELDS = ("doc", "sentence_number", "token_number", "part_number", "token", "word", "tag",
          "sentence", "previous_sentence", "next_sentence", "sense", "decided_by", "note")

#: The fields of a record that hold integers (the others hold strings).
#: The longest note (justification of a reading) :func:`read_readings` accepts, in characters: a
#: sentence or two (the shipped file's longest is 183); a longer one is a pasted block, not a note.
MAX_NOTE_LENGTH = 1000
_INTEGER_FIELDS = ("sentence_number", "token_number", "part_number")

_BROWN_NAME = re.compile(r"^c[a-r][0-9]{2}$")
_TARGET = re.compile(r"^(dog|train)", re.IGNORECASE)


# ---------------------------------------------------------------- reading files
def _decode(raw, where):
    """UTF-8 text of ``raw`` (bytes read from ``where``), or a ValueError naming the file, line and byte."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as error:
        line = raw.count(b"\n", 0, error.start) + 1
        column = error.start - (raw.rfind(b"\n", 0, error.start) + 1) + 1
        raise ValueError(f"{where}, line {line}: not UTF-8 (byte {column} of the line: "
                         f"{raw[error.start:error.end]!r})") from None


def _whole_number(text, field, where):
    """A field of digits as an int: "12" is 12; "1_0", " 3", "+3", "3.0" and "" are refused."""
    if not re.fullmatch(r"[0-9]+", text or ""):
        raise ValueError(f"{where}: {field} must be a whole number written in digits, got {text!r}")
    return int(text)


# ---------------------------------------------------------------- reading Brown
def _parse_document(name, text):
    """One Brown file -> list of sentences, each a list of (word, tag)."""
    sentences = []
    for line_number, line in enumerate(text.splitlines(), start=1):
        tokens = line.split()
        if not tokens:
            continue
        sentence = []
        for token in tokens:
            word, slash, tag = token.rpartition("/")
            if not slash or not word or not tag:
                raise ValueError(f"{name}, line {line_number}: token {token!r} is not word/tag")
            sentence.append((word, tag))
        sentences.append(sentence)
    return sentences


def read_brown(source: str | os.PathLike) -> dict[str, list[list[tuple[str, str]]]]:
    """Read Brown corpus files in NLTK's tagged format.

    Parameters
    ----------
    source : path
        A directory holding files named ``ca01`` ... ``cr09`` (NLTK's
        ``corpora/brown``; a ``brown`` subdirectory is also searched), or a
        ``.tgz``/``.tar.gz`` archive holding such files anywhere inside.

    Returns
    -------
    dict
        Document id -> list of sentences; a sentence is a list of
        ``(word, tag)`` pairs.  One non-blank line is one sentence (NLTK's
        reading); documents are in sorted order.

    Raises
    ------
    ValueError
        No Brown files were found, or a token has no ``/tag``.
    """
    source = Path(source)
    texts, where = {}, {}
    if source.is_dir():
        for folder in (source, source / "brown"):
            if folder.is_dir():
                for path in folder.iterdir():
                    if _BROWN_NAME.match(path.name) and path.is_file() and path.name not in texts:
                        texts[path.name], where[path.name] = _decode(path.read_bytes(), path), str(path)
    elif source.is_file():
        try:   # is_tarfile reads the archive too: a cut archive raises EOFError there as well
            if not tarfile.is_tarfile(source):
                raise ValueError(f"{source} is neither a directory nor a tar archive")
            with tarfile.open(source, "r:*") as archive:
                for member in archive.getmembers():
                    name = member.name.rsplit("/", 1)[-1]
                    if member.isfile() and _BROWN_NAME.match(name) and name not in texts:
                        where[name] = f"{source}, member {member.name}"
                        texts[name] = _decode(cast("IO[bytes]", archive.extractfile(member)).read(), where[name])
        except (EOFError, tarfile.TarError, OSError, zlib.error) as error:   # gzip's errors are OSErrors
            raise ValueError(f"{source} is a damaged or truncated archive ({type(error).__name__}: "
                             f"{error}); download it again") from None
    else:
        raise ValueError(f"{source} is neither a directory nor a tar archive")
    if not texts:
        raise ValueError(f"no Brown corpus files (ca01 ... cr09) found in {source}")
    return {name: _parse_document(where[name], texts[name]) for name in sorted(texts)}


def find_occurrences(documents: Mapping[str, Sequence[Sequence[tuple[str, str]]]]) -> list[dict[str, Any]]:
    """Every word beginning with "dog" or "train" (case-insensitive), unlabelled.

    A word is a hyphen-separated part of a token: ``well-trained`` holds the
    word ``trained`` (part 1), ``dog-pin`` the word ``dog-pin``'s part 0.

    Parameters
    ----------
    documents : dict
        Document id -> sentences of ``(word, tag)``, as from :func:`read_brown`.

    Returns
    -------
    list of dict
        In corpus order, with fields ``doc``, ``sentence_number``,
        ``token_number``, ``part_number`` (all 0-based), ``token`` (the whole
        token), ``word`` (the matching part), ``tag``, ``sentence`` (the
        sentence's tokens without tags, joined by single spaces, so
        ``sentence.split(" ")[token_number] == token``), and
        ``previous_sentence`` / ``next_sentence`` (the neighbouring sentences
        of the same document, ``""`` at its start or end).
    """
    records = []
    for doc, sentences in documents.items():
        texts = [" ".join(word for word, _ in sentence) for sentence in sentences]
        for sentence_number, sentence in enumerate(sentences):
            for token_number, (token, tag) in enumerate(sentence):
                for part_number, part in enumerate(token.split("-")):
                    if _TARGET.match(part):
                        records.append({
                            "doc": doc, "sentence_number": sentence_number,
                            "token_number": token_number, "part_number": part_number,
                            "token": token, "word": part, "tag": tag,
                            "sentence": texts[sentence_number],
                            "previous_sentence": texts[sentence_number - 1]
                            if sentence_number > 0 else "",
                            "next_sentence": texts[sentence_number + 1]
                            if sentence_number + 1 < len(texts) else "",
                        })
    return records


# ---------------------------------------------------------------- labelling
_TEACH_FORMS = re.compile(r"^train(ed|ing|ee|ees|eeship|eeships|er|ers)$")


def rule_sense(word: str, tag: str, previous_word: str = "") -> tuple[str, str] | None:
    """The sense a rule decides for one occurrence, or ``None``.

    The rules, in order (``word`` is compared in lower case):

    ``dogma*`` -> E; ``dogged*`` -> I; ``dogleg*`` -> D; ``dogtrot*`` -> F;
    ``dogwood*`` -> J; ``dogtown*`` -> K (the Gloucester, Mass. place name);
    dog/dogs/dog's after "hot" -> G, after "top" -> C;
    trained, training, trainee(s), traineeship(s), trainer(s) -> M (forms of
    the verb *train*, teach, and its nouns); train/trains with a verb tag
    (``vb*``) -> M; train/trains after "wagon" -> O.

    Returns
    -------
    tuple (sense, rule) or None
        ``rule`` is a short name of the rule that fired.
    """
    lower = word.lower()
    previous = previous_word.lower()
    for prefix, sense in (("dogma", "E"), ("dogged", "I"), ("dogleg", "D"),
                          ("dogtrot", "F"), ("dogwood", "J"), ("dogtown", "K")):
        if lower.startswith(prefix):
            return sense, f"{prefix}*"
    if lower in ("dog", "dogs", "dog's", "dogs'"):
        if previous == "hot":
            return "G", "hot dog"
        if previous == "top":
            return "C", "top dog"
        return None
    if _TEACH_FORMS.match(lower):
        return "M", "trained/training/trainee"
    if lower in ("train", "trains"):
        if tag.lower().startswith("vb"):
            return "M", "train tagged as a verb"
        if previous == "wagon":
            return "O", "wagon train"
    return None


def _key(record):
    return (record["doc"], int(record["sentence_number"]), int(record["token_number"]),
            int(record["part_number"]))


def _reading_key(row, where):
    """The key of a row of the readings file, its three numbers written in digits."""
    return (row["doc"], *(_whole_number(row[field], field, where) for field in _INTEGER_FIELDS))


def read_readings(path: str | os.PathLike | None = None) -> dict[tuple, tuple[str, str, str]]:
    """The human readings: (doc, sentence, token, part) -> (word, sense, note).

    ``path`` defaults to the shipped ``data/brown_dog_train_readings.tsv``, a
    tab-separated file with header ``doc sentence_number token_number
    part_number word sense note``.  A note (the justification of the reading)
    must not be empty and holds at most ``MAX_NOTE_LENGTH`` = 1000 characters;
    a longer one raises a ValueError naming the file, the line and ``note``.
    """
    if path is None:
        raw = resources.files("bookeval_lib").joinpath("data", READINGS_FILE).read_bytes()
    else:
        raw = Path(path).read_bytes()
    where = "the shipped readings" if path is None else str(path)
    # tab-separated, no quoting: split by hand (the csv module miscounts lines on some errors and
    # refuses fields beyond csv.field_size_limit()); blank lines are skipped, as csv does
    lines = [line[:-1] if line.endswith("\r") else line for line in _decode(raw, where).split("\n")]
    expected = ["doc", "sentence_number", "token_number", "part_number", "word", "sense", "note"]
    header = lines[0].split("\t") if lines[0] else ["(an empty file)"]
    if header != expected:
        raise ValueError(f"{where}, line 1: the header must be the tab-separated columns "
                         f"{' '.join(expected)}, got {' '.join(header)}")
    readings: dict[tuple, tuple[str, str, str]] = {}
    first: dict[tuple, int] = {}
    for number, line in enumerate(lines[1:], start=2):
        if not line:
            continue
        at = f"{where}, line {number}"
        fields = line.split("\t")
        if len(fields) != len(expected):
            raise ValueError(f"{at}: {len(expected)} tab-separated columns expected, got {len(fields)}")
        row = dict(zip(expected, fields))
        key = _reading_key(row, at)
        if key in readings:
            raise ValueError(f"{at}: reading {key} appears twice (first at line {first[key]})")
        if row["sense"] not in SENSES:
            raise ValueError(f"{at}: reading {key}: sense must be one of {''.join(SENSES)}, got {row['sense']!r}")
        if not row["note"].strip():
            raise ValueError(f"{at}: reading {key}: the justification (note) is empty")
        if len(row["note"]) > MAX_NOTE_LENGTH:
            raise ValueError(f"{at}: reading {key}: note must be at most {MAX_NOTE_LENGTH} characters, "
                             f"got {len(row['note'])}")
        readings[key], first[key] = (row["word"], row["sense"], row["note"]), number
    return readings


def label_occurrences(records: Sequence[Mapping[str, Any]], readings: Mapping[tuple, tuple[str, str, str]]
                      ) -> list[dict[str, Any]]:
    """Give every occurrence a sense: a reading if there is one, else a rule.

    A reading overrides a rule (``decided_by`` then says so); an occurrence
    that no rule decides must have a reading.

    Parameters
    ----------
    records : list of dict
        From :func:`find_occurrences`.
    readings : dict
        From :func:`read_readings`.

    Returns
    -------
    list of dict
        New records with ``sense``, ``decided_by`` (``"rule: <name>"``,
        ``"reading"`` or ``"reading, overrides rule: <name>"``) and ``note``.

    Raises
    ------
    ValueError
        An occurrence has neither rule nor reading; a reading names a word
        that differs from the corpus, or an occurrence that does not exist.
    """
    labelled, used = [], set()
    for record in records:
        key = _key(record)
        words = record["sentence"].split(" ")
        previous = words[record["token_number"] - 1] if record["token_number"] > 0 else ""
        if record["part_number"] > 0:
            previous = record["token"].split("-")[record["part_number"] - 1]
        rule = rule_sense(record["word"], record["tag"], previous)
        out = dict(record)
        if key in readings:
            word, sense, note = readings[key]
            if word != record["word"]:
                raise ValueError(f"reading {key} is for {word!r} but the corpus has "
                                 f"{record['word']!r}")
            used.add(key)
            out["sense"], out["note"] = sense, note
            out["decided_by"] = "reading" if rule is None else f"reading, overrides rule: {rule[1]}"
        elif rule is not None:
            out["sense"], out["decided_by"], out["note"] = rule[0], f"rule: {rule[1]}", ""
        else:
            raise ValueError(f"no rule decides {key} {record['word']!r} and it has no reading")
        labelled.append({field: out[field] for field in FIELDS})
    unused = sorted(set(readings) - used)
    if unused:
        raise ValueError(f"readings for occurrences not in the corpus: {unused[:5]}")
    return labelled


def concordance_lines(records: Iterable[Mapping[str, Any]]) -> str:
    """The JSON Lines text of the concordance (UTF-8, one record a line, fixed field order)."""
    return "".join(json.dumps({field: record[field] for field in FIELDS}, ensure_ascii=False)
                   + "\n" for record in records)


def load_concordance(path: str | os.PathLike | None = None, *, verify: bool = True) -> list[dict[str, Any]]:
    """Load the dog/train concordance, one record per occurrence.

    Parameters
    ----------
    path : path, optional
        A JSON Lines file as written by ``python -m tools concordance``;
        default: the shipped ``bookeval_lib/data/brown_dog_train.jsonl``.
    verify : bool
        For the shipped file, check its SHA-256 against
        ``brown_dog_train.sha256`` and raise ``ValueError`` on a mismatch.

    Returns
    -------
    list of dict
        Fields :data:`FIELDS`: ``doc`` (Brown file id, e.g. ``"ca09"``),
        ``sentence_number``, ``token_number``, ``part_number`` (0-based),
        ``token``, ``word``, ``tag`` (Brown tag, lower case), ``sentence``
        (tokens without tags), ``previous_sentence``, ``next_sentence``, ``sense`` (a key of :data:`SENSES`),
        ``decided_by`` and ``note`` (the justification of a reading).
    """
    if path is None:
        data = resources.files("bookeval_lib").joinpath("data")
        raw = data.joinpath(CONCORDANCE_FILE).read_bytes()
        if verify:
            expected = data.joinpath(CHECKSUM_FILE).read_text("utf-8").split()[0]
            actual = hashlib.sha256(raw).hexdigest()
            if actual != expected:
                raise ValueError(f"{CONCORDANCE_FILE} has SHA-256 {actual}, expected {expected}")
    else:
        raw = Path(path).read_bytes()
    where = "the shipped concordance" if path is None else str(path)
    records = []
    for line_number, line in enumerate(raw.split(b"\n"), start=1):
        if not line.strip():
            if line_number == raw.count(b"\n") + 1:     # the end of the file after its last newline
                continue
            raise ValueError(f"{where}, line {line_number}: blank line (one JSON record per line expected)")
        try:
            text = line.decode("utf-8")
        except UnicodeDecodeError as error:
            raise ValueError(f"{where}, line {line_number}: not UTF-8 (byte {error.start + 1}: "
                             f"{line[error.start:error.end]!r})") from None
        try:
            record = json.loads(text)
        except json.JSONDecodeError as error:
            raise ValueError(f"{where}, line {line_number}: not JSON ({error.msg} at column {error.colno})") from None
        except (ValueError, RecursionError) as error:   # nesting too deep, an integer of thousands of digits
            raise ValueError(f"{where}, line {line_number}: not a concordance record ({type(error).__name__}: "
                             f"{str(error)[:100]})") from None
        if not isinstance(record, dict):
            raise ValueError(f"{where}, line {line_number}: a JSON object is expected, got {type(record).__name__}")
        missing = [field for field in FIELDS if field not in record]
        if missing:
            raise ValueError(f"{where}, line {line_number}: missing fields {missing}")
        for field in FIELDS:
            wanted = int if field in _INTEGER_FIELDS else str
            value = record[field]
            if not isinstance(value, wanted) or isinstance(value, bool):
                raise ValueError(f"{where}, line {line_number}: field {field!r} must be "
                                 f"{'an integer' if wanted is int else 'a string'}, got {value!r}")
        if record["sense"] not in SENSES:
            raise ValueError(f"{where}, line {line_number}: sense must be one of {''.join(SENSES)}, "
                             f"got {record['sense']!r}")
        records.append(record)
    return records


def occurrence_id(record: Mapping[str, Any]) -> str:
    """``"doc:sentence_number:token_number"``, e.g. ``"ca09:51:4"`` (unique in the concordance)."""
    return f"{record['doc']}:{record['sentence_number']}:{record['token_number']}"


def paper_senses(records: Iterable[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """Our labels changed by :data:`PAPER_DIFFERENCES`: the records as Table 1 seems to count them.

    Returns a new list of records, without the occurrences the paper seems
    not to have counted, and with ``sense`` replaced where it differs.
    """
    result = []
    for record in records:
        key = occurrence_id(record)
        if key in PAPER_DIFFERENCES:
            if PAPER_DIFFERENCES[key] is None:
                continue
            record = dict(record, sense=PAPER_DIFFERENCES[key])
        result.append(record)
    return result


def sense_counts(records: Sequence[Mapping[str, Any]]) -> dict[str, tuple[int, int]]:
    """Per sense: (tf, df) = (occurrences, distinct documents), as in Table 1."""
    counts = {}
    for sense in SENSES:
        docs = [r["doc"] for r in records if r["sense"] == sense]
        if docs:
            counts[sense] = (len(docs), len(set(docs)))
    return counts


# ---------------------------------------------------------------- features
def _context_tokens(record, neighbours):
    """Lower-case tokens of the sentence (and neighbours) and the occurrence's position."""
    before = record["previous_sentence"].split() if neighbours else []
    after = record["next_sentence"].split() if neighbours else []
    words = before + record["sentence"].split(" ") + after
    return [word.lower() for word in words], len(before) + int(record["token_number"])


def context_features(records: Sequence[Mapping[str, Any]],
                     context_words: Mapping[str, Sequence[str]] | Sequence[str] | None = None, *,
                     neighbours: bool = True, window: int | None = None) -> np.ndarray:
    """Binary matrix: does context word j occur near occurrence i?

    Parameters
    ----------
    records : list of dict
        Concordance records (``sentence``, ``previous_sentence``,
        ``next_sentence`` and ``token_number`` are used).
    context_words : dict, optional
        Feature name -> word forms (compared in lower case); default
        :data:`CONTEXT_WORDS`.  A plain list of words is also accepted (each
        word is its only form).
    neighbours : bool
        True (default): the context is the occurrence's sentence with the
        sentence before and after it (same document); False: the sentence
        alone.
    window : int or None
        ``None``: the whole context; an integer w >= 0: only the w tokens on
        each side of the occurrence within that context.  The occurrence's
        own token never counts.

    Returns
    -------
    numpy.ndarray of int8, shape (len(records), len(context_words))
    """
    if context_words is None:
        context_words = CONTEXT_WORDS
    if not isinstance(context_words, dict):
        context_words = {word: (word,) for word in context_words}
    if not context_words:
        raise ValueError("context_words is empty")
    if window is not None:
        window = _checks.positive_integer(window, "window", minimum=0)
    column: dict[str, list[int]] = {}
    for j, forms in enumerate(context_words.values()):
        for form in forms:
            column.setdefault(form.lower(), []).append(j)
    features = np.zeros((len(records), len(context_words)), dtype=np.int8)
    for i, record in enumerate(records):
        words, position = _context_tokens(record, neighbours)
        lo, hi = (0, len(words)) if window is None else (max(0, position - window),
                                                         min(len(words), position + window + 1))
        for k in range(lo, hi):
            if k != position:
                for j in column.get(words[k], ()):
                    features[i, j] = 1
    return features


def add_index_document(features: ArrayLike, labels: Iterable[str]) -> tuple[np.ndarray, list[str]]:
    """Append the paper's index document: doc 501, class "Z", every feature on.

    Powers 2003 adds one artificial occurrence in an "index" context (like a
    dictionary page that mentions every context word) and gives it its own
    class Z.  Returns ``(features, labels)`` with one more row.
    """
    features = np.asarray(features)
    row = np.ones((1, features.shape[1]), dtype=features.dtype)
    return np.vstack([features, row]), list(labels) + ["Z"]
