#version 330
// Signed distance per shape kind, turned into coverage: anti-aliasing without MSAA.
in vec2 v_local;
in vec2 v_uv;
flat in vec4 v_geom;
flat in vec4 v_param;
flat in vec4 v_fill;
flat in vec4 v_stroke;
flat in vec4 v_extra;
uniform sampler2D u_atlas;
out vec4 frag;

float sd_round_box(vec2 p, vec2 b, float r) {
    vec2 q = abs(p) - b + r;
    return length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - r;
}

// Arc of radius ra, half aperture a around the local x axis, thickness 2 rb, round caps.
float sd_arc(vec2 local, float a, float ra, float rb) {
    vec2 p = vec2(abs(local.y), local.x);
    vec2 sc = vec2(sin(a), cos(a));
    return ((sc.y * p.x > sc.x * p.y) ? length(p - sc * ra) : abs(length(p) - ra)) - rb;
}

vec4 over(vec4 top, vec4 below) {
    float a = top.a + below.a * (1.0 - top.a);
    if (a <= 0.0) return vec4(0.0);
    return vec4((top.rgb * top.a + below.rgb * below.a * (1.0 - top.a)) / a, a);
}

void main() {
    float kind = v_param.w;
    if (kind > 1.5) {
        frag = vec4(v_fill.rgb, v_fill.a * texture(u_atlas, v_uv).r);
        return;
    }
    float d = kind > 0.5
        ? sd_arc(v_local, v_extra.x, v_extra.y, v_extra.z)
        : sd_round_box(v_local, v_geom.zw, v_param.y);
    vec4 color = vec4(v_fill.rgb, v_fill.a * clamp(0.5 - d, 0.0, 1.0));
    float width = v_param.z;
    if (width > 0.0) {
        float band = abs(d) - width * 0.5;
        color = over(vec4(v_stroke.rgb, v_stroke.a * clamp(0.5 - band, 0.0, 1.0)), color);
    }
    if (color.a <= 0.0) discard;
    frag = color;
}
