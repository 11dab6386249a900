"""`carepress export --format fhir` of a consult: a Bundle a health record can file. The Patient as the record
gives it, the QuestionnaireResponse with subject, source and UCUM quantities, the urgent and for-review answers as
Flags, the report as a DocumentReference with the same bytes as `export --format html`, a generated narrative on
every resource, names under site.yml's `fhir.base`; all valid for the FHIR R4B models of fhir.resources and for the
FHIRPath invariants checked here with fhirpathpy, on the sample consults and on hostile ones."""
import base64
import hashlib
import json
import pathlib
import re
import shutil
import subprocess
import xml.etree.ElementTree as ElementTree

import pytest
from fhir.resources.R4B.bundle import Bundle
from fhirpathpy import evaluate

REPOSITORY = pathlib.Path(__file__).resolve().parents[2]
CONTENT = REPOSITORY / "Content"
CONSULTS = sorted((CONTENT / "consults").glob("*.json"))
XHTML = "{http://www.w3.org/1999/xhtml}"
UCUM = "http://unitsofmeasure.org"
HOSTILE_NAME = "Robert'); <script>alert(1)</script> & \u202eevil\u0007 <b>x</b>"


def run(carepress, path, *arguments, content=CONTENT):
    return subprocess.run([str(carepress), "export", str(path), "--content", str(content), *arguments],
                          cwd=REPOSITORY, capture_output=True)


def export(carepress, path, fmt="fhir", content=CONTENT):
    result = run(carepress, path, "--format", fmt, content=content)
    assert result.returncode == 0, result.stderr.decode()
    return result.stdout


def bundle_of(carepress, path, content=CONTENT):
    text = export(carepress, path, content=content)
    Bundle.model_validate_json(text)  # the Bundle and every resource in it, with the R4B models
    return json.loads(text)


def resources(bundle, kind):
    return [entry["resource"] for entry in bundle["entry"] if entry["resource"]["resourceType"] == kind]


def full_url(bundle, resource):
    (url,) = [entry["fullUrl"] for entry in bundle["entry"] if entry["resource"] is resource]
    return url


def narrative_text(resource):
    """The narrative's text: it must parse as XHTML, a div with only p children and no other elements."""
    assert resource["text"]["status"] == "generated"
    div = ElementTree.fromstring(resource["text"]["div"])
    assert div.tag == XHTML + "div"
    assert {element.tag for element in div.iter()} <= {XHTML + "div", XHTML + "p"}
    return "\n".join("".join(p.itertext()) for p in div)


@pytest.fixture(scope="module")
def hostile_content(tmp_path_factory):
    """The sample content with a consult whose patient name and free text try to break out of text."""
    root = tmp_path_factory.mktemp("hostile")
    shutil.copytree(CONTENT, root / "Content")
    consult = json.loads((CONTENT / "consults" / "hl-2026-0003.json").read_text(encoding="utf-8"))
    consult["id"] = "hostile <id> & 'quote'"
    consult["patient"] = {"displayName": HOSTILE_NAME, "age": 0}
    path = root / "hostile.json"
    path.write_text(json.dumps(consult, ensure_ascii=False), encoding="utf-8")
    return root / "Content", path


def sample_and_hostile():
    return [pytest.param((None, path), id=path.name) for path in CONSULTS] + [
        pytest.param(("hostile", None), id="hostile")]


def consult_case(case, hostile_content):
    which, path = case
    return (hostile_content if which == "hostile" else (CONTENT, path))


