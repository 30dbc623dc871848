"""Questions in English or Romanian: entities read from the text, passages found, numbers
composed into an answer."""
