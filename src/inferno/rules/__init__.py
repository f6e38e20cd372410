"""The pure rules engine: no I/O beyond reading its own data files."""
