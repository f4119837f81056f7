#version 330
// Discs as point sprites: one vertex per disc, half the per-primitive cost of a quad on a
// software rasteriser. Only discs well inside the viewport come here (a point whose centre
// leaves the viewport is dropped whole); the rest go through shape.vert.
in vec4 i_disc;    // centre x, y; radius; stroke width
in vec4 i_fill;
in vec4 i_stroke;
uniform vec2 u_viewport;
flat out vec4 v_disc;
flat out vec4 v_fill;
flat out vec4 v_stroke;
flat out float v_extent;

void main() {
    float extent = i_disc.z + i_disc.w * 0.5 + 1.0;
    gl_PointSize = 2.0 * extent;
    gl_Position = vec4(i_disc.x / u_viewport.x * 2.0 - 1.0,
                       1.0 - i_disc.y / u_viewport.y * 2.0, 0.0, 1.0);
    v_disc = i_disc;
    v_fill = i_fill;
    v_stroke = i_stroke;
    v_extent = extent;
}
