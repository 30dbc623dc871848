"""Slack's side of the bot: commands parsed, Block Kit rendered, messages posted, retries de-
duplicated."""
