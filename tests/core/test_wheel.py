"""The built wheel works anywhere: built with PyPA `build` (sdist, then the wheel from the sdist),
metadata valid, installed (not editable) into a fresh virtual environment and run from a
directory outside the checkout. One test, about a minute: it needs the package index for the
build backend and for the wheel's dependencies, as `pip install` does."""

import json
import os
import subprocess
import sys
import tarfile
import venv
import zipfile
from importlib import metadata
from pathlib import Path

from build import ProjectBuilder
from build.env import DefaultIsolatedEnv
from packaging.metadata import Metadata
from pyproject_hooks import quiet_subprocess_runner

import reference

REPO = Path(__file__).resolve().parents[2]
NAME = "horserace-conformance"
SHIPPED = [                                            # one file of each kind of package data
    "reference/suite_data/schema/vectors.schema.json",
    "reference/suite_data/schema/protocol/runner-message.schema.json",
    "reference/suite_data/vectors/dominoes/layout.json",
    "reference/suite_data/vectors/scenarios/dominoes/wt-lone-double.yaml",
    "reference/suite_data/docs/clauses.md",
    "reference/dominoes/clauses.yaml",
    "reference/cards/interpretations.yaml",
    "reference/horse_fever/data/movement_cards.yaml",
]


def run(argv, **kwargs) -> subprocess.CompletedProcess:
    done = subprocess.run([str(a) for a in argv], capture_output=True, text=True, timeout=600, **kwargs)
    assert done.returncode == 0, f"{argv} exited {done.returncode}\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done


def check_metadata(raw: bytes) -> Metadata:
    meta = Metadata.from_email(raw, validate=True)     # what `twine check` validates, minus rendering
    assert meta.name == NAME and str(meta.version) == reference.__version__
    assert meta.description_content_type == "text/markdown"
    assert meta.description.startswith("# Horse Race conformance suite")
    assert {r.name for r in meta.requires_dist if r.marker is None} == {"pyyaml", "jsonschema"}
    return meta


def build_sdist_then_wheel(dist: Path) -> tuple[Path, Path]:
    """What `python -m build` does (the sdist, then the wheel from the unpacked sdist, each by the
    backend in an isolated environment holding only the declared build requirements), with one
    isolated environment for both builds instead of one each: making one costs seconds."""
    with DefaultIsolatedEnv() as env:
        builder = ProjectBuilder.from_isolated_env(env, REPO, runner=quiet_subprocess_runner)
        env.install(builder.build_system_requires)
        env.install(builder.get_requires_for_build("sdist"))
        sdist = Path(builder.build("sdist", dist))
        unpacked = dist.parent / "unpacked"
        with tarfile.open(sdist) as archive:
            archive.extractall(unpacked, **({"filter": "data"} if hasattr(tarfile, "data_filter") else {}))
        [source] = list(unpacked.iterdir())
        builder = ProjectBuilder.from_isolated_env(env, source, runner=quiet_subprocess_runner)
        env.install(builder.get_requires_for_build("wheel"))
        wheel = Path(builder.build("wheel", dist))
    return wheel, sdist


def test_the_wheel_installs_into_a_fresh_venv_and_runs_outside_the_checkout(tmp_path):
    dist = tmp_path / "dist"
    wheel, sdist = build_sdist_then_wheel(dist)
    assert sorted(p.name for p in dist.iterdir()) == sorted([wheel.name, sdist.name])
    base = f"horserace_conformance-{reference.__version__}"
    assert (wheel.name, sdist.name) == (f"{base}-py3-none-any.whl", f"{base}.tar.gz")
    with zipfile.ZipFile(wheel) as archive:
        check_metadata(archive.read(f"{base}.dist-info/METADATA"))
        names = set(archive.namelist())
        entry_points = archive.read(f"{base}.dist-info/entry_points.txt").decode()
    assert [n for n in SHIPPED if n not in names] == []
    assert not any(n.startswith(("tests/", "examples/")) for n in names)
    assert "[pytest11]\nhorserace = reference.core.pytest_plugin" in entry_points
    with tarfile.open(sdist) as archive:
        check_metadata(archive.extractfile(f"{base}/PKG-INFO").read())

    env_dir = tmp_path / "venv"
    bin_dir = env_dir / "bin"
    # No pip of its own (ensurepip costs as much as the install) when this process's pip can
    # install into it (`pip --python`, pip 22.3 and later), resolving the dependencies as ever.
    outer_pip = tuple(int(part) for part in metadata.version("pip").split(".")[:2]) >= (22, 3)
    venv.create(env_dir, with_pip=not outer_pip)
    pip = [sys.executable, "-m", "pip", "--python", bin_dir / "python"] if outer_pip else [bin_dir / "python", "-m", "pip"]
    run([*pip, "install", "-q", wheel, "pytest"])
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")}
    env["PATH"] = f"{bin_dir}{os.pathsep}{env.get('PATH', '')}"

    where = run([bin_dir / "python", "-c", "import reference.core.paths as p, reference; "
                 "print(p.IN_CHECKOUT, p.SCENARIO_DIR, reference.__version__, sep='\\n')"],
                cwd=elsewhere, env=env).stdout.splitlines()
    assert where[0] == "False" and Path(where[1]).is_relative_to(env_dir) and where[2] == reference.__version__

    checked = run([bin_dir / "horserace", "check", "--id", "dom-wt-lone-double"], cwd=elsewhere, env=env)
    assert "total: 1 passed, 0 failed" in checked.stdout
    scenario = Path(where[1]) / "dominoes" / "wt-lone-double.yaml"
    verified = run([bin_dir / "horserace", "verify", scenario], cwd=elsewhere, env=env)
    assert "PASS vectors/scenarios/dominoes/wt-lone-double.yaml" in verified.stdout
    assert "1 passed, 0 failed, 0 errors" in verified.stdout
    plugin = run([bin_dir / "python", "-m", "pytest", "-p", "no:cacheprovider", "--horserace-impl",
                  f"{bin_dir / 'horserace'} adapter", "--horserace-id", "hf-odds-shared-rows", "-v"],
                 cwd=elsewhere, env=env)
    assert "horserace::horse_fever::odds::hf-odds-shared-rows PASSED" in plugin.stdout
    # every case of the suite is collected from the installed package (one item per case id)
    collected = run([bin_dir / "python", "-m", "pytest", "-p", "no:cacheprovider", "--horserace-impl",
                     f"{bin_dir / 'horserace'} adapter", "--collect-only", "-q"], cwd=elsewhere, env=env)
    items = [line for line in collected.stdout.splitlines() if line.startswith("horserace::")]
    manifest = json.loads((REPO / "vectors" / "MANIFEST.json").read_text(encoding="utf-8"))
    assert len(items) == len(set(items)) == sum(f["case_count"] for f in manifest["files"].values())
