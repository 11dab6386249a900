"""`carepress export --format fhir --fhir-document` and `--with-pdf` (issue 41, item 2), and the stack's tracking log.

A document Bundle validates with the R4B models of fhir.resources and meets the document invariants (bdl-9, bdl-10,
bdl-11, cmp-1, cmp-2, evaluated with fhirpathpy) and the invariants every exported Bundle meets; its Composition is
first, dated with the record, about the Patient, authored by the CarePress Device, typed with a LOINC code of the
record's kind, and its sections refer to every entry. `--with-pdf` adds the PDF that `export --format pdf` writes,
byte for byte, with its size and SHA-1. Every record kind, sample and hostile records."""
import base64
import hashlib
import json
import os
import pathlib
import re
import shutil
import subprocess

import pytest
from fhir.resources.R4B.bundle import Bundle
from fhirpathpy import evaluate

from test_fhir_bundle import INVARIANTS, narrative_text

REPOSITORY = pathlib.Path(__file__).resolve().parents[2]
CONTENT = REPOSITORY / "Content"
RECORDS = [path for folder in ("consults", "physio", "stacks") for path in sorted((CONTENT / folder).glob("*.json"))]
HOSTILE = "Robert'); <script>alert(1)</script> & \u202eevil\u0007 <b>x</b> ]]> <?xml?>"
LOINC = {"consults": ("11488-4", "Consult note"), "physio": ("18776-5", "Plan of care note"),
         "stacks": ("56445-0", "Medication summary Document")}
BROWSERS = ["chromium-headless-shell", "chrome-headless-shell", "chromium", "chromium-browser", "google-chrome"]
HAS_CHROMIUM = bool(os.environ.get("CAREPRESS_CHROMIUM")) or any(shutil.which(name) for name in BROWSERS)

DOCUMENT_INVARIANTS = [
    ("bdl-9", "type = 'document' implies (identifier.system.exists() and identifier.value.exists())"),
    # bdl-10 is `timestamp.hasValue()`; fhirpathpy has no hasValue(), and on JSON without extensions a primitive
    # has a value exactly when it exists.
    ("bdl-10", "type = 'document' implies (timestamp.exists())"),
    ("bdl-11", "type = 'document' implies entry.first().resource.is(Composition)"),
    ("cmp-1", "entry.resource.where(resourceType = 'Composition').descendants().where(title.exists() and "
              "(resourceType.empty())).all(text.exists() or entry.exists() or section.exists())"),
    ("cmp-2", "entry.resource.where(resourceType = 'Composition').descendants().where(title.exists() and "
              "(resourceType.empty())).all(emptyReason.empty() or entry.empty())"),
]


@pytest.fixture(scope="module")
def hostile(tmp_path_factory):
    """A copy of the content with one hostile record of each kind (ids, names, free text, a tracking note)."""
    root = tmp_path_factory.mktemp("hostile-documents") / "Content"
    shutil.copytree(CONTENT, root)
    consult = json.loads((CONTENT / "consults" / "hl-2026-0003.json").read_text(encoding="utf-8"))
    consult.update(id="hostile <id> & 'quote'", patient={"displayName": HOSTILE, "age": 0})
    physio = json.loads((CONTENT / "physio" / "pg-2026-0001.json").read_text(encoding="utf-8"))
    physio.update(id="pg-hostile", concern=HOSTILE)
    stack = json.loads((CONTENT / "stacks" / "sw-2026-0001.json").read_text(encoding="utf-8"))
    stack["id"] = "sw-hostile"
    stack["user"]["displayName"] = HOSTILE
    stack["minimal"][0]["name"] = HOSTILE
    stack["tracking"][1]["note"] = HOSTILE
    paths = {}
    for folder, record in (("consults", consult), ("physio", physio), ("stacks", stack)):
        path = root / folder / "hostile.json"
        path.write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
        paths[folder] = path
    return root, paths


def cases():
    return [pytest.param(("sample", path), id=path.name) for path in RECORDS] + [
        pytest.param(("hostile", folder), id=f"hostile-{folder}") for folder in ("consults", "physio", "stacks")]


def resolve(case, hostile):
    which, value = case
    if which == "hostile":
        return hostile[0], hostile[1][value], value
    return CONTENT, value, value.parent.name


def run(carepress, path, content, *arguments, env=None):
    return subprocess.run([str(carepress), "export", str(path), "--content", str(content), *arguments],
                          cwd=REPOSITORY, capture_output=True, env=env)


