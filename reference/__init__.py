"""Reference engines for the games called Horse Race.

`reference.core` is game-agnostic (scenario loading, schemas, catalogs, verification);
every other subpackage is one game behind the interface in `reference.core.game`.
"""

__version__ = "0.1.0"
