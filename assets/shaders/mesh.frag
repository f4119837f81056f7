#version 330
// Lambert + soft specular, a light that follows the camera, and pixel-width outlines from
// the distance to the face's masked edges (anti-aliased by fwidth, no MSAA needed).
in vec3 v_normal;
in vec3 v_view_pos;
in vec2 v_uv;
flat in vec4 v_face;    // extent along the face, edge mask, outline width
flat in uvec2 v_colors; // fill RGBA, outline RGB
uniform vec3 u_light;   // view-space direction towards the key light
out vec4 frag;

vec4 unpack_rgba(uint c) {
    return vec4(uvec4(c, c >> 8, c >> 16, c >> 24) & 255u) / 255.0;
}

float edge_pixels() {
    vec2 v_extent = v_face.xy;
    int mask = int(v_face.z + 0.5);
    vec2 px = max(fwidth(v_uv), vec2(1e-6));
    float d = 1e9;
    if ((mask & 1) != 0) d = min(d, v_uv.x / px.x);
    if ((mask & 2) != 0) d = min(d, (v_extent.x - v_uv.x) / px.x);
    if ((mask & 4) != 0) d = min(d, v_uv.y / px.y);
    if ((mask & 8) != 0) d = min(d, (v_extent.y - v_uv.y) / px.y);
    return d;
}

void main() {
    vec4 v_color = unpack_rgba(v_colors.x);
    vec4 v_outline = vec4(unpack_rgba(v_colors.y).rgb, v_face.w);
    vec3 n = normalize(v_normal);
    if (!gl_FrontFacing) n = -n;
    vec3 view_dir = normalize(-v_view_pos);
    float diffuse = max(dot(n, u_light), 0.0);
    float fill = max(dot(n, normalize(vec3(0.7, 0.1, 0.5))), 0.0);
    vec3 h = normalize(u_light + view_dir);
    float spec = pow(max(dot(n, h), 0.0), 48.0) * 0.18;
    vec3 base = v_color.rgb;
    vec3 lit = base * (0.6 + 0.36 * diffuse + 0.16 * fill) + vec3(spec);
    float width = v_outline.a;
    float line = width > 0.0 ? 1.0 - clamp(edge_pixels() - width + 0.5, 0.0, 1.0) : 0.0;
    vec3 color = mix(lit, v_outline.rgb, line);
    float alpha = max(v_color.a, line * min(1.0, v_color.a * 4.0 + 0.35));
    frag = vec4(color, alpha);
}