def export(carepress, path, content, *arguments):
    result = run(carepress, path, content, *arguments)
    assert result.returncode == 0, result.stderr.decode()
    return result.stdout


def document_of(carepress, path, content, *arguments):
    text = export(carepress, path, content, "--format", "fhir", "--fhir-document", *arguments)
    Bundle.model_validate_json(text)  # the Bundle and every resource in it, with the R4B models
    return json.loads(text)


def resources(bundle, kind):
    return [entry["resource"] for entry in bundle["entry"] if entry["resource"]["resourceType"] == kind]


def record_date(record, folder):
    if folder == "consults":
        return record.get("completedAt") or record.get("startedAt")
    return record.get("createdAt")


@pytest.mark.parametrize("case", cases())
def test_the_document_validates_and_meets_the_document_invariants(carepress, case, hostile):
    content, path, folder = resolve(case, hostile)
    bundle = document_of(carepress, path, content)
    record = json.loads(path.read_text(encoding="utf-8"))
    urls = [entry["fullUrl"] for entry in bundle["entry"]]
    for key, _, expression in INVARIANTS:
        assert evaluate(bundle, expression, {"urls": urls}) == [True], key
    for key, expression in DOCUMENT_INVARIANTS:
        assert evaluate(bundle, expression) == [True], key
    for entry in bundle["entry"]:
        narrative_text(entry["resource"])
    assert bundle["type"] == "document"
    kind = {"consults": "consult", "physio": "physio", "stacks": "stack"}[folder]
    assert bundle["identifier"] == {"system": "urn:carepress:document", "value": f"{kind}/{record['id']}"}
    assert bundle["timestamp"] == record_date(record, folder)

    # The invariants can fail: the Composition not first, no timestamp, an empty section, a reason on a full one.
    broken = json.loads(json.dumps(bundle))
    broken["entry"].append(broken["entry"].pop(0))
    del broken["timestamp"]
    assert evaluate(broken, DOCUMENT_INVARIANTS[1][1]) == [False]
    assert evaluate(broken, DOCUMENT_INVARIANTS[2][1]) == [False]
    broken = json.loads(json.dumps(bundle))
    section = broken["entry"][0]["resource"]["section"][-1]
    section["emptyReason"] = {"text": "x"}
    assert evaluate(broken, DOCUMENT_INVARIANTS[4][1]) == [False]
    for key in ("text", "entry", "emptyReason"):
        section.pop(key, None)
    assert evaluate(broken, DOCUMENT_INVARIANTS[3][1]) == [False]


@pytest.mark.parametrize("case", cases())
def test_the_composition_heads_the_entries_of_the_collection(carepress, case, hostile):
    content, path, folder = resolve(case, hostile)
    bundle = document_of(carepress, path, content)
    collection = json.loads(export(carepress, path, content, "--format", "fhir"))
    record = json.loads(path.read_text(encoding="utf-8"))
    composition, *rest, device = [entry["resource"] for entry in bundle["entry"]]
    # The same entries as the collection, in the same order, between the Composition and its author.
    assert [entry for entry in bundle["entry"][1:-1]] == collection["entry"]
    assert device["resourceType"] == "Device" and device["deviceName"][0]["name"] == "CarePress"
    urls = {id(entry["resource"]): entry["fullUrl"] for entry in bundle["entry"]}
    (patient,) = resources(bundle, "Patient")
    assert composition["subject"] == {"reference": urls[id(patient)]}
    assert composition["author"] == [{"reference": urls[id(device)]}]
    expected_status = "preliminary" if record.get("status") == "in-progress" else "final"
    assert composition["status"] == expected_status
    code, display = LOINC[folder]
    assert composition["type"]["coding"] == [{"system": "http://loinc.org", "code": code, "display": display}]
    assert composition["date"] == bundle["timestamp"]
    (reference,) = resources(bundle, "DocumentReference")
    assert composition["title"] == reference["content"][0]["attachment"]["title"]
    # Every entry but the Patient (the subject) and the Device (the author) is in exactly one section.
    referenced = [item["reference"] for section in composition["section"] for item in section.get("entry", [])]
    expected = [urls[id(resource)] for resource in rest if resource["resourceType"] != "Patient"]
    assert sorted(referenced) == sorted(expected) and len(set(referenced)) == len(referenced)
    for section in composition["section"]:
        assert section["title"] and narrative_text(section)
        if "emptyReason" in section:
            assert "entry" not in section
    if folder == "consults":
        flags = resources(bundle, "Flag")
        (findings,) = [section for section in composition["section"] if section["title"] == "Findings to act on"]
        assert ("emptyReason" in findings) == (not flags)
        for flag in flags:
            assert flag["code"]["text"] in narrative_text(findings)
    name = ((record.get("patient") or record.get("user")) or {}).get("displayName")
    if name:
        assert f"Patient: {name.replace(chr(7), chr(0xFFFD))}" in narrative_text(composition)


