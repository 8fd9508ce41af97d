"""Tests of engine/vanguard: the Vanguard rules, cards, abilities, citations and the 124 scenarios."""
