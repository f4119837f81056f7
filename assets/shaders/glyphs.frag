#version 330
flat in vec4 v_box;
flat in vec4 v_uv;
flat in vec4 v_color;
uniform sampler2D u_atlas;
out vec4 frag;

void main() {
    // gl_PointCoord runs top-left to bottom-right, as the glyph bitmaps do.
    float side = max(v_box.z, v_box.w);
    vec2 local = (gl_PointCoord * 2.0 - 1.0) * side;  // pixels from the centre
    vec2 f = local / v_box.zw * 0.5 + 0.5;             // 0..1 across the glyph
    if (any(lessThan(f, vec2(0.0))) || any(greaterThan(f, vec2(1.0)))) discard;
    frag = vec4(v_color.rgb, v_color.a * texture(u_atlas, mix(v_uv.xy, v_uv.zw, f)).r);
}
