"""Where the suite's data lives in a checkout."""

from __future__ import annotations

from pathlib import Path

from .errors import SuiteLayoutError

REPO_ROOT = Path(__file__).resolve().parents[2]
SCHEMA_DIR = REPO_ROOT / "schema"
VECTORS_DIR = REPO_ROOT / "vectors"
SCENARIO_DIR = VECTORS_DIR / "scenarios"
SEEDS_DIR = REPO_ROOT.parent / "shared" / "seeds"


def require_dir(path: Path, what: str) -> Path:
    if not path.is_dir():
        raise SuiteLayoutError(
            f"{what} not found at {path}. The suite runs from a checkout: install it with "
            f"'pip install -e .' from the repository root.")
    return path


def display_path(path: Path | str) -> str:
    """A path relative to the repository when it lies inside it (stable in reports)."""
    path = Path(path).resolve()
    try:
        return str(path.relative_to(REPO_ROOT))
    except ValueError:
        return str(path)
