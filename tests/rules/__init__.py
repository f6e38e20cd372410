"""One or more tests per rule of RULES.md and the seeds, built from exact positions with inferno.Scenario."""
