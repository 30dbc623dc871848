"""Adapters: files, HTTP, embeddings. They depend on the domain, never the other way."""
