"""The one model of the course that every tool reads: where things are, what a notebook's stem is, the outline.

* ``ROOT`` is the checkout; ``NOTEBOOKS`` the folder of notebooks the tools read (``BOOKEVAL_NOTEBOOKS``
  points them at another folder, e.g. a converted copy to preview; it is honoured by every tool, since they
  all read it from here); ``DATA`` the folder of the course's data files (course.toml, figures.toml,
  terms.toml, questions.toml: always the checkout's ``notebooks/``); ``EXERCISES`` the generated exercise
  notebooks.
* ``STEM`` is the one pattern of a course notebook's file name: ``01_…``, ``01b_…``, ``A1_…`` (a glob such as
  ``[0-9][0-9]_*`` misses ``01b_…``; ``ERRATA.md`` and ``matplotlibrc`` are not notebooks).
* ``load_course`` parses notebooks/course.toml once per process (a copy each call, defaults filled in).
* Notebook files are read and written as nbformat writes them (``read``, ``dumps``, ``write``).
"""
from __future__ import annotations

import copy
import functools
import json
import os
import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = Path(os.environ.get("BOOKEVAL_NOTEBOOKS", ROOT / "notebooks")).resolve()
DATA = ROOT / "notebooks"
EXERCISES = ROOT / "exercises"
COURSE = DATA / "course.toml"
README = ROOT / "README.md"
BOOK = ROOT / "book"
BUILD = ROOT / "build"

# The prefix of a course notebook's stem ("01", "01b", "A1"), and the whole stem.
STEM = re.compile(r"(\d\db?|A\d)_")


def number(stem: str) -> str:
    """"01" of 01_contingency_table, "01b" of 01b_guessers, "A1" of A1_lingpipe (or of a file name)."""
    match = STEM.match(stem)
    if match is None:
        raise ValueError(f"{stem!r} is not the name of a course notebook (NN_, NNb_ or AN_ then a name)")
    return match.group(1)


def is_course_notebook(path: Path) -> bool:
    return path.suffix == ".ipynb" and STEM.match(path.name) is not None


def notebook_paths(folder: Path | None = None) -> list[Path]:
    """The course notebooks of a folder (default ``NOTEBOOKS``), sorted by file name."""
    folder = NOTEBOOKS if folder is None else folder
    return sorted(path for path in folder.glob("*.ipynb") if is_course_notebook(path))


def stems(folder: Path | None = None) -> set[str]:
    return {path.stem for path in notebook_paths(folder)}


def path_of(stem: str, notebooks: Path | None = None) -> Path:
    return (NOTEBOOKS if notebooks is None else notebooks) / f"{stem}.ipynb"


# --- the outline: notebooks/course.toml ------------------------------------------------------------------

@functools.lru_cache(maxsize=None)
def _parsed(path: Path) -> dict:
    with open(path, "rb") as handle:
        course = tomllib.load(handle)
    for entry in course["notebook"]:
        entry.setdefault("assumes", [])
        entry.setdefault("maths", [])
        entry.setdefault("also", "")
    return course


def load_course(path: Path = COURSE) -> dict:
    """The parsed outline: ``notebook`` (a list of entries in reading order) and ``path`` (the declared
    paths)."""
    return copy.deepcopy(_parsed(Path(path).resolve()))


def main_path(notebooks: Path | None = None) -> list[Path]:
    """The main-path notebooks of the outline that exist, in its order (one lecture deck each)."""
    paths = [path_of(entry["stem"], notebooks) for entry in load_course()["notebook"] if entry["part"] == "main"]
    return [path for path in paths if path.exists()]


def main_stems() -> set[str]:
    return {entry["stem"] for entry in load_course()["notebook"] if entry["part"] == "main"}


# --- notebook files --------------------------------------------------------------------------------------

def read(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def dumps(notebook: dict) -> str:
    """As nbformat writes it (one-space indent, sorted keys, UTF-8, a final newline)."""
    return json.dumps(notebook, indent=1, ensure_ascii=False, sort_keys=True) + "\n"


def write(path: Path, notebook: dict) -> None:
    path.write_text(dumps(notebook), encoding="utf-8")


def source(cell: dict) -> str:
    text = cell.get("source", "")
    return "".join(text) if isinstance(text, list) else text


def set_source(cell: dict, text: str) -> None:
    cell["source"] = text.splitlines(keepends=True)


def tags(cell: dict) -> list[str]:
    return cell.get("metadata", {}).get("tags", [])
