"""`horserace merge-reports`: the shards' fuzz reports of one campaign made into one.

Every input is read as hostile until shown otherwise (reference.core.json_reports, as every
report the suite reads back): at most MAX_REPORT_BYTES, strict JSON (no duplicate keys, no NaN,
nesting bounded before parsing, strict UTF-8, no lone surrogate; never a traceback), then
validated against schema/fuzz-report.schema.json; any problem is a MergeError naming the file
and the path in it. Then the reports must make one campaign:

- the same campaign, implementation and suite version;
- each shard i/n once, and every shard of n given;
- each report's ranges inside the campaign and inside its own shard (index % n == i-1), and
  holding as many cases as its totals count;
- no case index in two reports (overlapping shards), no case id kept twice;
- together, every index of the campaign (unless it was open-ended: a time budget, or stopped at
  its first failure), so the merged report is the unsharded run's report (`run` aside).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..errors import HorseRaceError
from ..json_reports import read_report
from .ranges import Progression, covered, first_overlap, normalize
from .report import SCHEMA, validated
from .tally import TallyError, combine

MAX_REPORT_BYTES = 64 * 1024 * 1024     # an aggregate report is small: its size follows the failures kept


class MergeError(HorseRaceError):
    """Shard reports that do not make one campaign, or a file that is not a fuzz report."""


def load_report(path: Path) -> dict[str, Any]:
    """The report in `path`, or MergeError naming the file and what is wrong where."""
    return read_report(path, "a fuzz report", SCHEMA, MAX_REPORT_BYTES, MergeError)


def shard_of(name: str, report: dict[str, Any]) -> tuple[int, int]:
    index, _, total = report["run"]["shard"].partition("/")
    if int(index) > int(total):
        raise MergeError(f"{name}: shard {report['run']['shard']} is not one of {total}")
    return int(index), int(total)


def check_ranges(name: str, report: dict[str, Any], shard: tuple[int, int]) -> list[Progression]:
    """The report's ranges, checked against its campaign, its shard and its totals."""
    seeds = report["campaign"]["seeds"]
    try:
        progressions = [Progression.from_dict(r) for r in report["ranges"]]
    except ValueError as exc:
        raise MergeError(f"{name}: ranges: {exc}") from None
    i, n = shard
    for p in progressions:
        if "first" in seeds and (p.first < seeds["first"] or (seeds["last"] is not None and p.last > seeds["last"])):
            raise MergeError(f"{name}: ranges: {p.text()} lies outside the campaign's indices "
                             f"{seeds['first']}..{seeds['last'] if seeds['last'] is not None else ''}")
        if p.first % n != i - 1 or (p.count > 1 and p.step % n):
            raise MergeError(f"{name}: ranges: {p.text()} holds indices of another shard than {i}/{n}")
    shared = first_overlap(progressions)
    if shared is not None:
        raise MergeError(f"{name}: ranges: case {shared[2]} is in {shared[0].text()} and in {shared[1].text()}")
    if "first" in seeds and covered(progressions) != report["cases"]:
        raise MergeError(f"{name}: counts {report['cases']} case(s) but its ranges hold {covered(progressions)}")
    tracks = report["coverage"]["tracks"]
    if [(t["kind"], t["options"]) for t in tracks] != [(t["kind"], t["options"]) for t in report["campaign"]["tracks"]]:
        raise MergeError(f"{name}: coverage.tracks are not the campaign's tracks")
    for place, record in enumerate(report["diagnoses"]):
        if record["count"] < len(record["examples"]):
            raise MergeError(f"{name}: diagnoses[{place}] keeps more examples than its count")
        for example in record["examples"]:
            if "first" in seeds and not any(example["index"] in p for p in progressions):
                raise MergeError(f"{name}: diagnoses[{place}]: case {example['index']} is not in the report's ranges")
    if report["errors"]["count"] < len(report["errors"]["examples"]):
        raise MergeError(f"{name}: errors keeps more examples than its count")
    if sum(report["totals"].values()) != report["cases"]:
        raise MergeError(f"{name}: its totals add up to {sum(report['totals'].values())}, not to its "
                         f"{report['cases']} case(s)")
    return progressions


