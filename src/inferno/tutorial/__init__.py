"""The interactive tutorial: a scripted, seeded game that teaches the rules step by step.

:class:`~inferno.tutorial.session.Tutorial` is shared by the terminal (``inferno learn``) and the
browser tutorial; the steps live in ``script.toml``.
"""