def test_the_document_export_is_deterministic(carepress, hostile):
    content, paths = hostile
    for path in paths.values():
        first = export(carepress, path, content, "--format", "fhir", "--fhir-document")
        assert first == export(carepress, path, content, "--format", "fhir", "--fhir-document")


@pytest.mark.parametrize("folder, field", [("consults", ("startedAt", "completedAt")), ("physio", ("createdAt",)),
                                           ("stacks", ("createdAt",))])
def test_a_record_without_a_date_is_a_located_error_for_a_document(carepress, tmp_path, folder, field):
    source = {"consults": "hl-2026-0001", "physio": "pg-2026-0001", "stacks": "sw-2026-0001"}[folder]
    record = json.loads((CONTENT / folder / f"{source}.json").read_text(encoding="utf-8"))
    for key in field:
        record.pop(key, None)
    path = tmp_path / "undated.json"
    path.write_text(json.dumps(record, indent=2), encoding="utf-8")
    result = run(carepress, path, CONTENT, "--format", "fhir", "--fhir-document")
    assert result.returncode == 1 and result.stdout == b""
    stderr = result.stderr.decode()
    assert re.search(rf"{re.escape(str(path))}:2:\d+: error: a FHIR document \(--fhir-document\) needs the date",
                     stderr), stderr
    assert field[0] in stderr
    export(carepress, path, CONTENT, "--format", "fhir")  # the collection needs no date


@pytest.mark.parametrize("option", ["--fhir-document", "--with-pdf"])
@pytest.mark.parametrize("fmt", ["json", "html", "markdown", "pdf"])
def test_the_fhir_options_go_with_format_fhir_only(carepress, tmp_path, option, fmt):
    output = tmp_path / "out"
    result = run(carepress, CONTENT / "stacks" / "sw-2026-0001.json", CONTENT, "--format", fmt, option,
                 "-o", str(output))
    assert result.returncode == 2 and not output.exists()
    assert f"{option} goes with --format fhir only, not --format {fmt}" in result.stderr.decode()


def pdf_cases():
    samples = [CONTENT / "consults" / "hl-2026-0001.json", CONTENT / "physio" / "pg-2026-0001.json",
               CONTENT / "stacks" / "sw-2026-0001.json"]
    return [pytest.param(("sample", path), id=path.name) for path in samples] + [
        pytest.param(("hostile", folder), id=f"hostile-{folder}") for folder in ("consults", "physio", "stacks")]


@pytest.mark.skipif(not HAS_CHROMIUM, reason="no Chromium to print PDFs")
@pytest.mark.parametrize("document", [False, True], ids=["collection", "document"])
@pytest.mark.parametrize("case", pdf_cases())
def test_with_pdf_the_report_pdf_is_the_second_attachment_byte_for_byte(carepress, case, hostile, document):
    content, path, _ = resolve(case, hostile)
    arguments = ["--format", "fhir", "--with-pdf"] + (["--fhir-document"] if document else [])
    text = export(carepress, path, content, *arguments)
    Bundle.model_validate_json(text)
    bundle = json.loads(text)
    urls = [entry["fullUrl"] for entry in bundle["entry"]]
    for key, _, expression in INVARIANTS:
        assert evaluate(bundle, expression, {"urls": urls}) == [True], key
    pdf = export(carepress, path, content, "--format", "pdf")
    html = export(carepress, path, content, "--format", "html")
    (reference,) = resources(bundle, "DocumentReference")
    first, second = [content["attachment"] for content in reference["content"]]
    assert base64.b64decode(first["data"], validate=True) == html and first["contentType"].startswith("text/html")
    data = base64.b64decode(second["data"], validate=True)
    assert data == pdf and data.startswith(b"%PDF-")
    assert second["contentType"] == "application/pdf"
    assert second["size"] == len(pdf)
    assert second["hash"] == base64.b64encode(hashlib.sha1(pdf).digest()).decode("ascii")
    assert second["title"] == first["title"] and second["language"] == first["language"] == "en"
    assert f"PDF, {len(pdf)} bytes" in narrative_text(reference)