@pytest.mark.parametrize("case", sample_and_hostile())
def test_the_bundle_holds_the_patient_the_response_the_flags_and_the_report(carepress, case, hostile_content):
    content, path = consult_case(case, hostile_content)
    bundle = bundle_of(carepress, path, content)
    consult = json.loads(path.read_text(encoding="utf-8"))
    assert bundle["type"] == "collection"
    kinds = [entry["resource"]["resourceType"] for entry in bundle["entry"]]
    assert kinds[:2] == ["Patient", "QuestionnaireResponse"] and kinds[-1] == "DocumentReference"
    assert set(kinds[2:-1]) <= {"Flag"}
    (patient,), (response,) = resources(bundle, "Patient"), resources(bundle, "QuestionnaireResponse")
    patient_url = full_url(bundle, patient)
    assert response["subject"] == {"reference": patient_url} and response["source"] == {"reference": patient_url}
    expected_time = consult.get("completedAt") if consult["status"] == "completed" else consult.get("startedAt")
    assert response.get("authored") == expected_time

    # The patient as the record gives them: the name as written, the age in years; nothing invented.
    given = consult.get("patient") or {}
    if given.get("displayName"):
        assert patient["name"] == [{"text": given["displayName"]}]
    else:
        assert "name" not in patient
    ages = [extension["valueQuantity"] for extension in patient.get("extension", [])]
    if "age" in given:
        assert ages == [{"value": given["age"], "unit": "years", "system": UCUM, "code": "a"}]
    else:
        assert ages == []
    assert set(patient) <= {"resourceType", "id", "text", "extension", "name"}


@pytest.mark.parametrize("case", sample_and_hostile())
def test_urgent_and_review_answers_are_flags_that_name_the_question_and_the_answer(carepress, case, hostile_content):
    content, path = consult_case(case, hostile_content)
    bundle = bundle_of(carepress, path, content)
    document = json.loads(export(carepress, path, "json", content))["consult"]
    (patient,), (response,) = resources(bundle, "Patient"), resources(bundle, "QuestionnaireResponse")
    flags = resources(bundle, "Flag")
    expected = sorted(document["flags"], key=lambda flag: flag["flag"] != "urgent")
    assert len(flags) == len(expected)
    for flag, finding in zip(flags, expected):
        assert flag["status"] == "active"
        assert flag["category"][0]["coding"][0]["code"] == finding["flag"]
        assert flag["code"]["coding"][0]["code"] == finding["option"]
        assert flag["code"]["coding"][0]["system"].endswith(finding["question"])
        assert flag["code"]["text"] == f"{finding['prompt']} {finding['label']}"
        assert flag["subject"] == {"reference": full_url(bundle, patient)}
        assert flag["extension"] == [{"url": "http://hl7.org/fhir/StructureDefinition/flag-detail",
                                      "valueReference": {"reference": full_url(bundle, response)}}]
        assert finding["prompt"] in narrative_text(flag) and finding["label"] in narrative_text(flag)


def test_the_sample_flags_are_there(carepress):
    """The urgent consult of the samples has an urgent Flag, the review one a review Flag."""
    levels = set()
    for path in CONSULTS:
        levels |= {flag["category"][0]["coding"][0]["code"] for flag in resources(bundle_of(carepress, path), "Flag")}
    assert levels == {"urgent", "review"}


@pytest.mark.parametrize("case", sample_and_hostile())
def test_every_resource_has_a_generated_narrative_with_its_text_kept_as_text(carepress, case, hostile_content):
    content, path = consult_case(case, hostile_content)
    bundle = bundle_of(carepress, path, content)
    for entry in bundle["entry"]:
        narrative_text(entry["resource"])
    (patient,) = resources(bundle, "Patient")
    name = (json.loads(path.read_text(encoding="utf-8")).get("patient") or {}).get("displayName")
    if name:
        # Text, not markup: the name reads back as written, control characters replaced with U+FFFD.
        assert f"Name: {name.replace(chr(7), chr(0xFFFD))}" in narrative_text(patient)


def test_age_started_is_a_ucum_quantity_in_years(carepress):
    bundle = bundle_of(carepress, CONTENT / "consults" / "hl-2026-0001.json")
    (response,) = resources(bundle, "QuestionnaireResponse")
    items = {item["linkId"]: item for item in response["item"]}
    quantity = items["age_started"]["answer"][0]["valueQuantity"]
    assert (quantity["unit"], quantity["system"], quantity["code"]) == ("years", UCUM, "a")
    questionnaire = json.loads(export(carepress, CONTENT / "schemas" / "hair-loss.json", "fhir-questionnaire"))
    (item,) = [item for item in questionnaire["item"] if item["linkId"] == "age_started"]
    assert item["type"] == "quantity"
    assert item["extension"][0]["valueCoding"] == {"system": UCUM, "code": "a", "display": "years"}


