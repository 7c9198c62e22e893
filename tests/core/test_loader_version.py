"""The suite version comes from one file, never from installed package metadata."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tomllib
from importlib import metadata

from reference.core import version
from reference.core.paths import REPO_ROOT
from reference.core.vectors import vector_files

SEMVER = re.compile(r"^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$")


def test_pyproject_reads_the_version_from_the_one_file():
    project = tomllib.loads((REPO_ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" not in project["project"] and "version" in project["project"]["dynamic"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "reference.core.version.SUITE_VERSION"}
    assert SEMVER.match(version.SUITE_VERSION)


def test_no_code_reads_installed_metadata():
    for folder in ("reference", "tools"):
        for path in (REPO_ROOT / folder).rglob("*.py"):
            text = path.read_text(encoding="utf-8")
            assert "importlib.metadata" not in text and "from importlib import metadata" not in text, path


def test_the_version_does_not_depend_on_what_is_installed(monkeypatch):
    def absent(name):
        raise metadata.PackageNotFoundError(name)

    monkeypatch.setattr(metadata, "version", absent)
    assert version.suite_version() == version.SUITE_VERSION


def test_an_uninstalled_checkout_reports_the_same_version(tmp_path):
    """Run from the source folders only (no editable install on the path)."""
    code = ("import sys; sys.path[:0] = [sys.argv[1], sys.argv[1] + '/tools'];"
            "import reference.core.version as v, reference.core.protocol as p;"
            "print(v.__file__); print(p.hello()['suite_version'])")
    out = subprocess.run([sys.executable, "-c", code, str(REPO_ROOT)], capture_output=True, text=True,
                         cwd=tmp_path, check=True).stdout.split()
    assert out[0].startswith(str(REPO_ROOT)) and out[1] == version.SUITE_VERSION


def test_every_vector_file_carries_the_version():
    for path in vector_files():
        header = json.loads(path.read_text(encoding="utf-8"))
        assert header["suite_version"] == version.SUITE_VERSION, path
