"""The numbers an answer leads with, one module per capability, layered so that each imports
only the ones before it: ``context`` (the question's writing context and shared helpers),
``layouts``, ``jobs``, ``media``, ``memory``, ``prices``, ``cost``, ``speed``, ``counts``,
``compare``, ``training``, ``terms``, ``regions``, ``write`` (the writer per intent and
``compose_numbers``), and ``also`` (the other figures a question asks beside its first).
Names with a leading underscore are internal to this package: shared between its modules,
never imported from outside it."""
