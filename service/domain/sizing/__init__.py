"""Memory, speed, time and cost of running a model on a GPU setup."""
