"""HTTP adapter: the only package that imports Litestar."""
