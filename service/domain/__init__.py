"""The pure core: sizing, speed, cost and recommendation logic.

Nothing in this package imports a web framework, an ML library or does I/O; adapters feed it
data and the API and CLI present its results.
"""
