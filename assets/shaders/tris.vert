#version 330
in vec2 position;
in vec4 color;
uniform vec2 u_viewport;
out vec4 v_color;
void main() {
    gl_Position = vec4(position.x / u_viewport.x * 2.0 - 1.0,
                       1.0 - position.y / u_viewport.y * 2.0, 0.0, 1.0);
    v_color = color;
}
