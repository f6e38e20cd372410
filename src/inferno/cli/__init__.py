"""The ``inferno`` command line."""
