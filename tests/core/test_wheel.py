"""The built wheel works anywhere: built with PyPA `build` (sdist, then the wheel from the sdist),
metadata valid, installed by pip (not editable) into a fresh virtual environment where the
checkout is not importable, and run from a directory outside the checkout: a check, a verify,
a starter written out and checked unchanged, a site with no installation paths, the pytest
plugin. One test; it needs the package index for the build backend, as `python -m build` does.

The wheel's dependencies (and pytest, to run the plugin) are not fetched and unpacked again:
pip installs the wheel alone (`--no-deps`), and the distributions the wheel requires, with
their own requirements, are linked into the fresh environment from this one, each checked
against the wheel's declared version range as pip's resolver would. Nothing else of this
environment is visible there (the test compares the distributions the fresh interpreter sees)."""

import contextlib
import json
import os
import subprocess
import sys
import tarfile
import venv
import zipfile
from importlib import metadata
from pathlib import Path
from typing import Iterator

from build import ProjectBuilder
from build.env import DefaultIsolatedEnv
from packaging.metadata import Metadata
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
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
    "reference/suite_data/examples/python/protocol.py",
    "reference/suite_data/examples/javascript/dominoes.js",
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
        with pip_reads_installed_bytecode():
            env.install(builder.build_system_requires)
        requires = builder.get_requires_for_build("sdist")
        with pip_reads_installed_bytecode():
            env.install(requires)
        sdist = Path(builder.build("sdist", dist))
        unpacked = dist.parent / "unpacked"
        with tarfile.open(sdist) as archive:
            archive.extractall(unpacked, **({"filter": "data"} if hasattr(tarfile, "data_filter") else {}))
        [source] = list(unpacked.iterdir())
        builder = ProjectBuilder.from_isolated_env(env, source, runner=quiet_subprocess_runner)
        requires = builder.get_requires_for_build("wheel")
        with pip_reads_installed_bytecode():
            env.install(requires)
        wheel = Path(builder.build("wheel", dist))
    return wheel, sdist


def installed_bytecode(environ: dict[str, str]) -> dict[str, str]:
    """`environ` for a process that should read the bytecode installations hold beside their
    sources (pip compiles at install time) and write none, instead of compiling what it imports
    into the test run's own bytecode folder (PYTHONPYCACHEPREFIX, set by tests/conftest.py):
    pip itself, the installed wheel, and the distributions linked from this environment."""
    env = {k: v for k, v in environ.items() if k != "PYTHONPYCACHEPREFIX"}
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


@contextlib.contextmanager
def pip_reads_installed_bytecode() -> Iterator[None]:
    """`build` starts pip with this process's environment: `installed_bytecode` for it while it
    runs. The backend's hooks keep the run's folder: setuptools, fresh in the build
    environment, is compiled there once for the four hook processes."""
    saved = dict(os.environ)
    os.environ.clear()
    os.environ.update(installed_bytecode(saved))
    try:
        yield
    finally:
        os.environ.clear()
        os.environ.update(saved)


def link_requirements(requirements: list[Requirement], site_packages: Path) -> dict[str, str]:
    """Make the distributions `requirements` name, and theirs, importable in `site_packages` by
    linking their files there from this environment (what `pip install` would have unpacked
    there, minus the scripts). Each must satisfy the version range it is required with, as pip's
    resolver checks. Returns the linked distributions: canonical name -> version."""
    linked: dict[str, str] = {}
    wanted = list(requirements)
    while wanted:
        requirement = wanted.pop()
        if requirement.marker is not None and not requirement.marker.evaluate({"extra": ""}):
            continue
        dist = metadata.distribution(requirement.name)
        assert requirement.specifier.contains(dist.version, prereleases=True), \
            f"{requirement} is required but this environment has {dist.metadata['Name']} {dist.version}"
        name = canonicalize_name(dist.metadata["Name"])
        if name in linked:
            continue
        linked[name] = dist.version
        assert dist.files, f"{name} {dist.version} lists no files (no RECORD): install it with pip to link it"
        for top in sorted({file.parts[0] for file in dist.files} - {"..", "__pycache__"}):
            link = site_packages / top
            if not link.exists():
                link.symlink_to(Path(dist.locate_file(top)))
        wanted += [Requirement(text) for text in dist.requires or ()]
    return linked


