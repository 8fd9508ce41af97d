"""run_scenario (run engine scenario files) and prune_scenarios (housekeeping, daily)."""
