"""The `horserace` command line."""