def merge(reports: list[tuple[str, dict[str, Any]]]) -> dict[str, Any]:
    """One report from the shards' reports (name, report): every shard i/n of one campaign once."""
    if not reports:
        raise MergeError("no report to merge")
    first_name, first = reports[0]
    shards: dict[int, str] = {}
    count = None
    ranges: list[tuple[str, Progression]] = []
    for name, report in reports:
        for key in ("campaign", "implementation", "suite_version"):
            if report[key] != first[key]:
                raise MergeError(f"{name}: its {key} differs from {first_name}'s: not shards of one campaign")
        index, total = shard_of(name, report)
        if count is None:
            count = total
        if total != count:
            raise MergeError(f"{name}: shard {index}/{total}, but {first_name} is a shard of {count}")
        if index in shards:
            raise MergeError(f"{name}: shard {index}/{total} is also {shards[index]}")
        shards[index] = name
        ranges += [(name, p) for p in check_ranges(name, report, (index, total))]
    for position, (name, p) in enumerate(ranges):
        for other, q in ranges[position + 1:]:
            shared = first_overlap([p, q])
            if shared is not None and other != name:
                raise MergeError(f"{other} and {name} overlap: both ran case {shared[2]}")
    missing = sorted(set(range(1, count + 1)) - set(shards))
    if missing:
        raise MergeError(f"shard(s) {', '.join(f'{m}/{count}' for m in missing)} missing: the merged report "
                         "would not be the whole campaign")
    check_whole(first["campaign"], [p for _, p in ranges], reports)
    campaign = first["campaign"]
    try:
        fields = combine(reports_parts(reports), campaign["tracks"], campaign["max_examples_per_bug"])
    except TallyError as exc:
        raise MergeError(f"the reports repeat a case: {exc}") from None
    by_shard = sorted(reports, key=lambda x: shard_of(*x))
    run = {"shard": "1/1", "merged_from": [r["run"]["shard"] for _, r in by_shard],
           "started": min(r["run"]["started"] for _, r in reports),
           "seconds": round(sum(r["run"]["seconds"] for _, r in reports), 3),
           "starts": sum(r["run"]["starts"] for _, r in reports),
           "shrink_attempts": sum(r["run"]["shrink_attempts"] for _, r in reports),
           "shrink_runs": sum(r["run"]["shrink_runs"] for _, r in reports),
           "shrink_passes": added_passes(r["run"]["shrink_passes"] for _, r in reports),
           "stop_reasons": sorted({reason for _, r in reports for reason in r["run"]["stop_reasons"]}),
           "command": first["run"]["command"]}
    left = sorted({name for _, r in reports for name in r["run"].get("left_running", ())})
    if left:                            # processes of the implementation a shard could not end
        run["left_running"] = left
    report = {"schema": first["schema"], "suite_version": first["suite_version"], "campaign": campaign,
              "implementation": first["implementation"], **fields, "run": run}
    return validated(report)


def check_whole(campaign: dict[str, Any], progressions: list[Progression],
                reports: list[tuple[str, dict[str, Any]]]) -> None:
    """A campaign of fixed indices must be run whole: every index first..last once."""
    seeds = campaign["seeds"]
    if "first" not in seeds or seeds["last"] is None or campaign.get("stop_at_first"):
        return                  # open-ended: a time budget or a first failure ended each shard
    whole = Progression(seeds["first"], seeds["last"], 1)
    if normalize(progressions) != [whole]:
        ran = normalize(progressions)
        shown = ", ".join(p.text() for p in ran[:6]) + (" ..." if len(ran) > 6 else "")
        stopped = sorted({reason for _, r in reports for reason in r["run"]["stop_reasons"]})
        raise MergeError(f"the shards ran {covered(ran)} of the campaign's {whole.count} case(s) ({whole.text()}): "
                         f"they ran {shown or 'nothing'}; a shard stopped early ({'; '.join(stopped)})")


def reports_parts(reports: list[tuple[str, dict[str, Any]]]) -> list[dict[str, Any]]:
    """Each report's fields in the form tally.combine adds."""
    return [{"totals": r["totals"], "kinds": r["coverage"]["kinds"],
             "tracks": [t["totals"] for t in r["coverage"]["tracks"]],
             "clauses": r["coverage"]["clauses"], "ranges": r["ranges"], "diagnoses": r["diagnoses"],
             "other_failures": r["other_failures"], "errors": r["errors"],
             "skip_reasons": r["skip_reasons"], "accepted": r.get("accepted", [])} for _, r in reports]


def added_passes(passes: Any) -> dict[str, dict[str, int]]:
    out: dict[str, dict[str, int]] = {}
    for stats in passes:
        for name, counts in stats.items():
            into = out.setdefault(name, {"attempts": 0, "kept": 0, "removed": 0})
            for key in into:
                into[key] += counts[key]
    return out
