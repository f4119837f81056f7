#version 330
flat in vec4 v_disc;
flat in vec4 v_fill;
flat in vec4 v_stroke;
flat in float v_extent;
out vec4 frag;

void main() {
    vec2 local = (gl_PointCoord * 2.0 - 1.0) * v_extent;
    float d = length(local) - v_disc.z;
    vec4 color = vec4(v_fill.rgb, v_fill.a * clamp(0.5 - d, 0.0, 1.0));
    if (v_disc.w > 0.0) {
        float band = clamp(0.5 - (abs(d) - v_disc.w * 0.5), 0.0, 1.0) * v_stroke.a;
        float a = band + color.a * (1.0 - band);
        color = a > 0.0
            ? vec4((v_stroke.rgb * band + color.rgb * color.a * (1.0 - band)) / a, a)
            : vec4(0.0);
    }
    frag = color;
}
