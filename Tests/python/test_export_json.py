"""`carepress export --format json`: every sample record and schema validates against formats/export.schema.json,
is written with sorted keys, and carries the record normalised (labels, path, flags, matches, validation)."""
import json
import pathlib
import subprocess

import jsonschema
import pytest

REPOSITORY = pathlib.Path(__file__).resolve().parents[2]
CONTENT = REPOSITORY / "Content"
RECORDS = sorted(
    path for folder in ("consults", "physio", "stacks") for path in (CONTENT / folder).glob("*.json")
)
SCHEMAS = sorted((CONTENT / "schemas").glob("*.json"))


def export(carepress, path, *arguments):
    """Runs `carepress export` from the repository root; returns the finished process (bytes)."""
    return subprocess.run(
        [str(carepress), "export", str(path), *arguments], cwd=REPOSITORY, capture_output=True
    )


def export_json(carepress, path):
    result = export(carepress, path, "--format", "json")
    assert result.returncode == 0, result.stderr.decode()
    return result.stdout.decode("utf-8"), result.stderr.decode("utf-8")


@pytest.fixture(scope="module")
def validator():
    schema = json.loads((REPOSITORY / "formats" / "export.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema, format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER)


@pytest.mark.parametrize("path", RECORDS + SCHEMAS, ids=lambda path: f"{path.parent.name}/{path.name}")
def test_every_sample_validates_against_the_export_schema(carepress, validator, path):
    text, _ = export_json(carepress, path)
    document = json.loads(text)
    errors = sorted(validator.iter_errors(document), key=lambda error: list(error.absolute_path))
    assert not errors, "\n".join(f"{list(error.absolute_path)}: {error.message}" for error in errors[:10])
    # Sorted keys, two-space indentation, UTF-8 as is: exactly what Python writes for the same value.
    assert text == json.dumps(document, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    source = json.loads(path.read_text(encoding="utf-8"))
    assert document["id"] == source["id"]


def test_the_schema_rejects_what_it_should(carepress, validator):
    text, _ = export_json(carepress, CONTENT / "consults" / "hl-2026-0001.json")
    document = json.loads(text)
    for broken in (
        {**document, "extra": 1},
        {**document, "kind": "physio"},
        {**document, "schemaVersion": "carepress-export/2"},
        {**document, "consult": {**document["consult"], "status": "done"}},
    ):
        assert list(validator.iter_errors(broken)), broken.keys()
    question = document["consult"]["questions"][0]
    wrong_answer = {**question, "answer": {"raw": "x", "display": "x"}}  # a text answer on a choice question
    assert list(validator.iter_errors({**document, "consult": {**document["consult"], "questions": [wrong_answer]}}))


def test_the_output_is_deterministic(carepress):
    path = CONTENT / "consults" / "hl-2026-0003.json"
    assert export(carepress, path).stdout == export(carepress, path).stdout


def consult(carepress, name):
    return json.loads(export_json(carepress, CONTENT / "consults" / name)[0])["consult"]


def test_a_consult_carries_labels_path_flags_and_the_exact_free_text(carepress):
    attack = consult(carepress, "hl-2026-0003.json")
    source = json.loads((CONTENT / "consults" / "hl-2026-0003.json").read_text(encoding="utf-8"))
    answers = {question["id"]: question["answer"] for question in attack["questions"]}
    for question_id in ("goals", "anything_else", "scalp_details"):
        assert answers[question_id]["raw"] == source["answers"][question_id]
        assert answers[question_id]["display"] == source["answers"][question_id]
    assert answers["areas"]["raw"] == ["hairline", "overall"]
    assert [choice["label"] for choice in answers["areas"]["choices"]] == ["Receding hairline", "Overall thinning"]
    assert answers["first_noticed"] == {"raw": "2026-01-20", "date": "2026-01-20", "display": "20 January 2026"}
    assert answers["age_started"] == {"raw": 40, "number": 40, "unit": "years", "display": "40 years"}
    assert attack["patient"]["displayName"] == source["patient"]["displayName"]
    assert attack["completedAt"] == {"text": "2026-11-07T13:44:12+02:00", "utc": "2026-11-07T11:44:12Z"}

    flagged = consult(carepress, "hl-2026-0002.json")
    assert [(flag["question"], flag["option"], flag["flag"]) for flag in flagged["flags"]] == [
        ("scalp_symptoms", "pain", "urgent"),
        ("medications", "isotretinoin", "review"),
    ]
    by_id = {question["id"]: question for question in flagged["questions"]}
    assert by_id["scalp_symptoms"]["flag"] == "urgent"
    assert by_id["duration"]["flag"] is None


def test_a_consult_records_the_path_the_flow_took(carepress):
    patches = consult(carepress, "hl-2026-0005.json")
    assert "duration" not in patches["path"]
    assert patches["path"][:3] == ["for_self", "areas", "first_noticed"]
    assert "duration" in patches["skipped"] and "scalp_details" in patches["skipped"]
    assert [question["id"] for question in patches["questions"]] == patches["path"]

    minor = consult(carepress, "hl-2026-0006.json")
    assert minor["path"] == ["for_self"]
    assert minor["flags"] == [
        {
            "question": "for_self",
            "prompt": "Is this consultation for you, and are you 18 or over?",
            "option": "under_18",
            "label": "I'm under 18",
            "flag": "review",
        }
    ]

    unfinished = consult(carepress, "hl-2026-0004.json")
    assert unfinished["status"] == "in-progress"
    assert unfinished["completedAt"] is None
    assert "first_noticed" in unfinished["missingRequired"] and "goals" in unfinished["missingRequired"]
    by_id = {question["id"]: question for question in unfinished["questions"]}
    assert by_id["goals"]["answered"] is False and by_id["goals"]["answer"] is None


def test_physio_names_are_matched_against_the_knowledge_store(carepress):
    document = json.loads(export_json(carepress, CONTENT / "physio" / "pg-2026-0004.json")[0])
    response = document["physio"]["response"]
    unknown = [exercise["name"] for exercise in response["exercises"] if exercise["match"] is None]
    assert unknown == ["Nordic Hamstring Curl Deluxe"]
    assert all(exercise["match"]["page"].startswith("guide/exercises/") for exercise in response["exercises"]
               if exercise["match"] is not None)
    # The warning the check prints is also in the document, located.
    warnings = document["validation"]["warnings"]
    assert len(warnings) == 1
    assert warnings[0]["path"] == "response.suggestedExercises[1]"
    assert warnings[0]["file"].endswith("pg-2026-0004.json") and warnings[0]["line"] > 1


def test_physio_without_a_response_falls_back_to_the_store_s_matches(carepress, tmp_path):
    document = json.loads(export_json(carepress, CONTENT / "physio" / "pg-2026-0002.json")[0])["physio"]
    assert document["response"] is None
    names = [match["name"] for match in document["fallbackMatches"]]
    assert names and names[0] == "Non-specific Low Back Pain"
    match = subprocess.run(
        [str(carepress), "match", document["concern"], "--json"], cwd=REPOSITORY, capture_output=True, text=True
    )
    assert names == [item["name"] for item in json.loads(match.stdout)["matches"]]


def test_a_stack_has_its_schedule_and_adherence(carepress):
    stack = json.loads(export_json(carepress, CONTENT / "stacks" / "sw-2026-0001.json")[0])["stack"]
    assert [slot["supplements"] for slot in stack["schedule"]] == [
        ["omega-3-algal"], ["l-theanine"], ["l-theanine"], ["magnesium-glycinate"]
    ]
    assert stack["supplements"][0]["evidence"] == {"level": "B", "meaning": "Some trials"}
    adherence = stack["adherence"]
    # Planned: magnesium and omega-3 (minimal, with reminders); L-theanine is optional without a reminder.
    assert (adherence["from"], adherence["to"], adherence["daysTracked"]) == ("2026-11-15", "2026-11-17", 3)
    assert adherence["planned"] == ["magnesium-glycinate", "omega-3-algal"]
    assert (adherence["dosesTaken"], adherence["dosesPlanned"], adherence["percentTaken"]) == (5, 6, 83)
    assert adherence["currentStreak"] == 1  # the 17th was complete, the 16th missed omega-3
    assert [day["takenExtra"] for day in adherence["days"]] == [[], [], ["l-theanine"]]


def test_a_stack_export_states_the_same_adherence_as_its_report(carepress, built_site):
    stack = json.loads(export_json(carepress, CONTENT / "stacks" / "sw-2026-0004.json")[0])["stack"]
    adherence = stack["adherence"]
    report = (built_site / "reports" / "stacks" / "sw-2026-0004.md").read_text()
    assert f"{adherence['dosesTaken']} of {adherence['dosesPlanned']}" in report
    assert f"{adherence['daysTracked']} days" in report


def test_a_schema_exports_its_questions_and_rules(carepress):
    schema = json.loads(export_json(carepress, CONTENT / "schemas" / "skin-check.json")[0])
    assert schema["kind"] == "schema" and schema["id"] == "skin-check"
    concern = schema["schema"]["questions"][0]
    assert concern["next"] == [{"ifAnswer": "rash", "goto": "rash_symptoms"}, {"ifAnswer": "other", "goto": "location"}]
    assert schema["schema"]["questions"][-1]["required"] is False


def test_an_answer_the_flow_skipped_is_listed_apart_with_its_warning(carepress, validator):
    record = json.loads((CONTENT / "consults" / "hl-2026-0001.json").read_text(encoding="utf-8"))
    record["answers"]["scalp_details"] = "Answered although the flow skipped it"  # scalp_symptoms is "none"
    result = subprocess.run([str(carepress), "export", "-"], cwd=REPOSITORY, capture_output=True,
                            input=json.dumps(record).encode())
    assert result.returncode == 0, result.stderr.decode()
    document = json.loads(result.stdout)
    assert not list(validator.iter_errors(document))
    consult = document["consult"]
    assert [question["id"] for question in consult["offPath"]] == ["scalp_details"]
    assert consult["offPath"][0]["answer"]["raw"] == "Answered although the flow skipped it"
    assert "scalp_details" not in consult["path"] and "scalp_details" in consult["skipped"]
    [warning] = document["validation"]["warnings"]
    assert warning["file"] == "<stdin>" and warning["path"] == "answers.scalp_details"
    assert result.stderr.decode().startswith("<stdin>:1:")
