"""Helpers shared by end-to-end tests: running a server subprocess, and test-only services."""
