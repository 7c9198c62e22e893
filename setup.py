"""Build step: put the top-level `schema/`, `vectors/`, `docs/` and `examples/` folders inside the wheel.

The checkout keeps them at the top of the repository, where people and tools look for them;
an installed package must carry them as package data. Mapping them with `package-dir` would
mean listing every package by hand (package discovery cannot find a mapped folder), and adding
a game must edit nothing else; so build_py copies the four folders to
`reference/suite_data/` in the build tree, which is what goes into the wheel;
reference/core/paths.py reads them there (or from the checkout, when there is one). The
adapter starters (examples/) are written out of the wheel by `horserace starter`.
MANIFEST.in puts them in the sdist, so a wheel built from the sdist gets them too.
Everything else about the package is declared in pyproject.toml.
"""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

# docs: generated, so `generate --check` works too; examples: the adapter starters (`horserace starter`)
SHIPPED_FOLDERS = ("schema", "vectors", "docs", "examples")
PACKAGED_DATA = Path("reference", "suite_data")     # the name paths.PACKAGED_DATA reads


class BuildPyWithSuiteData(build_py):
    def run(self):
        super().run()
        if self.editable_mode:        # an editable install reads the checkout itself
            return
        target = Path(self.build_lib) / PACKAGED_DATA
        shutil.rmtree(target, ignore_errors=True)
        for folder in SHIPPED_FOLDERS:
            if not Path(folder).is_dir():
                raise SystemExit(f"setup.py: {folder}/ is missing; build from a checkout or a complete sdist")
            shutil.copytree(folder, target / folder, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))


setup(cmdclass={"build_py": BuildPyWithSuiteData})
