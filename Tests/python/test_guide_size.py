"""The whole offline guide, with the assets its pages load, fits in under 1 MB."""

LIMIT = 1_000_000  # bytes


def test_the_guide_and_its_assets_are_under_1_mb(built_site):
    files = [path for folder in ("guide", "assets") for path in (built_site / folder).rglob("*") if path.is_file()]
    assert any(path.name == "search-index.js" for path in files)
    assert len(files) > 100
    total = sum(path.stat().st_size for path in files)
    print(f"guide + assets: {len(files)} files, {total} bytes ({total / 1024:.0f} KB)")
    assert total < LIMIT, f"the guide and its assets take {total} bytes, over the {LIMIT}-byte budget"
