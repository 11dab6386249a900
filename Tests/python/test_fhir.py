"""`carepress export --format fhir` and `fhir-questionnaire`: every sample consult and consult schema validates
against the FHIR R4B models of fhir.resources, and says what the record says: codes, exact free text, status,
and an enableWhen that enables exactly the questions the consult flow visits."""
import itertools
import json
import pathlib
import subprocess

import pytest
from fhir.resources.R4B.questionnaire import Questionnaire
from fhir.resources.R4B.questionnaireresponse import QuestionnaireResponse

REPOSITORY = pathlib.Path(__file__).resolve().parents[2]
CONTENT = REPOSITORY / "Content"
CONSULTS = sorted((CONTENT / "consults").glob("*.json"))
SCHEMAS = sorted((CONTENT / "schemas").glob("*.json"))
ITEM_TYPES = {"singleChoice": "choice", "multipleChoice": "choice", "freeText": "text", "date": "date",
              "number": "decimal"}


def item_type(question):
    """A number with a unit is a FHIR quantity."""
    return "quantity" if question["type"] == "number" and "unit" in question else ITEM_TYPES[question["type"]]


def export(carepress, path, *arguments, stdin=None):
    return subprocess.run(
        [str(carepress), "export", str(path), *arguments], cwd=REPOSITORY, capture_output=True, input=stdin
    )


def exported(carepress, path, fmt):
    result = export(carepress, path, "--format", fmt)
    assert result.returncode == 0, result.stderr.decode()
    return result.stdout.decode("utf-8")


def response_of(bundle_text):
    """The QuestionnaireResponse of an exported Bundle, as JSON text."""
    bundle = json.loads(bundle_text)
    assert bundle["resourceType"] == "Bundle"
    (response,) = [entry["resource"] for entry in bundle["entry"]
                   if entry["resource"]["resourceType"] == "QuestionnaireResponse"]
    return json.dumps(response, ensure_ascii=False)


def load(path):
    return json.loads(pathlib.Path(path).read_text(encoding="utf-8"))


def schema_of(consult):
    return load(CONTENT / "schemas" / f"{consult['schema']}.json")


def flow_path(schema, answers):
    """The questions the consult app visits (formats/consult-schema.schema.json), written again here on purpose."""
    questions = schema["questions"]
    index = {question["id"]: position for position, question in enumerate(questions)}
    position, path = 0, []
    while position is not None and questions[position]["id"] not in path:
        question = questions[position]
        path.append(question["id"])
        answer = answers.get(question["id"])
        chosen = answer if isinstance(answer, list) else [answer] if isinstance(answer, str) else []
        rule = next((rule for rule in question.get("next", [])
                     if "ifAnswer" not in rule or rule["ifAnswer"] in chosen), None)
        if rule is not None:
            position = None if rule["goto"] == "end" else index[rule["goto"]]
        else:
            position = position + 1 if position + 1 < len(questions) else None
    return path


def fhir_enabled(questionnaire, answers):
    """The linkIds FHIR enables for these answers: a disabled item counts as unanswered (R4 enableWhen rules)."""
    items = {item["linkId"]: item for item in questionnaire["item"]}
    memo = {}

    def codes(link_id):
        if not enabled(link_id):
            return set()
        answer = answers.get(link_id)
        return set(answer) if isinstance(answer, list) else {answer} if isinstance(answer, str) else set()

    def enabled(link_id):
        if link_id not in memo:
            conditions = items[link_id].get("enableWhen", [])
            results = []
            for condition in conditions:
                present = condition["answerCoding"]["code"] in codes(condition["question"])
                results.append(present if condition["operator"] == "=" else not present)
            memo[link_id] = not results or (any(results) if items[link_id].get("enableBehavior") == "any"
                                            else all(results))
        return memo[link_id]

    return [link_id for link_id in items if enabled(link_id)]


