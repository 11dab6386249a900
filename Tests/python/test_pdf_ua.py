"""PDF/UA-1 for every report kind's PDF (issue 41): `pdfua` (the machine-checkable subset of PDF/UA-1) reports no
error, and our own checks of what it does not cover: every text operator is inside a structure element's marked
content or inside an artifact, the XMP metadata packet is there and matches the document information, `/Lang` is
set, every figure has `/Alt`, table headers are TH and headings skip no level. Sample and hostile records of each
kind (consult, physio, stack), built with `build --pdf` and written again with `export --format pdf`."""
import json
import pathlib
import re
import shutil
import subprocess

import pikepdf
import pytest
from pdfua import Severity, validate

REPOSITORY = pathlib.Path(__file__).resolve().parents[2]
CONTENT = REPOSITORY / "Content"
HOSTILE = ("[click me](javascript:alert(1)) <a href=\"https://evil.example/a\">win</a> (unbalanced \\ paren "
           "BT /F1 9 Tf (x) Tj ET EMC <img src=\"http://127.0.0.1:9/x.png\"> <https://evil.example/auto> "
           "</x:xmpmeta> <?xpacket end='w'?> ]]> &amp; Zoë 🙂")
SAMPLES = {"consults": ["hl-2026-0001", "sc-2026-0001"], "physio": ["pg-2026-0001"], "stacks": ["sw-2026-0001"]}
TEXT_OPERATORS = {"Tj", "TJ", "'", '"'}


def hostile_copy(kind, record):
    """A record of the kind with hostile text in the fields its report shows."""
    if kind == "consults":
        record["patient"]["displayName"] = HOSTILE
        record["answers"]["goals"] = HOSTILE
    elif kind == "physio":
        record["concern"] = HOSTILE
        record["response"] = dict(record["response"], reasoning=HOSTILE, encouragement=HOSTILE)
    else:
        record["user"]["displayName"] = HOSTILE
        record["priority"] = HOSTILE
    return record


