"""Settings split by purpose: base (shared), dev, test, prod."""
