// WebGL2: the window's Renderer3D (viz/renderer3d.py), call for call, over the 3D layers
// the exporter baked (viz/web/frames3d.py): instanced meshes with the window's mesh
// shaders; opaque instances front to back, then translucent ones back to front with depth
// writes off, back faces before front faces. The instances are sorted by their distance
// to the eye of the reader's camera at every draw, as the window sorts them.

const INSTANCE_FLOATS = 24;
const VERTEX_FLOATS = 13;
const OPAQUE = 0.999;
const MAGIC_3D = "PZ3D";
// the light when it follows the camera (a view-space direction), else one fixed in the world
const CAMERA_LIGHT = [-0.3, 0.8, 0.55];
const WORLD_LIGHT = [0.3, 1.0, 0.4];

// The 3D member (its own gzip, in the page's settings): header, meshes, rows, indices.
function parse3d(buffer) {
  const { header, at: start } = headed(buffer, MAGIC_3D, "3D scene");
  let at = start;
  const meshes = header.meshes.map(([, count]) => {
    const vertices = new Float32Array(buffer, at, count * VERTEX_FLOATS);
    at += count * VERTEX_FLOATS * 4;
    return vertices;
  });
  const count = header.rowCount;
  const columns = new Float32Array(buffer, at, count * INSTANCE_FLOATS);
  const rows = new Float32Array(count * INSTANCE_FLOATS);
  for (let c = 0; c < INSTANCE_FLOATS; c++) {
    for (let r = 0; r < count; r++) rows[r * INSTANCE_FLOATS + c] = columns[c * count + r];
  }
  at += count * INSTANCE_FLOATS * 4;
  return { header, meshes, rows, indices: new Uint32Array(buffer, at) };
}