@pytest.mark.parametrize("case", sample_and_hostile())
def test_the_document_reference_carries_the_report_byte_for_byte(carepress, case, hostile_content):
    content, path = consult_case(case, hostile_content)
    bundle = bundle_of(carepress, path, content)
    html = export(carepress, path, "html", content)
    (reference,) = resources(bundle, "DocumentReference")
    (patient,) = resources(bundle, "Patient")
    assert reference["status"] == "current"
    assert reference["subject"] == {"reference": full_url(bundle, patient)}
    attachment = reference["content"][0]["attachment"]
    data = base64.b64decode(attachment["data"], validate=True)
    assert data == html
    assert attachment["size"] == len(html)
    assert attachment["hash"] == base64.b64encode(hashlib.sha1(html).digest()).decode("ascii")
    assert attachment["contentType"] == "text/html; charset=utf-8"
    assert attachment["language"] == "en"  # site.yml's language
    title = re.search(rb"<title>(.*?)</title>", html, re.S).group(1).decode("utf-8")
    assert attachment["title"] and attachment["title"] in title.replace("&amp;", "&")


def test_the_export_is_deterministic(carepress, hostile_content):
    content, path = hostile_content
    first = export(carepress, path, content=content)
    assert json.loads(first)["resourceType"] == "Bundle"
    assert first == export(carepress, path, content=content)


def site_with(tmp_path, fhir_block):
    shutil.copytree(CONTENT, tmp_path / "Content")
    site = tmp_path / "Content" / "site.yml"
    site.write_text(site.read_text(encoding="utf-8") + fhir_block, encoding="utf-8")
    return tmp_path / "Content"


def test_names_come_from_the_site_fhir_base(carepress, tmp_path):
    content = site_with(tmp_path, 'fhir:\n  base: "https://fhir.example-clinic.org/"\n')
    base = "https://fhir.example-clinic.org"
    path = CONTENT / "consults" / "hl-2026-0001.json"
    bundle = bundle_of(carepress, path, content)
    assert bundle["identifier"] == {"system": f"{base}/consult", "value": "hl-2026-0001"}
    for entry in bundle["entry"]:
        resource = entry["resource"]
        assert entry["fullUrl"] == f"{base}/{resource['resourceType']}/{resource['id']}"
    (response,) = resources(bundle, "QuestionnaireResponse")
    assert response["identifier"]["system"] == f"{base}/consult"
    questionnaire = json.loads(export(carepress, CONTENT / "schemas" / "hair-loss.json", "fhir-questionnaire",
                                      content))
    assert questionnaire["url"] == f"{base}/questionnaire/hair-loss"
    assert response["questionnaire"] == f"{questionnaire['url']}|{questionnaire['version']}"
    codings = [answer["valueCoding"] for item in response["item"] for answer in item["answer"]
               if "valueCoding" in answer]
    assert codings and all(coding["system"].startswith(f"{base}/options/hair-loss/") for coding in codings)
    assert "urn:carepress" not in json.dumps(bundle)


def test_without_a_base_the_names_stay_urn_carepress(carepress):
    bundle = bundle_of(carepress, CONTENT / "consults" / "hl-2026-0001.json")
    assert bundle["identifier"]["system"] == "urn:carepress:consult"
    assert all(entry["fullUrl"].startswith("urn:carepress:") for entry in bundle["entry"])


