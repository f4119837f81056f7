"""OpenGL contexts: headless (EGL, no display needed) or the window's, and what they can do."""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable

import moderngl
from puzzleviz.assets import asset_path
from puzzleviz.solvers.errors import PuzzlevizError

SOFTWARE_RENDERERS = ("llvmpipe", "softpipe", "swrast", "swiftshader", "lavapipe")


class GLUnavailableError(PuzzlevizError):
    """No OpenGL 3.3 context could be created."""


def headless_context() -> moderngl.Context:
    """A standalone OpenGL 3.3 core context through EGL (Mesa llvmpipe works without GPU)."""
    try:
        # moderngl's stub types each keyword setting as a dict (it means **settings itself)
        return moderngl.create_standalone_context(backend="egl", require=330)  # type: ignore[arg-type]
    except Exception as exc:  # moderngl raises plain Exception subclasses per backend
        raise GLUnavailableError(
            f"cannot create a headless OpenGL 3.3 context through EGL ({exc}); "
            "install Mesa's EGL (libegl1, libgl1-mesa-dri)"
        ) from None


def renderer_name(ctx: moderngl.Context) -> str:
    return str(ctx.info.get("GL_RENDERER", "unknown"))


def is_software(ctx: moderngl.Context) -> bool:
    name = renderer_name(ctx).lower()
    return any(tag in name for tag in SOFTWARE_RENDERERS)


def default_samples(ctx: moderngl.Context) -> int:
    """MSAA samples for 3D: 4 on a GPU. On a software rasteriser 4x MSAA costs about 3x the
    frame time (measured with llvmpipe at 1080p), so there the shaders' own anti-aliasing
    (signed distances in 2D, pixel-width outlines in 3D) carries the quality instead."""
    if is_software(ctx):
        return 0
    return min(4, ctx.max_samples)


def samples_for(ctx: moderngl.Context, asked: int | None) -> int:
    """The MSAA samples to draw with: `asked` (--msaa; None: the default), but never more
    than the driver offers (llvmpipe offers 4, and 8 was moderngl's 'number of samples is
    invalid'): then what it offers, said once on stderr."""
    if asked is None:
        return default_samples(ctx)
    most = int(ctx.max_samples)
    if asked <= most:
        return asked
    fewer = most if most >= 2 else 0
    print(f"puzzleviz: --msaa {asked}: this GL driver ({renderer_name(ctx)}) offers at most "
          f"{most} samples; drawing with {fewer}", file=sys.stderr)  # fmt: skip
    return fewer


def load_program(ctx: moderngl.Context, name: str) -> moderngl.Program:
    """Compile assets/shaders/<name>.vert + .frag, once per context."""
    return _programs(ctx)(name)


@functools.cache
def _programs(ctx: moderngl.Context) -> Callable[[str], moderngl.Program]:
    @functools.cache
    def build(name: str) -> moderngl.Program:
        vertex = asset_path("shaders", f"{name}.vert").read_text()
        fragment = asset_path("shaders", f"{name}.frag").read_text()
        return ctx.program(vertex_shader=vertex, fragment_shader=fragment)

    return build


def uniform(program: moderngl.Program, name: str) -> moderngl.Uniform:
    """The uniform `name` of `program` (a program's lookup gives its attributes too)."""
    member = program[name]
    if not isinstance(member, moderngl.Uniform):
        raise TypeError(f"{name!r} is not a uniform of the shader")
    return member


def attribute_location(program: moderngl.Program, name: str) -> int:
    """Where the vertex attribute `name` of `program` is bound."""
    member = program[name]
    if not isinstance(member, moderngl.Attribute):
        raise TypeError(f"{name!r} is not a vertex attribute of the shader")
    return member.location


def blend_over(ctx: moderngl.Context) -> None:
    """Blend colours by source alpha; the target's alpha adds up coverage."""
    # The separate alpha pair is moderngl's documented form; its stub declares the rgb pair only.
    ctx.blend_func = (  # type: ignore[assignment]
        moderngl.SRC_ALPHA,
        moderngl.ONE_MINUS_SRC_ALPHA,
        moderngl.ONE,
        moderngl.ONE_MINUS_SRC_ALPHA,
    )
