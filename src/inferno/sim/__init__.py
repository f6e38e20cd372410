"""Simulations of many bot games: records, runners (local processes, Ray), files and analysis."""
