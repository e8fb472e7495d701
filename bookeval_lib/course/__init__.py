"""The course layer: what only the notebooks need (figures, sympy, displays); may use matplotlib and sympy."""