@pytest.mark.parametrize("block, line", [
    ('fhir:\n  base: "ftp://fhir.example.org"\n', 2),
    ('fhir:\n  base: "https://fhir.example.org/?x=1"\n', 2),
    ('fhir:\n  bsae: "https://fhir.example.org"\n', 2),
    ('fhir: https://fhir.example.org\n', 1),
])
def test_a_bad_fhir_base_is_a_located_error(carepress, tmp_path, block, line):
    content = site_with(tmp_path, block)
    lines = (content / "site.yml").read_text(encoding="utf-8").count("\n") - block.count("\n")
    for path, fmt in ((CONTENT / "consults" / "hl-2026-0001.json", "fhir"),
                      (CONTENT / "schemas" / "hair-loss.json", "fhir-questionnaire")):
        result = run(carepress, path, "--format", fmt, content=content)
        assert result.returncode != 0 and result.stdout == b""
        stderr = result.stderr.decode()
        assert re.search(rf"site\.yml:{lines + line}:\d+: error: ", stderr), stderr


# FHIRPath invariants of the resources used (R4), evaluated on every exported Bundle.
INVARIANTS = [
    ("bdl-7", "Bundle", "(type = 'history') or entry.where(fullUrl.exists()).select(fullUrl).isDistinct()"),
    ("bdl-1", "Bundle", "total.empty() or (type = 'searchset') or (type = 'history')"),
    ("bdl-2", "Bundle", "entry.search.empty() or (type = 'searchset')"),
    ("dom-2", "Bundle", "entry.resource.all(contained.empty())"),
    ("dom-6", "Bundle", "entry.resource.all(text.`div`.exists())"),
    ("txt-2", "Bundle", "entry.resource.all(text.`div`.exists() and text.status = 'generated')"),
    ("ext-1", "Bundle", "descendants().extension.all(url.exists() and (valueQuantity | valueReference "
                        "| valueCoding).count() = 1 and extension.empty())"),
    ("qty-3", "Bundle", "descendants().where(code.exists() and value.exists() and unit.exists())"
                        ".all(system.exists())"),
    ("att-1", "Bundle", "entry.resource.content.attachment.all(data.empty() or contentType.exists())"),
    ("qrs-1", "Bundle", "entry.resource.where(resourceType = 'QuestionnaireResponse').descendants()"
                        ".where(linkId.exists()).all((answer.exists() and item.exists()).not())"),
    ("ref", "Bundle", "descendants().select(reference).all(%urls contains $this)"),
    ("ids", "Bundle", "entry.resource.all(id.matches('^[A-Za-z0-9\\\\-\\\\.]{1,64}$'))"),
]


@pytest.mark.parametrize("case", sample_and_hostile())
def test_fhirpath_invariants_hold(carepress, case, hostile_content):
    content, path = consult_case(case, hostile_content)
    bundle = bundle_of(carepress, path, content)
    urls = [entry["fullUrl"] for entry in bundle["entry"]]
    for key, _, expression in INVARIANTS:
        assert evaluate(bundle, expression, {"urls": urls}) == [True], key
    # The checks can fail: a Bundle with a dangling reference or a duplicate fullUrl does not pass.
    broken = json.loads(json.dumps(bundle))
    broken["entry"][1]["resource"]["subject"]["reference"] = "Patient/nobody"
    broken["entry"].append(broken["entry"][0])
    assert evaluate(broken, INVARIANTS[-2][2], {"urls": urls}) == [False]
    assert evaluate(broken, INVARIANTS[0][2], {}) == [False]


PHYSIO = sorted((CONTENT / "physio").glob("*.json"))
STACKS = sorted((CONTENT / "stacks").glob("*.json"))


def knowledge_names(folder):
    names = set()
    for path in (CONTENT / "knowledge" / folder).glob("*.yml"):
        match = re.search(r"^name:\s*(.+?)\s*$", path.read_text(encoding="utf-8"), re.M)
        if match:
            names.add(match.group(1).strip("'\""))
    return names


