"""The HTML page: the template, the player script, the window's shaders ported to WebGL2
and the payload, all inline (the page asks nothing of the network or of other files).

The shaders are the window's own files (assets/shaders), changed only where GLSL ES 3.00
demands: its version line and default precisions. So a fix to a shader is a fix to both.
"""

from __future__ import annotations

import base64
import html
import json
from collections.abc import Mapping, Sequence

from puzzleviz.assets import asset_path

__all__ = ["SCRIPTS", "SHADERS", "page_html", "player_script", "port_shader"]

# the 2D renderer's programs (viz/renderer2d.py) and the 3D one's (viz/renderer3d.py)
SHADERS = ("shape", "tris", "dots", "glyphs", "mesh")
# the player's script files (assets/web), inlined in this order inside one function scope:
# each file sees the names the files before it define
SCRIPTS = ("common.js", "decode.js", "render2d.js", "camera.js", "render3d.js", "orbit.js",
           "player.js", "menu.js", "tour.js", "quiz.js", "main.js")  # fmt: skip
_ES_HEAD = (
    "#version 300 es\nprecision highp float;\nprecision highp int;\nprecision highp sampler2D;\n"
)


def port_shader(source: str) -> str:
    """A desktop GLSL 3.30 shader as GLSL ES 3.00 (WebGL2)."""
    first, _, rest = source.partition("\n")
    if first.strip() != "#version 330":
        raise ValueError(f"expected a '#version 330' shader, got {first!r}")
    return _ES_HEAD + rest


def ported_shaders() -> dict[str, dict[str, str]]:
    return {
        name: {
            stage: port_shader(asset_path("shaders", f"{name}.{ext}").read_text())
            for stage, ext in (("vertex", "vert"), ("fragment", "frag"))
        }
        for name in SHADERS
    }


def _script_json(value: object) -> str:
    """JSON safe inside a <script> element (no '</' can close it early)."""
    return json.dumps(value, separators=(",", ":")).replace("</", "<\\/")


def player_script() -> str:
    """The player's files as one script: one strict function scope around them all."""
    body = "\n".join(asset_path("web", name).read_text() for name in SCRIPTS)
    return f'"use strict";\n(() => {{\n{body}\n}})();\n'


def page_html(
    title: str,
    payloads: bytes | Sequence[bytes],
    settings: Mapping[str, object],
    lang: str = "en",
    languages: Mapping[str, str] | None = None,
) -> str:
    """The page; `lang` is the language it opens in, `languages` its menu's (code ->
    name; no menu for one language); several payloads are a tour, the first shown first."""
    template = asset_path("web", "player.html").read_text()
    script = player_script()
    chunks = [payloads] if isinstance(payloads, bytes) else list(payloads)
    parts = {
        "{{TITLE}}": html.escape(title),
        "{{LANG}}": html.escape(lang),
        "{{MENU}}": _menu(languages or {}, lang),
        "{{SHADERS}}": _script_json(ported_shaders()),
        "{{SETTINGS}}": _script_json(dict(settings)),
        "{{PAYLOADS}}": "\n".join(_payload_element(i, chunk) for i, chunk in enumerate(chunks)),
        "{{PLAYER_JS}}": script.replace("</script", "<\\/script"),
    }
    for key, value in parts.items():
        if key not in template:
            raise ValueError(f"the page template lacks {key}")
        template = template.replace(key, value)
    return template


def _payload_element(index: int, payload: bytes) -> str:
    """A trace's payload (the first is "payload", the tour's next "payload-1" ...)."""
    name = "payload" if index == 0 else f"payload-{index}"
    data = base64.b64encode(payload).decode("ascii")
    return f'<script type="application/octet-stream" id="{name}">{data}</script>'


def _menu(languages: Mapping[str, str], lang: str) -> str:
    """The language menu: a <select> over the picture, each language in its own name and
    its code (the menu is drawn in the browser's own font, which may lack a script: a
    machine with no Japanese font still reads "ja")."""
    if len(languages) < 2:
        return ""
    options = "".join(
        f'<option value="{html.escape(code)}" lang="{html.escape(code)}"'
        f"{' selected' if code == lang else ''}>{html.escape(name)} ({html.escape(code)})"
        "</option>"
        for code, name in languages.items()
    )
    return (
        f'<select id="language" aria-label="Language / Sprache / Nyelv / 言語">{options}</select>'
    )
