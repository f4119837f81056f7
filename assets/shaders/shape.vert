#version 330
// One instanced quad per 2D shape or glyph; see viz/draw2d.py for the instance layout.
in vec2 corner;
in vec4 i_geom;    // centre x, y; half width, half height
in vec4 i_param;   // rotation, corner radius, stroke width, kind
in vec4 i_fill;
in vec4 i_stroke;
in vec4 i_extra;
uniform vec2 u_viewport;

out vec2 v_local;
out vec2 v_uv;
flat out vec4 v_geom;
flat out vec4 v_param;
flat out vec4 v_fill;
flat out vec4 v_stroke;
flat out vec4 v_extra;

void main() {
    bool glyph = i_param.w > 1.5;
    float margin = glyph ? 0.0 : i_param.z * 0.5 + 1.0;
    vec2 local = corner * (i_geom.zw + margin);
    float c = cos(i_param.x), s = sin(i_param.x);
    vec2 p = i_geom.xy + vec2(local.x * c + local.y * s, -local.x * s + local.y * c);
    gl_Position = vec4(p.x / u_viewport.x * 2.0 - 1.0, 1.0 - p.y / u_viewport.y * 2.0, 0.0, 1.0);
    v_local = local;
    v_uv = mix(i_extra.xy, i_extra.zw, corner * 0.5 + 0.5);
    v_geom = i_geom;
    v_param = i_param;
    v_fill = i_fill;
    v_stroke = i_stroke;
    v_extra = i_extra;
}
