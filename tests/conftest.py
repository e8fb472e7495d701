"""Shared test settings: hypothesis runs derandomized so a CI run is reproducible."""
from hypothesis import settings

settings.register_profile("bookeval", derandomize=True, deadline=None, max_examples=300,
                          database=None)
settings.load_profile("bookeval")
