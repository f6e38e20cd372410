"""Whole-game harness: invariants over seeded random games, API errors, views, rules data, perft, golden logs."""
