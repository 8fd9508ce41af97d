"""Scripts that print speed and memory figures (`make bench`); each runs on its own, none is a test."""