def test_without_with_pdf_the_bundle_carries_the_html_only(carepress):
    bundle = json.loads(export(carepress, CONTENT / "consults" / "hl-2026-0001.json", CONTENT, "--format", "fhir"))
    (reference,) = resources(bundle, "DocumentReference")
    assert [content["attachment"]["contentType"] for content in reference["content"]] == ["text/html; charset=utf-8"]


def test_with_pdf_and_no_chromium_says_what_to_install_and_writes_nothing(carepress, tmp_path):
    environment = {key: value for key, value in os.environ.items() if key != "CAREPRESS_CHROMIUM"}
    environment["PATH"] = str(tmp_path / "empty-bin")
    output = tmp_path / "bundle.json"
    for extra in ([], ["--fhir-document"]):
        result = run(carepress, CONTENT / "stacks" / "sw-2026-0001.json", CONTENT, "--format", "fhir", "--with-pdf",
                     *extra, "-o", str(output), env=environment)
        assert result.returncode == 2 and result.stdout == b"" and not output.exists()
        stderr = result.stderr.decode()
        assert "error: --with-pdf needs Chromium to print the report: no Chromium found" in stderr
        assert "apt-get install chromium" in stderr
        on_stdout = run(carepress, CONTENT / "stacks" / "sw-2026-0001.json", CONTENT, "--format", "fhir",
                        "--with-pdf", *extra, env=environment)
        assert on_stdout.returncode == 2 and on_stdout.stdout == b""


STACKS = sorted((CONTENT / "stacks").glob("*.json"))


def tracking_summary(stack, supplement):
    days = sorted({day["date"] for day in stack.get("tracking", [])})
    if not days:
        return None
    taken = len({day["date"] for day in stack["tracking"] if supplement["id"] in day["taken"]})
    span = f"on {days[0]}" if days[0] == days[-1] else f"from {days[0]} to {days[-1]}"
    logged = "the 1 day logged" if len(days) == 1 else f"the {len(days)} days logged"
    return f"Tracking log (self-reported, by day): marked taken on {taken} of {logged}, {span}."


@pytest.mark.parametrize("which", [pytest.param(path, id=path.name) for path in STACKS] + ["hostile"])
def test_the_tracking_log_is_summed_up_on_each_statement_and_listed_day_by_day(carepress, hostile, which):
    content, path = (hostile[0], hostile[1]["stacks"]) if which == "hostile" else (CONTENT, which)
    stack = json.loads(path.read_text(encoding="utf-8"))
    supplements = stack["minimal"] + stack.get("optional", [])
    for bundle in (json.loads(export(carepress, path, content, "--format", "fhir")),
                   document_of(carepress, path, content)):
        # Self-reported daily ticks are a MedicationStatement's matter, never MedicationAdministration events.
        assert not resources(bundle, "MedicationAdministration")
        statements = resources(bundle, "MedicationStatement")
        for statement, supplement in zip(statements, supplements, strict=True):
            assert statement["medicationCodeableConcept"] == {"text": supplement["name"]}  # never coded
            notes = [note["text"] for note in statement.get("note", [])]
            summary = tracking_summary(stack, supplement)
            tracked = [note for note in notes if note.startswith("Tracking log")]
            assert tracked == ([summary] if summary else [])
            if summary:
                assert summary in narrative_text(statement)
    sections = {section["title"]: section for section in resources(bundle, "Composition")[0]["section"]}
    if not stack.get("tracking"):
        assert "Tracking log" not in sections
        return
    log = sections["Tracking log"]
    assert "entry" not in log and "emptyReason" not in log
    lines = narrative_text(log).split("\n")
    names = {supplement["id"]: supplement["name"] for supplement in supplements}
    assert len(lines) == len(stack["tracking"])
    for line, day in zip(lines, stack["tracking"]):
        taken = ", ".join(names.get(item, item) for item in day["taken"])
        expected = f"{day['date']}: " + (f"taken: {taken}" if taken else "nothing marked taken")
        if day.get("note"):
            expected += f". Note: {day['note']}"
        assert line == expected.replace(chr(7), chr(0xFFFD))
