# SPDX-License-Identifier: Apache-2.0
"""docs/scene.schema.json against real scenes: every scene in scenes/ validates, and the
decoder tests' structurally bad scenes (unknown keys, missing required keys, wrong types) are
rejected by the schema too. The bad scenes are read from the Swift tests themselves
(Tests/SegueSceneTests), so this covers the same inputs the decoder's error tests do.
"""
import json
import re
from pathlib import Path

import pytest

yaml = pytest.importorskip("yaml")
jsonschema = pytest.importorskip("jsonschema")

REPO = Path(__file__).resolve().parents[2]
SCHEMA = json.loads((REPO / "docs" / "scene.schema.json").read_text())

# Structural error kinds: an unknown key, a missing required key. (Wrong types are kind
# invalidValue and picked out by their message below.)
STRUCTURAL_KINDS = ("unknownKey", "missingKey")
# An invalidValue error that says a value has the wrong type (not a wrong number or name).
WRONG_TYPE = re.compile(r"expected (a|an) (number|list|map|string|colour|time|angle|boolean)|found the string|"
                        r"found a list|found a map|\d numbers(?! for)|the number \d")
# Scenes the decoder rejects for what they mean rather than their structure: a key that is
# required only by another part of the scene.
SEMANTIC = {
    # 'from'/'to' screens are required only because the scene has no 'screens:'.
    "canvas: {size: [390, 844]}\ntransition: {preset: flip}\n",
}


def _validator():
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    return jsonschema.Draft202012Validator(SCHEMA)


def _unescape(text: str) -> str:
    text = re.sub(r"\\u\{([0-9a-fA-F]+)\}", lambda m: chr(int(m.group(1), 16)), text)
    return re.sub(r'\\(.)', lambda m: {"n": "\n", "t": "\t", "0": "\0"}.get(m.group(1), m.group(1)), text)


def _literal(source: str, at: int):
    """The Swift string literal starting at `at` (single-line or multi-line): (text, end)."""
    if source.startswith('"""', at):
        end = source.index('"""', at + 3)
        body = source[at + 3:end]
        lines = body.split("\n")[1:]
        indent = len(lines[-1])  # the closing delimiter's indentation is stripped from every line
        text = "\n".join(line[indent:] for line in lines[:-1]) + "\n"
        return _unescape(text), end + 3
    m = re.compile(r'"((?:[^"\\\n]|\\.)*)"').match(source, at)
    return (_unescape(m.group(1)), m.end()) if m else (None, at)


def _argument(source: str, at: int, names: dict):
    """The first argument of a call at `at`: string literals and names of string constants
    joined by '+'. (text, end), or (None, at) when it is built some other way."""
    parts, position = [], at
    while True:
        while source[position] in " \n":
            position += 1
        if source[position] == '"':
            text, position = _literal(source, position)
            if text is None:
                return None, at
            parts.append(text)
        else:
            m = re.compile(r"([A-Z]\w*\.)?([A-Za-z_]\w*)").match(source, position)
            # The constant's nearest definition before the call (a static one for `Self.name`).
            earlier = [text for where, text, static in names.get(m.group(2) if m else "", [])
                       if where < at and (static or not m.group(1))]
            if not earlier or earlier[-1] is None:
                return None, at
            parts.append(earlier[-1])
            position = m.end()
        m = re.compile(r"\s*\+\s*").match(source, position)
        if not m:
            return "".join(parts), position
        position = m.end()


def bad_scenes():
    """(test file, kind, YAML, rest of the call) for every expectError whose scene is literal
    text, or literal text joined with string constants of the same file."""
    found = []
    for path in sorted((REPO / "Tests" / "SegueSceneTests").glob("*.swift")):
        source = path.read_text()
        # Every `let name = …`, in file order; its text when it is literal strings and earlier
        # constants joined by '+', else None (so a use never falls back to an older definition).
        names = {}
        for definition in re.finditer(r"(static )?(?:let|var) (\w+)(?:: String)? = ", source):
            text, end = _argument(source, definition.end(), names)
            if text is not None and re.compile(r"\s*(\n|//)").match(source, end) is None:
                text = None  # more follows on the line (a method call, …)
            names.setdefault(definition.group(2), []).append((definition.start(), text, bool(definition.group(1))))
        for call in re.finditer(r"expectError\(\s*", source):
            text, end = _argument(source, call.end(), names)
            if text is None or "\\(" in source[call.end():end]:
                continue  # built from other values; not literal
            kind = re.compile(r"\s*,\s*\.(\w+)").match(source, end)
            if kind:
                # The rest of the call: the expected location, message words and suggestion.
                following = source.find("expectError(", end)
                rest = source[end:following if following != -1 else len(source)]
                found.append((path.name, kind.group(1), text, rest))
    return found


def test_every_scene_in_scenes_validates():
    validator = _validator()
    scenes = sorted((REPO / "scenes").glob("*.yaml"))
    assert len(scenes) >= 10
    for scene in scenes:
        errors = [f"{list(e.absolute_path)}: {e.message[:160]}" for e in validator.iter_errors(yaml.safe_load(scene.read_text()))]
        assert not errors, f"{scene.name}: {errors}"


def test_every_scene_points_editors_at_the_schema():
    for scene in sorted((REPO / "scenes").glob("*.yaml")):
        first = scene.read_text().split("\n", 1)[0]
        assert first == "# yaml-language-server: $schema=../docs/scene.schema.json", scene.name


def test_structurally_bad_scenes_are_rejected_by_the_schema():
    validator = _validator()
    rejected, checked = [], []
    for name, kind, text, message in bad_scenes():
        wrong_type = kind == "invalidValue" and WRONG_TYPE.search(message) is not None
        if kind not in STRUCTURAL_KINDS and not wrong_type:
            continue
        if text in SEMANTIC:
            continue
        try:
            document = yaml.safe_load(text)
        except yaml.YAMLError:
            continue  # not YAML that PyYAML reads; a syntax case at heart
        checked.append((name, text))
        if not validator.is_valid(document):
            rejected.append((name, text))
    accepted = [c for c in checked if c not in rejected]
    assert not accepted, f"the schema accepts {len(accepted)} structurally bad scene(s): {accepted[:5]}"
    assert len(rejected) >= 20, f"only {len(rejected)} structural bad scenes found"


def test_schema_rejects_hand_made_structural_mistakes():
    """A few mistakes written here, independent of the Swift tests."""
    validator = _validator()
    good = {"canvas": {"size": [390, 844]}, "layers": [{"id": "card", "frame": [0, 0, 100, 100], "opacity": 0.5}]}
    assert validator.is_valid(good)
    for bad in (
        {"layers": []},                                                   # no canvas
        {"canvas": {"size": [390, 844], "colour": "red"}},                # unknown key
        {"canvas": {"size": "390x844"}},                                  # wrong type
        {"canvas": {"size": [390, 844]}, "layers": [{"frame": [0, 0, 1, 1]}]},          # layer without id
        {"canvas": {"size": [390, 844]}, "layers": [{"id": "a", "opacity": "half"}]},   # wrong type
        {"canvas": {"size": [390, 844]}, "layers": [{"id": "a", "contentsGravity": "fill"}]},  # not an allowed name
        {"canvas": {"size": [390, 844]}, "transition": {"preset": "flip", "cards": ["a"]}},   # another preset's parameter
    ):
        assert not validator.is_valid(bad), bad
