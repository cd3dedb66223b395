# SPDX-License-Identifier: Apache-2.0
"""ARCHITECTURE.md against the package: the target graph and the library access it draws must be
the graph `swift package describe` reports, and every target's `import` lines must name exactly
the dependencies it declares (so the graph shows what each stage really uses)."""
import json
import re
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
DOC = REPO / "ARCHITECTURE.md"

# Modules that come with the toolchain, and modules that arrive inside another package's product.
SYSTEM_MODULES = {"Foundation", "FoundationNetworking", "Glibc", "Darwin", "Dispatch", "Synchronization",
                  "XCTest", "Testing"}
PRODUCT_MODULES = {}
SWIFT_SYNTAX = {"SwiftSyntax", "SwiftParser"}


@pytest.fixture(scope="module")
def package():
    out = subprocess.run(["swift", "package", "describe", "--type", "json"], cwd=REPO, check=True,
                         capture_output=True, text=True).stdout
    described = json.loads(out[out.index("{"):])
    targets = {}
    for t in described["targets"]:
        if not t["path"].startswith("Sources/"):
            continue
        targets[t["name"]] = {"deps": set(t.get("target_dependencies", [])) | set(t.get("product_dependencies", [])),
                              "path": REPO / t["path"], "type": t["type"]}
    return targets


def fenced_block(info):
    """The lines of ARCHITECTURE.md's fenced block whose info string is `info`, as name → set."""
    text = DOC.read_text()
    match = re.search(r"^```" + info + r"\n(.*?)^```", text, re.M | re.S)
    assert match, f"ARCHITECTURE.md has no ```{info} block"
    entries = {}
    for number, line in enumerate(match.group(1).splitlines(), 1):
        if not line.strip():
            continue
        name, sep, rest = line.partition(":")
        assert sep, f"ARCHITECTURE.md ```{info} line {number}: expected 'Name: dep dep …', got {line!r}"
        assert name.strip() not in entries, f"ARCHITECTURE.md ```{info}: {name.strip()} is listed twice"
        entries[name.strip()] = set(rest.split())
    return entries


def difference(documented, actual):
    lines = []
    for name in sorted(set(documented) | set(actual)):
        if name not in actual:
            lines.append(f"{name}: in ARCHITECTURE.md, not in Package.swift")
        elif name not in documented:
            lines.append(f"{name}: in Package.swift, missing from ARCHITECTURE.md ({' '.join(sorted(actual[name]))})")
        elif documented[name] != actual[name]:
            extra, missing = documented[name] - actual[name], actual[name] - documented[name]
            lines.append(f"{name}: ARCHITECTURE.md also lists {sorted(extra)}, lacks {sorted(missing)}")
    return lines


def test_the_documented_graph_is_the_package_graph(package):
    actual = {name: t["deps"] for name, t in package.items()}
    diff = difference(fenced_block("graph"), actual)
    assert not diff, "ARCHITECTURE.md's target graph differs from Package.swift:\n" + "\n".join(diff)


def test_the_documented_library_access_is_the_package_graph(package):
    documented = fenced_block("access")
    actual = {}
    for library in documented:
        wanted = SWIFT_SYNTAX if library == "swift-syntax" else {library}
        actual[library] = {name for name, t in package.items() if t["deps"] & wanted}
    diff = difference(documented, actual)
    assert not diff, "ARCHITECTURE.md's 'who may see which library' differs from Package.swift:\n" + "\n".join(diff)


def imports(path):
    """Modules the Swift files under `path` import, and whether any import is @_exported."""
    found, exported = set(), []
    for source in sorted(path.rglob("*.swift")):
        for line in source.read_text().splitlines():
            m = re.match(r"\s*(@_exported\s+|@testable\s+)?import\s+(?:(?:struct|class|enum|func|var|let)\s+)?(\w+)", line)
            if m:
                found.add(PRODUCT_MODULES.get(m.group(2), m.group(2)))
                if m.group(1) and m.group(1).startswith("@_exported"):
                    exported.append(source.relative_to(REPO))
    return found - SYSTEM_MODULES, exported


def test_every_target_imports_what_it_declares(package):
    problems = []
    for name, t in sorted(package.items()):
        if t["type"] == "system-target" or not any(t["path"].rglob("*.swift")):
            continue
        used, _ = imports(t["path"])
        if used - t["deps"]:
            problems.append(f"{name} imports {sorted(used - t['deps'])} without declaring them in Package.swift")
        if t["deps"] - used:
            problems.append(f"{name} declares {sorted(t['deps'] - used)} in Package.swift but imports none of them")
    assert not problems, "\n".join(problems)


def test_only_SegueKit_re_exports(package):
    offenders = [str(p) for name, t in package.items() if name != "SegueKit" for p in imports(t["path"])[1]]
    assert not offenders, "@_exported import outside SegueKit: " + ", ".join(offenders)


def closure(package, name):
    seen, stack = set(), [name]
    while stack:
        for dep in package.get(stack.pop(), {"deps": set()})["deps"]:
            if dep not in seen:
                seen.add(dep)
                stack.append(dep)
    return seen


def test_stages_stay_apart(package):
    assert not closure(package, "SegueTimeline") & ({"SeguePresets"} | SWIFT_SYNTAX)
    assert "SegueEncode" not in closure(package, "SegueDecode")
    assert not closure(package, "SegueScene") & ({"CCairo", "CFFmpeg"} | SWIFT_SYNTAX)
