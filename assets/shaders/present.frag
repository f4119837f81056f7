#version 330
in vec2 v_uv;
uniform sampler2D u_frame;
out vec4 frag;
void main() { frag = vec4(texture(u_frame, v_uv).rgb, 1.0); }
