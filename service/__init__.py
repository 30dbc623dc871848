"""gpu-advisor: which cloud GPU to rent for generative AI, with the numbers behind the answer."""

__version__ = "0.1.0"
