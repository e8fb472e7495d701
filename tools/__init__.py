"""The course's build tool: one package, one model of the course (tools/course.py), run from the checkout as
``python -m tools <command>`` (``python -m tools --help`` lists the commands).

It writes the files generated from the notebooks (``regen``: quiz cells, folded solutions, header lines,
README's learning path and book/path.md, the exercise notebooks; ``regen --check`` only reports), and builds
what the site hands out (``gallery``, ``slides``, ``handouts``, ``sheets``; the Sphinx site loads
``tools.sphinx_site`` and ``tools.sphinx_kit`` as extensions).  No module changes ``sys.path``: the checkout
is on it because Python, pytest and Sphinx are run from there (``python -m ...``), and tests/test_tools.py
checks that the import graph of the package has no cycle.
"""
