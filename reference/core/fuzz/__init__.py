"""Differential fuzzing: random cases from seeds, the reference engine as the oracle.

Each game offers a generator in `reference/<game>/fuzzing.py` (see `choices.Chooser` for the
contract); this package runs campaigns, compares over the runner protocol, shrinks a divergent
case and writes reports.
"""
