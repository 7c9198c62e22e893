"""Reference engines for the games called Horse Race.

`reference.core` is game-agnostic (scenario loading, schemas, catalogs, verification);
every other subpackage is one game behind the interface in `reference.core.game`.
"""

from .core.version import SUITE_VERSION as __version__  # the one source: reference/core/version.py