def test_the_wheel_installs_into_a_fresh_venv_and_runs_outside_the_checkout(tmp_path):
    dist = tmp_path / "dist"
    wheel, sdist = build_sdist_then_wheel(dist)
    assert sorted(p.name for p in dist.iterdir()) == sorted([wheel.name, sdist.name])
    base = f"horserace_conformance-{reference.__version__}"
    assert (wheel.name, sdist.name) == (f"{base}-py3-none-any.whl", f"{base}.tar.gz")
    with zipfile.ZipFile(wheel) as archive:
        meta = check_metadata(archive.read(f"{base}.dist-info/METADATA"))
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
    # install into it (`pip --python`, pip 22.3 and later).
    outer_pip = tuple(int(part) for part in metadata.version("pip").split(".")[:2]) >= (22, 3)
    venv.create(env_dir, with_pip=not outer_pip)
    pip = [sys.executable, "-m", "pip", "--python", bin_dir / "python"] if outer_pip else [bin_dir / "python", "-m", "pip"]
    run([*pip, "install", "-q", "--no-deps", "--no-index", wheel], env=installed_bytecode(dict(os.environ)))
    [site_packages] = (env_dir / "lib").glob("python3*/site-packages")
    linked = link_requirements([*meta.requires_dist, Requirement("pytest")], site_packages)
    assert {"pyyaml", "jsonschema", "pytest"} <= linked.keys()
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {k: v for k, v in installed_bytecode(dict(os.environ)).items()
           if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")}
    env["PATH"] = f"{bin_dir}{os.pathsep}{env.get('PATH', '')}"

    where = run([bin_dir / "python", "-c", "import reference.core.paths as p, reference; "
                 "from importlib import metadata; import re; "
                 "print(p.IN_CHECKOUT, p.SCENARIO_DIR, reference.__version__, ' '.join(sorted("
                 "{re.sub(r'[-_.]+', '-', d.metadata['Name']).lower() for d in metadata.distributions()})), sep='\\n')"],
                cwd=elsewhere, env=env).stdout.splitlines()
    assert where[0] == "False" and Path(where[1]).is_relative_to(env_dir) and where[2] == reference.__version__
    # the wheel's own installation and what was linked: nothing else of this environment
    # (and the pip that venv bundles when it had to have one)
    bundled = set() if outer_pip else {"pip", "setuptools"}
    assert set(where[3].split()) - bundled == {canonicalize_name(NAME), *linked}

    checked = run([bin_dir / "horserace", "check", "--id", "dom-wt-lone-double"], cwd=elsewhere, env=env)
    assert "total: 1 passed, 0 failed" in checked.stdout
    # A starter written from the wheel, unchanged, completes a check of its game's first kind:
    # handshake accepted (one start), every layout case answered (its stub fails them), none errored.
    run([bin_dir / "horserace", "starter", "--lang", "python", "--game", "dominoes", "-o", "engine"], cwd=elsewhere, env=env)
    assert sorted(p.name for p in (elsewhere / "engine").iterdir()) == ["dominoes.py", "protocol.py"]
    started = subprocess.run([str(bin_dir / "horserace"), "check", "--impl", f"{bin_dir / 'python'} engine/dominoes.py",
                              "--game", "dominoes", "--kind", "layout", "--json", "starter.json"],
                             cwd=elsewhere, env=env, capture_output=True, text=True, timeout=600)
    assert started.returncode == 1, started.stderr[-2000:]          # the stub's answers fail
    report = json.loads((elsewhere / "starter.json").read_text(encoding="utf-8"))
    layouts = json.loads((REPO / "vectors" / "dominoes" / "layout.json").read_text(encoding="utf-8"))["case_count"]
    assert report["implementation"]["starts"] == 1 and report["totals"]["errored"] == 0
    assert len(report["cases"]) == layouts and report["totals"]["failed"] > 0
    assert all(c["status"] == "failed" or c["status"] == "skipped" and "the stub" in c["message"] for c in report["cases"])
    # pages generated from the wheel show no path of the installation
    run([bin_dir / "horserace", "site", "-o", "site", "--game", "cards"], cwd=elsewhere, env=env)
    pages = [p.read_text(encoding="utf-8") for p in (elsewhere / "site").rglob("*.html")]
    assert pages and not [p for p in pages if "site-packages" in p or str(env_dir) in p]
    scenario = Path(where[1]) / "dominoes" / "wt-lone-double.yaml"
    verified = run([bin_dir / "horserace", "verify", scenario], cwd=elsewhere, env=env)
    assert "PASS vectors/scenarios/dominoes/wt-lone-double.yaml" in verified.stdout
    assert "1 passed, 0 failed, 0 errors" in verified.stdout
    # One pytest run: the plugin collects every case of the suite from the installed package
    # (one item per case id; this conftest.py records the items before -k deselects all but
    # one), and runs that one through the installed `horserace adapter`.
    (elsewhere / "conftest.py").write_text(
        "import json, pytest\n\n"
        "@pytest.hookimpl(tryfirst=True)\n"
        "def pytest_collection_modifyitems(items):\n"
        "    with open('collected.json', 'w') as out:\n"
        "        json.dump([item.nodeid for item in items], out)\n", encoding="utf-8")
    plugin = run([bin_dir / "python", "-m", "pytest", "-p", "no:cacheprovider", "--horserace-impl",
                  f"{bin_dir / 'horserace'} adapter", "-k", "hf-odds-shared-rows", "-v"], cwd=elsewhere, env=env)
    assert "horserace::horse_fever::odds::hf-odds-shared-rows PASSED" in plugin.stdout
    assert " 1 passed" in plugin.stdout
    items = [i for i in json.loads((elsewhere / "collected.json").read_text(encoding="utf-8")) if i.startswith("horserace::")]
    manifest = json.loads((REPO / "vectors" / "MANIFEST.json").read_text(encoding="utf-8"))
    assert len(items) == len(set(items)) == sum(f["case_count"] for f in manifest["files"].values())
