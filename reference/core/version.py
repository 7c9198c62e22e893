"""The suite's version (semver) and protocol version: this file is their one source.

pyproject.toml reads SUITE_VERSION from here (`[tool.setuptools.dynamic]`), and everything
that writes a version (vector headers, reports, the hello message, the reference adapter)
calls suite_version(). Installed package metadata is never consulted: it is absent in an
uninstalled checkout and stale after a bump without reinstalling.
"""

from __future__ import annotations

SUITE_VERSION = "0.3.0"
PROTOCOL_VERSION = 1


def suite_version() -> str:
    return SUITE_VERSION
