// WebGL2: the window's Renderer2D (viz/renderer2d.py), call for call.

function compile(gl, source, type, name) {
  const shader = gl.createShader(type);
  gl.shaderSource(shader, source);
  gl.compileShader(shader);
  if (!gl.getShaderParameter(shader, gl.COMPILE_STATUS)) {
    fail(`shader ${name}: ${gl.getShaderInfoLog(shader)}`);
  }
  return shader;
}

function program(gl, sources, name) {
  const p = gl.createProgram();
  gl.attachShader(p, compile(gl, sources.vertex, gl.VERTEX_SHADER, name));
  gl.attachShader(p, compile(gl, sources.fragment, gl.FRAGMENT_SHADER, name));
  gl.linkProgram(p);
  if (!gl.getProgramParameter(p, gl.LINK_STATUS)) {
    fail(`program ${name}: ${gl.getProgramInfoLog(p)}`);
  }
  return p;
}

// `under(slot)`, if given, draws a 3D scene's layers first (as viz/renderer.py: 3D, then 2D)
function makeRenderer(gl, shaders, data, under = null) {
  const h = data.header;
  const programs = {
    shapes: program(gl, shaders.shape, "shape"),
    tris: program(gl, shaders.tris, "tris"),
    dots: program(gl, shaders.dots, "dots"),
    glyphs: program(gl, shaders.glyphs, "glyphs"),
  };
  // attribute name -> offset in floats within a row, per kind (draw2d's layouts)
  const layouts = {
    shapes: [["i_geom", 0], ["i_param", 4], ["i_fill", 8], ["i_stroke", 12], ["i_extra", 16]],
    tris: [["position", 0, 2], ["color", 2]],
    dots: [["i_disc", 0], ["i_fill", 4], ["i_stroke", 8]],
    glyphs: [["i_box", 0], ["i_uv", 4], ["i_color", 8]],
  };
  const instanced = { shapes: true, tris: false, dots: false, glyphs: false };
  const buffer = gl.createBuffer();
  const vaos = {};
  for (const kind of KINDS) {
    vaos[kind] = gl.createVertexArray();
    gl.bindVertexArray(vaos[kind]);
    if (kind === "shapes") {
      const corners = gl.createBuffer();
      gl.bindBuffer(gl.ARRAY_BUFFER, corners);
      gl.bufferData(gl.ARRAY_BUFFER, new Float32Array([-1, -1, 1, -1, -1, 1, 1, 1]),
        gl.STATIC_DRAW);
      const loc = gl.getAttribLocation(programs.shapes, "corner");
      gl.enableVertexAttribArray(loc);
      gl.vertexAttribPointer(loc, 2, gl.FLOAT, false, 0, 0);
    }
    for (const [name] of layouts[kind]) {
      const loc = gl.getAttribLocation(programs[kind], name);
      if (loc >= 0) {
        gl.enableVertexAttribArray(loc);
        if (instanced[kind]) gl.vertexAttribDivisor(loc, 1);
      }
    }
  }
  gl.bindVertexArray(null);

  const atlas = gl.createTexture();
  gl.bindTexture(gl.TEXTURE_2D, atlas);
  gl.pixelStorei(gl.UNPACK_ALIGNMENT, 1);
  gl.texImage2D(gl.TEXTURE_2D, 0, gl.R8, h.atlasSize, h.atlasSize, 0, gl.RED,
    gl.UNSIGNED_BYTE, null);
  if (h.atlasRows > 0) {
    gl.texSubImage2D(gl.TEXTURE_2D, 0, 0, 0, h.atlasSize, h.atlasRows, gl.RED,
      gl.UNSIGNED_BYTE, data.atlas);
  }
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.LINEAR);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.LINEAR);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);

  const [width, height] = h.size;
  for (const kind of KINDS) {
    gl.useProgram(programs[kind]);
    gl.uniform2f(gl.getUniformLocation(programs[kind], "u_viewport"), width, height);
    const atlasLoc = gl.getUniformLocation(programs[kind], "u_atlas");
    if (atlasLoc !== null) gl.uniform1i(atlasLoc, 0);
  }

  // the frames' indices and rows (decode.js)
  const decoder = makeDecoder(data);

  // The frame, then its pace label over it (nothing else is drawn where the label goes,
  // so the order does not change a pixel), then an overlay (the help panel, menu.js). The
  // 3D layers of the moment at `slot` go under them all (a card has no slot: no 3D).
  // False, drawing nothing, while a chunk of the payload they need is being unpacked.
  function draw(frame, label, overlay, slot) {
    const runs = decoder.indicesOf(frame);
    const labelRuns = label === undefined ? [] : decoder.labelRuns(label);
    const overlayRuns = overlay === undefined ? [] : decoder.labelRuns(overlay);
    if (!runs || !labelRuns || !overlayRuns) return false;
    const bg = h.background;
    gl.viewport(0, 0, width, height);
    gl.clearColor(bg[0], bg[1], bg[2], bg[3]);
    gl.clear(gl.COLOR_BUFFER_BIT | gl.DEPTH_BUFFER_BIT);
    if (under && slot !== undefined) {
      under(slot);
      gl.viewport(0, 0, width, height);
    }
    gl.enable(gl.BLEND);
    gl.blendFuncSeparate(gl.SRC_ALPHA, gl.ONE_MINUS_SRC_ALPHA, gl.ONE,
      gl.ONE_MINUS_SRC_ALPHA);
    gl.activeTexture(gl.TEXTURE0);
    gl.bindTexture(gl.TEXTURE_2D, atlas);
    drawRuns(runs);
    if (labelRuns.length) drawRuns(labelRuns);
    if (overlayRuns.length) drawRuns(overlayRuns);
    return true;
  }

  function drawRuns(runs) {
    const floats = decoder.gather(runs);
    gl.bindBuffer(gl.ARRAY_BUFFER, buffer);
    gl.bufferData(gl.ARRAY_BUFFER, floats, gl.STREAM_DRAW);
    let base = 0; // bytes
    for (const run of runs) {
      const count = run.part.length;
      const kind = KINDS[run.kind];
      const stride = WIDTHS[kind] * 4;
      gl.useProgram(programs[kind]);
      gl.bindVertexArray(vaos[kind]);
      for (const [name, offset, size] of layouts[kind]) {
        const loc = gl.getAttribLocation(programs[kind], name);
        if (loc < 0) continue;
        gl.vertexAttribPointer(loc, size || 4, gl.FLOAT, false, stride, base + offset * 4);
      }
      if (kind === "shapes") gl.drawArraysInstanced(gl.TRIANGLE_STRIP, 0, 4, count);
      else if (kind === "tris") gl.drawArrays(gl.TRIANGLES, 0, count);
      else gl.drawArrays(gl.POINTS, 0, count);
      base += count * stride;
    }
    gl.bindVertexArray(null);
  }

  // wait for the GPU (or the software rasteriser) to finish: reading a pixel back does
  function finish() {
    gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, new Uint8Array(4));
  }

  return { draw, finish };
}
