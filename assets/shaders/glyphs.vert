#version 330
// Glyphs as point sprites (square, the glyph's larger side): one vertex per glyph.
in vec4 i_box;   // centre x, y; half width, half height
in vec4 i_uv;    // atlas u0, v0, u1, v1
in vec4 i_color;
uniform vec2 u_viewport;
flat out vec4 v_box;
flat out vec4 v_uv;
flat out vec4 v_color;

void main() {
    gl_PointSize = 2.0 * max(i_box.z, i_box.w);
    gl_Position = vec4(i_box.x / u_viewport.x * 2.0 - 1.0,
                       1.0 - i_box.y / u_viewport.y * 2.0, 0.0, 1.0);
    v_box = i_box;
    v_uv = i_uv;
    v_color = i_color;
}