@pytest.mark.parametrize("path", CONSULTS, ids=lambda path: path.name)
def test_every_consult_is_a_valid_questionnaire_response_that_says_what_the_record_says(carepress, path):
    text = response_of(exported(carepress, path, "fhir"))
    QuestionnaireResponse.model_validate_json(text)
    response = json.loads(text)
    consult = load(path)
    schema = schema_of(consult)
    questions = {question["id"]: question for question in schema["questions"]}

    assert response["resourceType"] == "QuestionnaireResponse"
    assert response["status"] == consult["status"]
    assert response["id"] == consult["id"]
    assert response["identifier"] == {"system": "urn:carepress:consult", "value": consult["id"]}
    assert response["questionnaire"] == f"urn:carepress:questionnaire:{schema['id']}|{schema['version']}"
    expected_time = consult.get("completedAt") if consult["status"] == "completed" else consult.get("startedAt")
    assert response.get("authored") == expected_time

    answered = [question_id for question_id in flow_path(schema, consult["answers"])
                if question_id in consult["answers"] and consult["answers"][question_id] != ""]
    assert [item["linkId"] for item in response.get("item", [])] == answered
    for item in response.get("item", []):
        question = questions[item["linkId"]]
        answer = consult["answers"][item["linkId"]]
        assert item["text"] == question["prompt"]
        if question["type"] in ("singleChoice", "multipleChoice"):
            chosen = answer if isinstance(answer, list) else [answer]
            labels = {option["id"]: option["label"] for option in question["options"]}
            assert [entry["valueCoding"] for entry in item["answer"]] == [
                {"system": f"urn:carepress:options:{schema['id']}:{question['id']}", "code": code,
                 "display": labels[code]}
                for code in dict.fromkeys(chosen)
            ]
        elif question["type"] == "freeText":
            assert item["answer"] == [{"valueString": answer}]  # exactly as typed
        elif question["type"] == "date":
            assert item["answer"] == [{"valueDate": answer}]
        elif "unit" in question:
            quantity = item["answer"][0]["valueQuantity"]
            assert (quantity["value"], quantity["unit"]) == (answer, question["unit"])
        else:
            assert item["answer"] == [{"valueDecimal": answer}]


def test_the_attack_consult_keeps_its_free_text_exactly(carepress):
    path = CONTENT / "consults" / "hl-2026-0003.json"
    text = exported(carepress, path, "fhir")
    model = QuestionnaireResponse.model_validate_json(response_of(text))
    consult = load(path)
    strings = {item.linkId: item.answer[0].valueString for item in model.item if item.answer[0].valueString}
    for question_id in ("scalp_details", "goals", "anything_else"):
        assert strings[question_id] == consult["answers"][question_id]
    assert "\u202e" in strings["goals"] and "🙏" in strings["goals"] and "<shedding>" in strings["goals"]
    assert "\r\n" in strings["anything_else"] and strings["scalp_details"].endswith("trailing  ")
    # Read from standard input, the same bytes come out.
    piped = export(carepress, "-", "--format", "fhir", stdin=path.read_bytes())
    assert piped.returncode == 0 and piped.stdout.decode("utf-8") == text


def test_statuses_and_codes_of_particular_consults(carepress):
    unfinished = json.loads(response_of(exported(carepress, CONTENT / "consults" / "hl-2026-0004.json", "fhir")))
    assert unfinished["status"] == "in-progress"
    assert unfinished["authored"] == "2026-11-09T07:55:00Z"
    assert [item["linkId"] for item in unfinished["item"]] == ["for_self", "areas", "duration"]
    minor = json.loads(response_of(exported(carepress, CONTENT / "consults" / "hl-2026-0006.json", "fhir")))
    assert minor["status"] == "completed"
    assert minor["item"] == [{
        "linkId": "for_self",
        "text": "Is this consultation for you, and are you 18 or over?",
        "answer": [{"valueCoding": {"system": "urn:carepress:options:hair-loss:for_self", "code": "under_18",
                                    "display": "I'm under 18"}}],
    }]


