"""Engine tests: core/ (the shared machinery) and vanguard/ (the Vanguard rules); scenarios are in tests/scenarios/."""
