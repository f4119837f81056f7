#version 330
// Instanced meshes: per-vertex surface data (see viz/meshes.py), per-instance transform.
in vec3 position;
in vec3 normal;
in vec2 face_uv;
in vec2 face_extent;
in vec2 face_axes;
in float edge_mask;
in vec3 i_rot0;
in vec3 i_rot1;
in vec3 i_rot2;
in vec3 i_center;
in vec3 i_size;
in vec4 i_color;
in vec4 i_outline;
uniform mat4 u_view;
uniform mat4 u_projection;

out vec3 v_normal;      // view space
out vec3 v_view_pos;
out vec2 v_uv;          // world units along the face
flat out vec2 v_extent; // world units
flat out float v_mask;
flat out vec4 v_color;
flat out vec4 v_outline;

void main() {
    mat3 rot = mat3(i_rot0, i_rot1, i_rot2);
    vec3 world = rot * (position * i_size) + i_center;
    vec4 view = u_view * vec4(world, 1.0);
    gl_Position = u_projection * view;
    v_view_pos = view.xyz;
    v_normal = mat3(u_view) * (rot * normal);
    vec2 scale = vec2(i_size[int(face_axes.x)], i_size[int(face_axes.y)]);
    v_uv = face_uv * scale;
    v_extent = face_extent * scale;
    v_mask = edge_mask;
    v_color = i_color;
    v_outline = i_outline;
}
