"""Versions an implementer can pin: what each release of the vectors holds, what changed between
two, and whether the version moved with the vectors.

- `snapshot`: the vectors of a version, a commit, a folder or a wheel, read as case marks (a
  digest of each case's input, expectations, flags and other metadata) and, where the files are
  at hand, the cases themselves.
- `compare`: the cases added, removed and changed between two snapshots, each changed case with
  the first step whose expectation moved, grouped by the cause the suite knows; and the semver
  step that such a change needs.
- `record`: the committed release records (`vectors/releases/VERSION.json`), the retired ids,
  the check that the vectors still match the current version's record, and CHANGES.md.
"""

from .compare import Changes, compare
from .record import ReleaseError, verify_release_state
from .snapshot import Snapshot, resolve

__all__ = ["Changes", "ReleaseError", "Snapshot", "compare", "resolve", "verify_release_state"]