@pytest.mark.parametrize("path", SCHEMAS, ids=lambda path: path.name)
def test_every_schema_is_a_valid_questionnaire_with_its_questions(carepress, path):
    text = exported(carepress, path, "fhir-questionnaire")
    Questionnaire.model_validate_json(text)
    questionnaire = json.loads(text)
    schema = load(path)
    assert questionnaire["resourceType"] == "Questionnaire"
    assert questionnaire["url"] == f"urn:carepress:questionnaire:{schema['id']}"
    assert (questionnaire["version"], questionnaire["title"], questionnaire["status"]) == (
        schema["version"], schema["title"], "active")
    assert [item["linkId"] for item in questionnaire["item"]] == [question["id"] for question in schema["questions"]]
    for item, question in zip(questionnaire["item"], schema["questions"]):
        assert item["text"] == question["prompt"]
        assert item["type"] == item_type(question)
        assert item["required"] == question.get("required", True)
        assert item.get("repeats", False) == (question["type"] == "multipleChoice")
        system = f"urn:carepress:options:{schema['id']}:{question['id']}"
        assert [option["valueCoding"] for option in item.get("answerOption", [])] == [
            {"system": system, "code": option["id"], "display": option["label"]}
            for option in question.get("options", [])
        ]


@pytest.mark.parametrize("path", SCHEMAS, ids=lambda path: path.name)
def test_enable_when_enables_exactly_the_questions_the_flow_visits(carepress, path):
    """For every combination of the answers the rules test (each option a rule names, chosen or not, or no answer)."""
    questionnaire = json.loads(exported(carepress, path, "fhir-questionnaire"))
    schema = load(path)
    choices = []
    for question in schema["questions"]:
        named = list(dict.fromkeys(rule["ifAnswer"] for rule in question.get("next", []) if "ifAnswer" in rule))
        if not named:
            continue
        if question["type"] == "multipleChoice":
            subsets = [list(subset) for size in range(len(named) + 1) for subset in itertools.combinations(named, size)]
            choices.append([(question["id"], subset) for subset in subsets])
        else:
            choices.append([(question["id"], None)] + [(question["id"], option) for option in named])
    combinations = 0
    for combination in itertools.product(*choices):
        answers = {question_id: answer for question_id, answer in combination if answer not in (None, [])}
        assert fhir_enabled(questionnaire, answers) == flow_path_in_order(schema, answers), answers
        combinations += 1
    assert combinations > 1


def flow_path_in_order(schema, answers):
    visited = set(flow_path(schema, answers))
    return [question["id"] for question in schema["questions"] if question["id"] in visited]


@pytest.mark.parametrize("path", CONSULTS, ids=lambda path: path.name)
def test_each_consult_answers_the_questions_its_questionnaire_enables(carepress, path):
    consult = load(path)
    questionnaire = json.loads(exported(carepress, CONTENT / "schemas" / f"{consult['schema']}.json",
                                        "fhir-questionnaire"))
    response = json.loads(response_of(exported(carepress, path, "fhir")))
    document = json.loads(exported(carepress, path, "json"))["consult"]
    enabled = fhir_enabled(questionnaire, consult["answers"])
    assert sorted(enabled) == sorted(document["path"])
    items = {item["linkId"]: item for item in questionnaire["item"]}
    for answered in response.get("item", []):
        item = items[answered["linkId"]]
        assert answered["linkId"] in enabled
        for answer in answered["answer"]:
            (kind, value), = answer.items()
            assert kind == {"choice": "valueCoding", "text": "valueString", "date": "valueDate",
                            "decimal": "valueDecimal", "quantity": "valueQuantity"}[item["type"]]
            if kind == "valueCoding":
                assert value in [option["valueCoding"] for option in item["answerOption"]]
    if consult["status"] == "completed":
        required = {item["linkId"] for item in questionnaire["item"] if item["required"]}
        assert required & set(enabled) <= {item["linkId"] for item in response.get("item", [])}


def test_the_enable_when_of_the_skin_check(carepress):
    questionnaire = json.loads(exported(carepress, CONTENT / "schemas" / "skin-check.json", "fhir-questionnaire"))
    items = {item["linkId"]: item for item in questionnaire["item"]}

    def conditions(link_id):
        return [(c["question"], c["operator"], c["answerCoding"]["code"]) for c in items[link_id].get("enableWhen", [])]

    assert conditions("concern") == []
    assert conditions("mole_changes") == [("concern", "!=", "other"), ("concern", "!=", "rash")]
    assert items["mole_changes"]["enableBehavior"] == "all"
    assert conditions("rash_symptoms") == [("concern", "=", "rash")]
    assert conditions("location") == [("rash_symptoms", "!=", "fever")]
    assert items["notes"]["required"] is False
