"""Evaluation harnesses (calibration against published measurements, question-answering
quality); pure, used by the CLI and the tests."""
