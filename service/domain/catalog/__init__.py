"""What the service knows: models, GPUs, precisions, engines, offers and providers, and the
immutable snapshot of them every entry point takes."""
