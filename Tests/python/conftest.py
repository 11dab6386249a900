"""Shared fixtures: the built carepress binary and a site built from the sample Content/ into a temporary folder."""
import datetime
import json
import os
import shutil
import pathlib
import subprocess

import pytest

REPOSITORY = pathlib.Path(__file__).resolve().parents[2]


def carepress_binary() -> pathlib.Path:
    """The debug build `make test` makes before running pytest (CAREPRESS_BIN overrides it)."""
    path = pathlib.Path(os.environ.get("CAREPRESS_BIN", REPOSITORY / ".build" / "debug" / "carepress"))
    if not path.exists():
        pytest.fail(f"{path} not found: run `swift build` (make test does) before pytest")
    return path


@pytest.fixture(scope="session")
def carepress() -> pathlib.Path:
    return carepress_binary()


@pytest.fixture(scope="session")
def built_site(tmp_path_factory, carepress) -> pathlib.Path:
    """The sample project built once per session; the build must succeed apart from warnings."""
    output = tmp_path_factory.mktemp("site") / "Output"
    result = subprocess.run(
        [str(carepress), "build", "--content", "Content", "--templates", "Templates", "--output", str(output)],
        cwd=REPOSITORY, capture_output=True, text=True,
    )
    assert result.returncode == 0, result.stderr
    return output


# A clinic's morning: a project of 1,102 records made from the sample records, so the reports index has twelve pages.
# Each generated record copies a sample record whose triage is known from its answers, with a new id, patient and
# date; the expected triage is stated here from those answers, not read back from CarePress.
TRIAGE_PAGE_TWO_PATIENT = "Zoltan Pagetwo"
TRIAGE_EXPECTED = {
    "records": 1102,
    "attention": 8,  # 3 urgent + 3 for review + 2 to follow up
    "urgent": 3,
    "old_urgent": "gen-urgent-old",  # January, scalp pain (an urgent option): first of all
    "newer_routine": "gen-routine-new",  # December, nothing flagged: first of the others, below every urgent one
    "page_two": "gen-page-two",  # the oldest routine consult: last of all, on the last page (not page 1)
}


def _copy(source: dict, **changes) -> dict:
    record = json.loads(json.dumps(source))
    record.update(changes)
    return record


def _consult(source: dict, record_id: str, patient: str, day: str) -> dict:
    record = _copy(source, id=record_id, startedAt=f"{day}T09:00:00Z")
    if "completedAt" in record:
        record["completedAt"] = f"{day}T09:10:00Z"
    record["patient"] = {"displayName": patient, "age": 40}
    record.pop("transcript", None)
    return record


def write_triage_content(target: pathlib.Path) -> dict:
    """Writes the triage project into target (a Content folder) and returns TRIAGE_EXPECTED."""
    for part in ("site.yml", "knowledge", "pages", "schemas"):
        source = REPOSITORY / "Content" / part
        if source.is_dir():
            shutil.copytree(source, target / part)
        else:
            shutil.copy(source, target / part)
    sample = {
        name: json.loads((REPOSITORY / "Content" / name).read_text(encoding="utf-8"))
        for name in (
            "consults/hl-2026-0001.json",  # completed, nothing flagged: routine
            "consults/hl-2026-0002.json",  # scalp pain: urgent
            "consults/hl-2026-0005.json",  # sudden bald patches: for review
            "consults/hl-2026-0004.json",  # in progress: follow up
            "physio/pg-2026-0001.json",  # the guide's condition and exercises: routine
            "physio/pg-2026-0002.json",  # no personalised answer: follow up
            "stacks/sw-2026-0001.json",  # magnesium with blood-pressure medicine: for review
            "stacks/sw-2026-0004.json",  # no caution meets a listed risk: routine
        )
    }
    records: dict[str, dict] = {}
    routine = sample["consults/hl-2026-0001.json"]
    for index in range(1090):
        day = datetime.date(2026, 2, 1) + datetime.timedelta(days=index % 300)
        records[f"consults/gen-r-{index:04d}.json"] = _consult(
            routine, f"gen-r-{index:04d}", f"Routine Patient {index:04d}", day.isoformat())
    records["consults/gen-routine-new.json"] = _consult(routine, "gen-routine-new", "Nina Routine", "2026-12-20")
    records["consults/gen-page-two.json"] = _consult(routine, "gen-page-two", TRIAGE_PAGE_TWO_PATIENT, "2025-06-01")
    urgent = sample["consults/hl-2026-0002.json"]
    records["consults/gen-urgent-old.json"] = _consult(urgent, "gen-urgent-old", "Olga Urgent", "2026-01-05")
    records["consults/gen-urgent-2.json"] = _consult(urgent, "gen-urgent-2", "Uma Urgent", "2026-03-10")
    records["consults/gen-urgent-3.json"] = _consult(urgent, "gen-urgent-3", "Ugo Urgent", "2026-05-10")
    review = sample["consults/hl-2026-0005.json"]
    records["consults/gen-review-1.json"] = _consult(review, "gen-review-1", "Rita Review", "2026-04-01")
    records["consults/gen-review-2.json"] = _consult(review, "gen-review-2", "Rolf Review", "2026-04-02")
    records["consults/gen-unfinished.json"] = _consult(
        sample["consults/hl-2026-0004.json"], "gen-unfinished", "Fay Followup", "2026-07-07")
    records["physio/gen-physio.json"] = _copy(
        sample["physio/pg-2026-0001.json"], id="gen-physio", createdAt="2026-08-01T10:00:00Z")
    records["physio/gen-no-answer.json"] = _copy(
        sample["physio/pg-2026-0002.json"], id="gen-no-answer", createdAt="2026-08-02T10:00:00Z")
    records["stacks/gen-stack-caution.json"] = _copy(
        sample["stacks/sw-2026-0001.json"], id="gen-stack-caution", createdAt="2026-09-01T12:00:00Z")
    records["stacks/gen-stack.json"] = _copy(
        sample["stacks/sw-2026-0004.json"], id="gen-stack", createdAt="2026-09-02T12:00:00Z")
    for path, record in records.items():
        (target / path).parent.mkdir(parents=True, exist_ok=True)
        (target / path).write_text(json.dumps(record, ensure_ascii=False, indent=1), encoding="utf-8")
    assert len(records) == TRIAGE_EXPECTED["records"]
    return TRIAGE_EXPECTED


@pytest.fixture(scope="session")
def triage_site(tmp_path_factory, carepress) -> tuple[pathlib.Path, dict]:
    """The triage project built once per session: (output folder, what the index must show)."""
    root = tmp_path_factory.mktemp("triage")
    content = root / "Content"
    content.mkdir()
    expected = write_triage_content(content)
    output = root / "Output"
    result = subprocess.run(
        [str(carepress), "build", "--content", str(content), "--templates", "Templates", "--output", str(output),
         "--quiet"],
        cwd=REPOSITORY, capture_output=True, text=True,
    )
    assert result.returncode == 0, result.stderr[-4000:]
    return output, expected