function makeRenderer3D(gl, shaders, scene, height) {
  const h = scene.header;
  const prog = program(gl, shaders.mesh, "mesh");
  const stride = INSTANCE_FLOATS * 4;
  const vertexAttrs = [["position", 0, 3], ["normal", 3, 3], ["face_uv", 6, 2],
    ["face_extent", 8, 2], ["face_axes", 10, 2], ["edge_mask", 12, 1]];
  const instanceAttrs = [["i_rot0", 0, 3], ["i_rot1", 3, 3], ["i_rot2", 6, 3],
    ["i_center", 9, 3], ["i_size", 12, 3], ["i_color", 15, 4], ["i_outline", 19, 4]];
  const location = (name) => gl.getAttribLocation(prog, name);
  const stream = gl.createBuffer();
  const vaos = scene.meshes.map((vertices) => {
    const vao = gl.createVertexArray();
    gl.bindVertexArray(vao);
    gl.bindBuffer(gl.ARRAY_BUFFER, gl.createBuffer());
    gl.bufferData(gl.ARRAY_BUFFER, vertices, gl.STATIC_DRAW);
    for (const [name, offset, size] of vertexAttrs) {
      const loc = location(name);
      if (loc < 0) continue;
      gl.enableVertexAttribArray(loc);
      gl.vertexAttribPointer(loc, size, gl.FLOAT, false, VERTEX_FLOATS * 4, offset * 4);
    }
    for (const [name] of instanceAttrs) {
      const loc = location(name);
      if (loc < 0) continue;
      gl.enableVertexAttribArray(loc);
      gl.vertexAttribDivisor(loc, 1);
    }
    return vao;
  });
  gl.bindVertexArray(null);
  const uView = gl.getUniformLocation(prog, "u_view");
  const uProjection = gl.getUniformLocation(prog, "u_projection");
  const uLight = gl.getUniformLocation(prog, "u_light");
  const suggested = cameraOf(h.camera);

  const rowsOf = (start, count) => {
    const out = [];
    for (let i = 0; i < count; i++) out.push(scene.indices[start + i] * INSTANCE_FLOATS);
    return out;
  };

  // instance row offsets sorted by distance to the eye, stably (np.argsort kind="stable")
  function sorted(rows, eye, sign) {
    const distance = rows.map((r) => {
      const x = scene.rows[r + 9] - eye[0];
      const y = scene.rows[r + 10] - eye[1];
      const z = scene.rows[r + 11] - eye[2];
      return Math.sqrt(x * x + y * y + z * z);
    });
    const order = rows.map((_, i) => i);
    order.sort((a, b) => sign * (distance[a] - distance[b]) || a - b);
    return order.map((i) => rows[i]);
  }

  function drawLayer(layer, start, user) {
    const [x, y, w, vh] = layer.viewport;
    gl.viewport(x, height - y - vh, w, vh);
    const camera = layerCamera(user, suggested, cameraOf(layer.camera));
    const view = cameraView(camera);
    const eye = cameraEye(camera);
    gl.useProgram(prog);
    gl.uniformMatrix4fv(uView, false, columns(view));
    gl.uniformMatrix4fv(uProjection, false, columns(cameraProjection(camera, w / Math.max(vh, 1))));
    const light = layer.light ? CAMERA_LIGHT
      : view.slice(0, 3).map((row) => dot3(row.slice(0, 3), WORLD_LIGHT));
    const n = norm3(light);
    gl.uniform3f(uLight, light[0] / n, light[1] / n, light[2] / n);

    const opaque = [];
    const translucent = [];
    let at = start;
    for (const [mesh, count] of layer.runs) {
      const rows = rowsOf(at, count);
      at += count;
      const solid = rows.filter((r) => scene.rows[r + 18] >= OPAQUE);
      const clear = rows.filter((r) => !(scene.rows[r + 18] >= OPAQUE));
      if (solid.length) opaque.push([mesh, sorted(solid, eye, 1)]);
      if (clear.length) translucent.push([mesh, sorted(clear, eye, -1)]);
    }
    const batches = opaque.concat(translucent);
    const total = batches.reduce((sum, [, rows]) => sum + rows.length, 0);
    if (total === 0) return at;
    const floats = new Float32Array(total * INSTANCE_FLOATS);
    let o = 0;
    for (const [, rows] of batches) {
      for (const r of rows) {
        floats.set(scene.rows.subarray(r, r + INSTANCE_FLOATS), o);
        o += INSTANCE_FLOATS;
      }
    }
    gl.bindBuffer(gl.ARRAY_BUFFER, stream);
    gl.bufferData(gl.ARRAY_BUFFER, floats, gl.STREAM_DRAW);

    gl.enable(gl.DEPTH_TEST);
    gl.enable(gl.CULL_FACE);
    gl.disable(gl.BLEND);
    gl.cullFace(gl.BACK);
    let first = 0;
    for (const [mesh, rows] of opaque) {
      drawBatch(mesh, first, rows.length);
      first += rows.length;
    }
    if (translucent.length) {
      gl.enable(gl.BLEND);
      gl.blendFuncSeparate(gl.SRC_ALPHA, gl.ONE_MINUS_SRC_ALPHA, gl.ONE, gl.ONE_MINUS_SRC_ALPHA);
      gl.depthMask(false);
      for (const face of [gl.FRONT, gl.BACK]) { // culling front faces draws the far side first
        gl.cullFace(face);
        let from = first;
        for (const [mesh, rows] of translucent) {
          drawBatch(mesh, from, rows.length);
          from += rows.length;
        }
      }
      gl.depthMask(true);
      gl.cullFace(gl.BACK);
    }
    gl.disable(gl.DEPTH_TEST);
    gl.disable(gl.CULL_FACE);
    return at;
  }

  function drawBatch(mesh, first, count) {
    gl.bindVertexArray(vaos[mesh]);
    const base = first * stride;
    for (const [name, offset, size] of instanceAttrs) {
      const loc = location(name);
      if (loc >= 0) gl.vertexAttribPointer(loc, size, gl.FLOAT, false, stride, base + offset * 4);
    }
    gl.drawArraysInstanced(gl.TRIANGLES, 0, scene.meshes[mesh].length / VERTEX_FLOATS, count);
    gl.bindVertexArray(null);
  }

  // the layers of `slot`, under the reader's camera `user`
  function draw(slot, user) {
    const moment = h.moments[h.slots[slot]];
    let at = moment.at;
    for (const layer of moment.layers) at = drawLayer(layer, at, user);
  }

  const momentOf = (slot) => h.slots[slot];
  return { draw, momentOf, suggested, stage: h.stage };
}
