"""Ranked cloud offers for a workload, a load and a budget, with the reasons."""
