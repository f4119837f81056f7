#version 330
in vec4 v_color;
out vec4 frag;
void main() { frag = v_color; }
