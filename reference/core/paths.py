"""Where the suite's data lives: in a checkout, or inside an installed wheel.

A checkout keeps `schema/`, `vectors/`, `docs/` and `examples/` at the top of the repository, beside
`reference/`. A wheel carries the same folders as package data under `reference/suite_data/` (copied
there at build time by setup.py), found with importlib.resources. The constants below point at
whichever is present, so the rest of the suite reads files without knowing how it was
installed. Files inside a game's package (clause catalogs, interpretations, Horse Fever
component data) are package data of that package: `package_folder(__name__)`.

The rule texts (`../shared/seeds/`) are never shipped; `seeds_dir()` says so outside a checkout.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from .errors import SuiteLayoutError

PACKAGE = "reference"
PACKAGED_DATA = "suite_data"          # the folder name inside the package (see setup.py)


def package_folder(package: str) -> Path:
    """The folder of an importable package, for reading its package data.

    pip installs wheels unpacked, so this is a real directory; a zipped import cannot be read
    by path and is refused with a clear message instead of failing later on a missing file.
    """
    folder = resources.files(package)
    if not isinstance(folder, Path):
        raise SuiteLayoutError(f"package {package} is not installed as a folder ({folder}); "
                               "install the wheel with pip instead of importing it from a zip file")
    return folder.resolve()


def _checkout_root(package_dir: Path) -> Path | None:
    """The repository root when the package is imported from a checkout, else None."""
    root = package_dir.parent
    if (root / "pyproject.toml").is_file() and (root / "schema").is_dir() and (root / "vectors").is_dir():
        return root
    return None


PACKAGE_DIR = package_folder(PACKAGE)
CHECKOUT_ROOT = _checkout_root(PACKAGE_DIR)
IN_CHECKOUT = CHECKOUT_ROOT is not None
# DATA_ROOT holds schema/, vectors/ and docs/; reports show paths relative to it, so a case's origin
# reads `vectors/scenarios/...` whether the suite runs from a checkout or from a wheel.
DATA_ROOT = CHECKOUT_ROOT if CHECKOUT_ROOT is not None else PACKAGE_DIR / PACKAGED_DATA
REPO_ROOT = DATA_ROOT
SCHEMA_DIR = DATA_ROOT / "schema"
VECTORS_DIR = DATA_ROOT / "vectors"
SCENARIO_DIR = VECTORS_DIR / "scenarios"
EXAMPLES_DIR = DATA_ROOT / "examples"          # the adapter starters (`horserace starter` writes them out)
SEEDS_DIR = (CHECKOUT_ROOT or DATA_ROOT).parent / "shared" / "seeds"


def require_dir(path: Path, what: str) -> Path:
    if not path.is_dir():
        where = ("a checkout" if IN_CHECKOUT else f"the installed package ({PACKAGE_DIR})")
        raise SuiteLayoutError(
            f"{what} not found at {path} in {where}. From a checkout, install with 'pip install -e .' "
            f"from the repository root; otherwise reinstall the wheel (it ships schema/ and vectors/).")
    return path


def seeds_dir() -> Path:
    """The rule texts beside a checkout (`../shared/seeds`); they are not part of the wheel."""
    if not SEEDS_DIR.is_dir():
        raise SuiteLayoutError(
            f"the rule texts are not at {SEEDS_DIR}: they live beside a checkout (../shared/seeds) "
            "and are not shipped in the wheel; run this from a checkout next to them")
    return SEEDS_DIR


def display_path(path: Path | str) -> str:
    """A path relative to the data root when it lies inside it, else relative to the folder
    holding the `reference` package when it lies in the package (a catalog:
    `reference/dominoes/clauses.yaml`, from a checkout and from site-packages alike): stable in
    reports and pages, and never the installation's absolute path."""
    path = Path(path)
    if not path.is_absolute() and (DATA_ROOT / path).exists():   # already shown relative to it
        return path.as_posix()
    path = path.resolve()
    for root in (DATA_ROOT, PACKAGE_DIR.parent):
        if path.is_relative_to(root):
            return path.relative_to(root).as_posix()
    return str(path)