@pytest.mark.parametrize("path", PHYSIO + STACKS, ids=lambda path: path.name)
def test_physio_and_stack_bundles_validate_and_carry_their_report(carepress, path):
    bundle = bundle_of(carepress, path)
    urls = [entry["fullUrl"] for entry in bundle["entry"]]
    for key, _, expression in INVARIANTS:
        assert evaluate(bundle, expression, {"urls": urls}) == [True], key
    for entry in bundle["entry"]:
        narrative_text(entry["resource"])
    (reference,) = resources(bundle, "DocumentReference")
    attachment = reference["content"][0]["attachment"]
    html = export(carepress, path, "html")
    assert base64.b64decode(attachment["data"]) == html and attachment["size"] == len(html)
    assert attachment["hash"] == base64.b64encode(hashlib.sha1(html).digest()).decode("ascii")
    assert export(carepress, path) == export(carepress, path)  # deterministic


@pytest.mark.parametrize("path", PHYSIO, ids=lambda path: path.name)
def test_a_physio_record_is_a_care_plan_that_never_diagnoses_or_codes_invented_names(carepress, path):
    bundle = bundle_of(carepress, path)
    record = json.loads(path.read_text(encoding="utf-8"))
    (plan,) = resources(bundle, "CarePlan")
    (patient,) = resources(bundle, "Patient")
    assert plan["intent"] == "proposal" and plan["subject"] == {"reference": full_url(bundle, patient)}
    assert plan.get("description") == (record["concern"] or None)
    assert "addresses" not in plan and not resources(bundle, "Condition")  # never a diagnosis
    conditions, exercises = knowledge_names("conditions"), knowledge_names("exercises")
    response = record.get("response") or {}
    notes = [note["text"] for note in plan.get("note", [])]
    if response.get("conditionName") and notes:
        (note,) = notes
        assert note.startswith("Possible cause, not a diagnosis: ")
        assert note.removeprefix("Possible cause, not a diagnosis: ") in conditions
    activities = [activity["detail"] for activity in plan.get("activity", [])]
    assert [detail["description"] for detail in activities] == response.get("suggestedExercises", [])
    for detail in activities:
        for coding in detail.get("code", {}).get("coding", []):
            assert coding["display"] in exercises  # only the store's names are coded


def test_an_invented_condition_and_exercise_stay_out_of_coded_fields(carepress):
    bundle = bundle_of(carepress, CONTENT / "physio" / "pg-2026-0005.json")
    (plan,) = resources(bundle, "CarePlan")
    text = json.dumps(plan)
    assert "Jumper's Knee Syndrome Type B" not in text.replace("\\u2019", "'")
    uncoded = [activity["detail"] for activity in plan["activity"] if "code" not in activity["detail"]]
    coded = [activity["detail"] for activity in plan["activity"] if "code" in activity["detail"]]
    assert coded and all(detail["description"] not in knowledge_names("exercises") for detail in uncoded)


@pytest.mark.parametrize("path", STACKS, ids=lambda path: path.name)
def test_a_stack_is_one_medication_statement_per_supplement(carepress, path):
    bundle = bundle_of(carepress, path)
    stack = json.loads(path.read_text(encoding="utf-8"))
    supplements = stack["minimal"] + stack.get("optional", [])
    statements = resources(bundle, "MedicationStatement")
    (patient,) = resources(bundle, "Patient")
    assert len(statements) == len(supplements)
    when = {"AM": "MORN", "Lunch": "CD", "PM": "EVE", "Night": "NIGHT"}
    for statement, supplement in zip(statements, supplements):
        assert statement["medicationCodeableConcept"] == {"text": supplement["name"]}
        assert statement["status"] == ("active" if supplement.get("active", True) else "intended")
        assert statement["subject"] == statement["informationSource"] == {"reference": full_url(bundle, patient)}
        dosage = statement["dosage"][0]
        assert dosage["text"] == supplement["dose"]
        assert dosage.get("timing", {}).get("repeat", {}).get("when", []) == [when[t] for t in supplement["timing"]]
    if stack["user"].get("displayName"):
        assert patient["name"] == [{"text": stack["user"]["displayName"]}]