@pytest.fixture(scope="module")
def ua_site(tmp_path_factory, carepress):
    """The sample records above and a hostile copy of each kind, built with PDFs."""
    root = tmp_path_factory.mktemp("ua-site")
    content = root / "Content"
    shutil.copytree(CONTENT, content)
    for kind, keep in SAMPLES.items():
        for path in (content / kind).glob("*.json"):
            if path.stem not in keep:
                path.unlink()
        record = json.loads((content / kind / f"{keep[0]}.json").read_text())
        hostile = hostile_copy(kind, dict(record, id=f"{keep[0][:2]}-hostile"))
        (content / kind / f"{keep[0][:2]}-hostile.json").write_text(json.dumps(hostile))
    output = root / "Output"
    result = subprocess.run([str(carepress), "build", "--content", str(content), "--templates", "Templates",
                             "--output", str(output), "--pdf", "--jobs", "2", "--json"],
                            cwd=REPOSITORY, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    pdfs = sorted((output / "reports").glob("*/*.pdf"))
    assert len(pdfs) == 7, pdfs
    return root


def pdfs_of(site):
    return sorted((site / "Output" / "reports").glob("*/*.pdf"))


def test_pdfua_reports_no_error_on_any_page(ua_site):
    for pdf in pdfs_of(ua_site):
        report = validate(str(pdf))
        errors = [f"{finding.rule_id} {finding.message}" for finding in report.findings
                  if finding.severity == Severity.ERROR]
        assert errors == [], f"{pdf.name}: {errors[:5]}"


def marked_content(page):
    """Each text-showing operator's enclosing marked content: [(operator, [(tag, properties), ...])]."""
    stack, found = [], []
    for operands, operator in pikepdf.parse_content_stream(page):
        name = str(operator)
        if name == "BMC":
            stack.append((str(operands[0]), None))
        elif name == "BDC":
            properties = operands[1]
            stack.append((str(operands[0]), properties if isinstance(properties, pikepdf.Dictionary) else None))
        elif name == "EMC":
            assert stack, "EMC without BMC/BDC"
            stack.pop()
        elif name in TEXT_OPERATORS:
            found.append((name, list(stack)))
    assert stack == [], "marked content left open at the end of the page"
    return found


def parent_tree_mcids(pdf):
    """The MCIDs the structure tree's ParentTree names, for each page's StructParents key."""
    tree = pdf.Root.StructTreeRoot.ParentTree
    numbers = {}

    def walk(node):
        if "/Nums" in node:
            items = list(node.Nums)
            for index in range(0, len(items), 2):
                numbers[int(items[index])] = items[index + 1]
        for kid in node.get("/Kids", []):
            walk(kid)

    walk(tree)
    return numbers


def test_every_text_operator_is_tagged_content_or_an_artifact(ua_site):
    for pdf_path in pdfs_of(ua_site):
        with pikepdf.open(pdf_path) as pdf:
            parents = parent_tree_mcids(pdf)
            artifacts = 0
            for number, page in enumerate(pdf.pages, 1):
                mapped = parents.get(int(page.obj.get("/StructParents", -1)))
                for operator, stack in marked_content(page):
                    if any(tag == "/Artifact" for tag, _ in stack):
                        artifacts += 1
                        continue
                    mcids = [props.MCID for tag, props in stack if props is not None and "/MCID" in props]
                    assert mcids, f"{pdf_path.name} page {number}: {operator} outside marked content"
                    mcid = int(mcids[-1])
                    assert mapped is not None and mcid < len(mapped) and mapped[mcid] is not None, \
                        f"{pdf_path.name} page {number}: MCID {mcid} has no structure element"
            # The header and footer on every page are artifacts.
            assert artifacts >= 2 * len(pdf.pages), pdf_path.name


def test_xmp_metadata_declares_pdfua_and_matches_the_document_information(ua_site):
    for pdf_path in pdfs_of(ua_site):
        with pikepdf.open(pdf_path) as pdf:
            assert "/Metadata" in pdf.Root, pdf_path.name
            stream = pdf.Root.Metadata
            assert stream.Type == "/Metadata" and stream.Subtype == "/XML"
            assert "/Filter" not in stream, "the XMP stays readable without a decoder"
            lang = str(pdf.Root.Lang)
            assert lang
            title = str(pdf.docinfo.Title)
            with pdf.open_metadata(set_pikepdf_as_editor=False) as meta:
                assert meta.get("dc:title") == title, pdf_path.name
                assert lang in (meta.get("dc:language") or []), pdf_path.name
                assert str(meta.get("pdfuaid:part")) == "1"
                assert meta.get("pdf:Producer") == str(pdf.docinfo.Producer)
                if "/Creator" in pdf.docinfo:
                    assert meta.get("xmp:CreatorTool") == str(pdf.docinfo.Creator)
            # No time of printing (the bytes are the same every time).
            assert not re.search(rb"xmp:(Create|Modify|Metadata)Date", stream.read_bytes())
            assert "/CreationDate" not in pdf.docinfo and "/ModDate" not in pdf.docinfo


def structure(pdf):
    """The structure elements in document order: [(type, element)]."""
    role_map = pdf.Root.StructTreeRoot.get("/RoleMap", {})
    found = []

    def walk(node):
        if isinstance(node, pikepdf.Dictionary) and "/S" in node:
            kind = str(node.S)
            found.append((str(role_map.get(kind, kind)), node))
        kids = node.get("/K") if isinstance(node, pikepdf.Dictionary) else None
        if isinstance(kids, pikepdf.Array):
            for kid in kids:
                walk(kid)
        elif isinstance(kids, pikepdf.Dictionary):
            walk(kids)

    walk(pdf.Root.StructTreeRoot)
    return found


def test_figures_have_alt_tables_have_th_and_headings_skip_no_level(ua_site):
    charts = 0
    for pdf_path in pdfs_of(ua_site):
        html = pdf_path.with_suffix(".html").read_text()
        with pikepdf.open(pdf_path) as pdf:
            elements = structure(pdf)
            for kind, element in elements:
                if kind == "/Figure":
                    charts += 1
                    assert str(element.get("/Alt", "")).strip(), f"{pdf_path.name}: a Figure without /Alt"
            header_cells = len(re.findall(r"<th[\s>]", html))
            assert sum(kind == "/TH" for kind, _ in elements) == header_cells, pdf_path.name
            levels = [int(kind[2]) for kind, _ in elements if re.fullmatch(r"/H[1-6]", kind)]
            assert levels and levels[0] == 1, f"{pdf_path.name}: {levels}"
            for before, after in zip(levels, levels[1:]):
                assert after <= before + 1, f"{pdf_path.name}: heading levels {levels}"
    assert charts >= 1, "the stack's adherence chart is a Figure"


def test_export_writes_the_same_bytes_twice_and_as_the_build(ua_site, carepress, tmp_path):
    for pdf_path in pdfs_of(ua_site):
        kind = pdf_path.parent.name
        folder = {"consult": "consults", "physio": "physio", "stack": "stacks"}.get(kind, kind)
        record = ua_site / "Content" / folder / f"{pdf_path.stem}.json"
        outputs = []
        for attempt in range(2):
            target = tmp_path / f"{pdf_path.stem}-{attempt}.pdf"
            result = subprocess.run([str(carepress), "export", str(record), "--content", str(ua_site / "Content"),
                                     "--format", "pdf", "-o", str(target)], cwd=REPOSITORY, capture_output=True,
                                    text=True)
            assert result.returncode == 0, result.stderr
            outputs.append(target.read_bytes())
        assert outputs[0] == outputs[1] == pdf_path.read_bytes(), pdf_path.name
