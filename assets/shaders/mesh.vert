#version 330
// Instanced meshes: per-vertex surface data (see viz/meshes.py), per-instance transform.
// Flat data travels packed (the colours as 8-bit RGBA in uints): a software rasteriser
// sets up every varying of every triangle, so fewer varyings make each triangle cheaper.
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
flat out vec4 v_face;   // extent along the face (world units), edge mask, outline width
flat out uvec2 v_colors; // fill RGBA, outline RGB

uint pack_rgba(vec4 c) {
    uvec4 b = uvec4(clamp(c, 0.0, 1.0) * 255.0 + 0.5);
    return b.r | (b.g << 8) | (b.b << 16) | (b.a << 24);
}

void main() {
    mat3 rot = mat3(i_rot0, i_rot1, i_rot2);
    vec3 world = rot * (position * i_size) + i_center;
    vec4 view = u_view * vec4(world, 1.0);
    gl_Position = u_projection * view;
    v_view_pos = view.xyz;
    v_normal = mat3(u_view) * (rot * normal);
    vec2 scale = vec2(i_size[int(face_axes.x)], i_size[int(face_axes.y)]);
    v_uv = face_uv * scale;
    v_face = vec4(face_extent * scale, edge_mask, i_outline.a);
    v_colors = uvec2(pack_rgba(i_color), pack_rgba(vec4(i_outline.rgb, 1.0)));
}
