"""The suite's version (semver), read from the installed package metadata."""

from __future__ import annotations

from importlib import metadata

PACKAGE = "horserace-conformance"


def suite_version() -> str:
    try:
        return metadata.version(PACKAGE)
    except metadata.PackageNotFoundError:  # running from a checkout without installing
        return "0.0.0+unknown"


PROTOCOL_VERSION = 1
