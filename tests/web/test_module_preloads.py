"""The page asks for its modules at once, not one level of imports after another: the
index page preloads every module app.js imports, and games/index.js preloads each board
module's own (and HGW's world map) when the module is asked for. A module added to
an import and missing from a list would be found a round trip late again, so the
lists are checked against the import graph here. Not a browser test: it reads the
files' static imports (a dynamic `import()` is asked for when it runs, not listed)."""

from __future__ import annotations

import posixpath
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "src" / "grognard" / "web"
#: `import … from "./x.js"`, `export … from "./x.js"` and `import "./x.js"`, over lines
STATIC_IMPORT = re.compile(
    r'^\s*(?:import|export)\s[^;]*?\sfrom\s+"(\.{1,2}/[^"]+)"|^\s*import\s+"(\.{1,2}/[^"]+)"', re.M
)
BOARD_MODULES = ("viktory2", "victory", "virtuti", "hgw")


def static_imports(module: str) -> set[str]:
    """Every module `module` (a path under web/) imports statically, directly or not,
    itself included."""
    seen: set[str] = set()
    todo = [module]
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        seen.add(path)
        for match in STATIC_IMPORT.finditer((WEB / path).read_text(encoding="utf-8")):
            spec = match.group(1) or match.group(2)
            todo.append(posixpath.normpath(posixpath.join(posixpath.dirname(path), spec)))
    return seen


def index_preloads() -> set[str]:
    html = (WEB / "index.html").read_text(encoding="utf-8")
    return set(re.findall(r'<link rel="modulepreload" href="([^"]+)">', html))


def board_preloads() -> dict[str, set[str]]:
    """games/index.js's PRELOADS, each file as a path under web/."""
    text = (WEB / "games" / "index.js").read_text(encoding="utf-8")
    block = re.search(r"const PRELOADS = \{(.*?)\n\};", text, re.S)
    assert block, "games/index.js has no PRELOADS table"
    lists = {}
    for game, body in re.findall(r"\n  (\w+): \[(.*?)\]", block.group(1), re.S):
        files = re.findall(r'"([^"]+)"', body)
        lists[game] = {posixpath.normpath(posixpath.join("games", f)) for f in files}
    return lists


def test_the_index_page_preloads_every_module_the_app_imports() -> None:
    wanted = static_imports("app.js") - {"app.js"}  # app.js is the page's own script
    assert index_preloads() == wanted


def test_each_board_module_preloads_what_it_imports_beyond_the_app() -> None:
    app = static_imports("app.js")
    lists = board_preloads()
    assert set(lists) == set(BOARD_MODULES)
    for game in BOARD_MODULES:
        module = f"games/{game}.js"
        own = static_imports(module) - app - {module}  # the module itself is imported right after
        scripts = {f for f in lists[game] if f.endswith(".js")}
        assert scripts == own, game


def test_hgw_preloads_its_world_map_from_where_the_page_fetches_it() -> None:
    assert "games/hgw-map.json" in board_preloads()["hgw"]
    assert (WEB / "games" / "hgw-map.json").is_file()
    world = (WEB / "games" / "hgw-world.js").read_text(encoding="utf-8")
    assert 'new URL("./hgw-map.json", import.meta.url)' in world


def test_hgw_preloads_the_board_data_its_module_awaits_while_it_loads() -> None:
    # hgw-view.js waits for the board data at its top level: asked for only then, it
    # came a round trip after the modules
    assert "/api/rulesets/hgw/board-data" in board_preloads()["hgw"]
    view = (WEB / "games" / "hgw-view.js").read_text(encoding="utf-8")
    assert 'fetch("/api/rulesets/hgw/board-data", { credentials: "same-origin" })' in view
    assert "export const RULES = await loadRules();" in view


def test_the_import_reader_finds_imports_over_several_lines() -> None:
    # the reader itself: a multi-line import list, a re-export, a bare import, a
    # dynamic import (not followed) and a comment that only looks like one
    source = (
        'import {\n  a,\n  b,\n} from "./one.js";\nexport { c } from "../two.js";\n'
        'import "./three.js";\nconst later = () => import("./four.js");\n// import x from "./five.js"\n'
    )
    found = {m.group(1) or m.group(2) for m in STATIC_IMPORT.finditer(source)}
    assert found == {"./one.js", "../two.js", "./three.js"}
