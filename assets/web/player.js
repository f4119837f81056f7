// puzzleviz browser player: draws the window's own 2D draw lists, baked by the exporter
// (viz/web), with the window's shaders ported to WebGL2. Plain JavaScript, no build step;
// the exporter inlines this file, the shaders and the payload into one HTML page.
//
// The payload (viz/web/encode.py) holds one table of distinct instance rows per run kind
// and, per frame, the row indices it draws. A "slot" is a moment of the trace in time
// order: slot rest[k] shows boundary k at rest, the slots between rest[k] and rest[k + 1]
// are step k's motion. The player moves a fractional slot position exactly as the
// window's player moves its event position (viz/player.py): Right and Left glide to the
// next or previous boundary in glideSeconds; Space plays at `speed` beats a second, each
// step lasting its beats, moving for (1 - hold) of them and then resting on its result.
//
// Keys and pointer as the window's (viz/app.py PLAYER_KEYS): Space, Right/Left,
// PageDown/PageUp, Shift+Right/Left (milestones), R, Home/End, Up/Down (faster/slower),
// the play button, click and drag on the timeline; on a touch screen a tap on the left or
// right third steps, in the middle plays. Not yet: `.` `,` (event steps: the page has
// frames at step boundaries only), A, L, H, F.
"use strict";

(() => {
  const KINDS = ["shapes", "tris", "dots", "glyphs"];
  const WIDTHS = { shapes: 20, tris: 6, dots: 12, glyphs: 12 };
  const MAGIC = "PZW7";

  const canvas = document.getElementById("view");
  const message = document.getElementById("message");
  // what tests and benchmarks read: where the page is, and what drawing cost
  const api = {
    ready: false, error: null, slot: 0, boundary: 0, mode: "paused", draws: 0, ticks: 0,
    syncDraws: false,
  };
  window.puzzleviz = api;

  function fail(text) {
    api.error = text;
    message.textContent = text;
    throw new Error(text);
  }

  async function unpack(base64) {
    const bytes = Uint8Array.from(atob(base64.trim()), (c) => c.charCodeAt(0));
    if (typeof DecompressionStream === "undefined") {
      fail("This browser cannot unpack the trace (no DecompressionStream): use a newer one.");
    }
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    return new Response(stream).arrayBuffer();
  }

  function parse(buffer) {
    const view = new DataView(buffer);
    const magic = new TextDecoder().decode(new Uint8Array(buffer, 0, 4));
    if (magic !== MAGIC) fail("This page's trace is damaged (not a puzzleviz payload).");
    const length = view.getUint32(4, true);
    const header = JSON.parse(new TextDecoder().decode(new Uint8Array(buffer, 8, length)));
    let at = 8 + length;
    const atlasBytes = header.atlasRows * header.atlasSize;
    const atlas = new Uint8Array(buffer, at, atlasBytes);
    at += atlasBytes + ((4 - (atlasBytes % 4)) % 4);
    const tables = {};
    for (const kind of KINDS) {
      const floats = header.rowCounts[kind] * WIDTHS[kind];
      // stored column by column (it packs smaller); drawn row by row
      const count = header.rowCounts[kind];
      const w = WIDTHS[kind];
      const columns = new Float32Array(buffer, at, floats);
      const rows = new Float32Array(floats);
      for (let c = 0; c < w; c++) {
        for (let r = 0; r < count; r++) rows[r * w + c] = columns[c * count + r];
      }
      tables[kind] = rows;
      at += floats * 4;
    }
    const indices = new Uint32Array(buffer, at);
    return { header, atlas, tables, indices };
  }

  // -- WebGL2: the window's Renderer2D (viz/renderer2d.py), call for call ---------------

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

  function makeRenderer(gl, shaders, data) {
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

    // A frame's row indices: stored whole in a keyframe, else run by run, a run equal to
    // a run of the frame before stored as COPY and that run's number (viz/web/encode.py).
    // The last decoded frame is kept, so playing decodes one list a frame and a seek at
    // most KEYFRAME_EVERY.
    const COPY = 0xffffffff;
    let decoded = { frame: -1, runs: [] };

    function indicesOf(frame) {
      let first = frame;
      while (!h.frames[first].key) first -= 1;
      if (decoded.frame >= first && decoded.frame <= frame) first = decoded.frame + 1;
      for (let f = first; f <= frame; f++) {
        const entry = h.frames[f];
        const before = decoded.runs;
        const runs = [];
        let at = entry.at;
        entry.runs.forEach(([kind, count]) => {
          if (!entry.key && data.indices[at] === COPY) {
            runs.push(before[data.indices[at + 1]]);
            at += 2;
          } else {
            // stored as the first index and then differences (viz/web/encode.py _rising)
            const part = data.indices.slice(at, at + count);
            for (let i = 1; i < count; i++) part[i] = (part[i] + part[i - 1]) >>> 0;
            runs.push({ kind, part });
            at += count;
          }
        });
        decoded = { frame: f, runs };
      }
      return decoded.runs;
    }

    // A frame's rows gathered from the tables in drawing order, then drawn run by run,
    // each run's attributes pointed at its rows in the one buffer (no base instance in
    // WebGL2, as in GL 3.3: the window re-points its attributes the same way).
    function gather(runs) {
      let floats = 0;
      for (const run of runs) floats += run.part.length * WIDTHS[KINDS[run.kind]];
      const out = new Float32Array(floats);
      let o = 0;
      for (const run of runs) {
        const kind = KINDS[run.kind];
        const w = WIDTHS[kind];
        const table = data.tables[kind];
        for (const index of run.part) {
          const row = index * w;
          out.set(table.subarray(row, row + w), o);
          o += w;
        }
      }
      return out;
    }

    // Pace labels (the footer's "1 step/s", baked apart: the page draws the pace it plays
    // at) are few and drawn often: decoded once, without disturbing the playing cache.
    const labels = new Map();

    function labelRuns(frame) {
      let runs = labels.get(frame);
      if (!runs) {
        const playing = decoded;
        runs = indicesOf(frame);
        decoded = playing;
        labels.set(frame, runs);
      }
      return runs;
    }

    // The frame, then its pace label over it (nothing else is drawn where the label goes,
    // so the order does not change a pixel).
    function draw(frame, label) {
      const bg = h.background;
      gl.viewport(0, 0, width, height);
      gl.clearColor(bg[0], bg[1], bg[2], bg[3]);
      gl.clear(gl.COLOR_BUFFER_BIT);
      gl.enable(gl.BLEND);
      gl.blendFuncSeparate(gl.SRC_ALPHA, gl.ONE_MINUS_SRC_ALPHA, gl.ONE,
        gl.ONE_MINUS_SRC_ALPHA);
      gl.activeTexture(gl.TEXTURE0);
      gl.bindTexture(gl.TEXTURE_2D, atlas);
      drawRuns(indicesOf(frame));
      if (label !== undefined) drawRuns(labelRuns(label));
    }

    function drawRuns(runs) {
      const floats = gather(runs);
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

  // -- the player: the window's keys and pace over the baked slots ----------------------

  function makePlayer(data, renderer) {
    const h = data.header;
    const rest = h.rest; // slot of each boundary
    const steps = rest.length - 1;
    const last = rest[steps];
    const state = {
      position: 0, // fractional slot
      mode: "paused", // paused | playing | reversing
      glide: null, // {from, to, seconds, elapsed}
      speed: h.speed,
      k: 0, // the step being played
      clock: 0, // seconds into step k
      shown: "", // the frame and pace label on screen
    };

    const boundaryAt = (slot) => {
      // the boundary whose rest slot is the last at or before `slot`
      let lo = 0;
      let hi = steps;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (rest[mid] <= slot) lo = mid;
        else hi = mid - 1;
      }
      return lo;
    };
    const resting = () => (state.glide ? state.glide.to : state.position);
    const nextBoundary = (slot) => Math.min(boundaryAt(slot) + 1, steps);
    const previousBoundary = (slot) => {
      const k = boundaryAt(slot);
      return rest[k] < slot ? k : Math.max(k - 1, 0);
    };

    function show() {
      const slot = Math.min(Math.max(Math.round(state.position), 0), last);
      // while playing, the frame whose footer shows the pause button (as the window's)
      const moving = !state.glide && (state.mode === "playing" || state.mode === "reversing");
      const frame = moving ? h.playing[slot] : h.slots[slot];
      const label = paceLabel(slot);
      const shown = `${frame} ${label}`;
      if (shown !== state.shown) {
        const started = performance.now();
        renderer.draw(frame, label);
        if (api.syncDraws) renderer.finish(); // a benchmark's seek: until the pixels are there
        api.lastDrawMs = performance.now() - started; // decode, gather, upload, draw calls
        state.shown = shown;
        api.draws += 1;
      }
      api.slot = slot;
      api.boundary = boundaryAt(slot);
      api.mode = state.glide ? "gliding" : state.mode;
    }

    // the pace text at the current speed, in the step of `slot` (the unit starting at a
    // rest, as Units.unit_of counts; one text for all steps unless the pace is automatic)
    function paceLabel(slot) {
      const row = h.paceLabels[h.paceSpeeds.indexOf(state.speed)];
      if (!row) return undefined;
      return row[Math.min(boundaryAt(slot), row.length - 1)];
    }

    function finishGlide() {
      if (state.glide) {
        state.position = state.glide.to;
        state.glide = null;
      }
    }

    function glideTo(k, seconds = h.glideSeconds) {
      finishGlide();
      state.mode = "paused";
      const to = rest[k];
      if (to !== state.position) {
        state.glide = { from: state.position, to, seconds, elapsed: 0 };
      }
    }

    function seekBoundary(k) {
      state.glide = null;
      state.position = rest[Math.min(Math.max(k, 0), steps)];
      state.clock = 0;
    }

    // Playing keeps the window's clock (viz/timeline.py): step k lasts beats[k] / speed
    // seconds, moves for (1 - hold) of them and rests on its result for the rest; the
    // clock is kept (not derived from the position), so rests hold both ways.
    const stepSeconds = (k) => h.beats[k] / state.speed;

    function place() {
      const k = state.k;
      const f = state.clock / stepSeconds(k);
      const moving = 1 - h.hold;
      const g = f >= moving - 1e-9 ? 1 : Math.max(f, 0) / moving;
      state.position = rest[k] + g * (rest[k + 1] - rest[k]);
    }

    function play(backward) {
      finishGlide();
      if (steps === 0) return;
      if (!backward && state.position >= last) seekBoundary(0);
      if (backward && state.position <= 0) seekBoundary(steps);
      state.mode = backward ? "reversing" : "playing";
      const k = boundaryAt(state.position);
      if (rest[k] === state.position) {
        // from a rest, forward starts the next step's motion at once; backward starts at
        // the end of the previous step's motion, so it moves back at once
        state.k = backward ? k - 1 : Math.min(k, steps - 1);
        state.clock = backward ? (1 - h.hold) * stepSeconds(state.k) : 0;
        if (!backward && k === steps) state.clock = stepSeconds(state.k);
      } else {
        const g = (state.position - rest[k]) / (rest[k + 1] - rest[k]);
        state.k = k;
        state.clock = g * (1 - h.hold) * stepSeconds(k);
      }
    }

    function pause() {
      if (state.mode === "playing" || state.mode === "reversing") {
        // the step under way is finished first, in the direction of travel
        const backward = state.mode === "reversing";
        const k = boundaryAt(state.position);
        const target = backward || rest[k] === state.position ? k : k + 1;
        state.mode = "paused";
        if (rest[target] !== state.position) glideTo(target);
      }
      state.mode = "paused";
    }

    function advancePlaying(dt) {
      const backward = state.mode === "reversing";
      state.clock += (backward ? -1 : 1) * dt;
      while (!backward && state.clock >= stepSeconds(state.k)) {
        if (state.k + 1 >= steps) {
          state.position = last;
          state.mode = "paused";
          return;
        }
        state.clock -= stepSeconds(state.k);
        state.k += 1;
      }
      while (backward && state.clock < 0) {
        if (state.k <= 0) {
          state.position = 0;
          state.mode = "paused";
          return;
        }
        state.k -= 1;
        state.clock += stepSeconds(state.k);
      }
      place();
    }

    function advance(dt) {
      if (state.glide) {
        const g = state.glide;
        g.elapsed += dt;
        if (g.elapsed >= g.seconds) {
          state.position = g.to;
          state.glide = null;
        } else {
          state.position = g.from + (g.to - g.from) * (g.elapsed / g.seconds);
        }
      } else if (state.mode === "playing" || state.mode === "reversing") {
        advancePlaying(dt);
      }
      show();
    }

    function faster() {
      state.speed = h.speeds.find((s) => s > state.speed) ?? h.speeds[h.speeds.length - 1];
    }

    function slower() {
      const lower = h.speeds.filter((s) => s < state.speed);
      state.speed = lower.length ? lower[lower.length - 1] : h.speeds[0];
    }

    const inRect = ([rx, ry, rw, rh], x, y, grow = [0, 0]) =>
      x >= rx - grow[0] && x <= rx + rw + grow[0] && y >= ry - grow[1] && y <= ry + rh + grow[1];

    // the window's HudLayout.on_timeline: the bar, grown for a finger
    const onTimeline = (x, y) => inRect(h.track, x, y, [6 * h.scale, 12 * h.scale]);

    function scrubTo(x) {
      // the nearest step boundary to the share of the timeline (Player.seek_fraction)
      const [tx, , tw] = h.track;
      const fraction = Math.min(Math.max((x - tx) / Math.max(tw, 1), 0), 1);
      const target = fraction * h.nEvents;
      let lo = 0;
      let hi = steps;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (h.boundaries[mid] < target) lo = mid + 1;
        else hi = mid;
      }
      const best = lo > 0 && target - h.boundaries[lo - 1] <= h.boundaries[lo] - target
        ? lo - 1 : lo;
      seekBoundary(best);
    }

    // A scrub keeps the mode it interrupted (Player.begin_scrub / end_scrub): playing goes
    // on from where the timeline was let go.
    let scrubbing = null;

    function pointerDown(x, y, touch) {
      if (onTimeline(x, y)) {
        scrubbing = state.mode;
        state.mode = "paused";
        scrubTo(x);
        return true;
      }
      if (inRect(h.playButton, x, y)) {
        keys[" "]();
        return true;
      }
      if (touch) {
        // a phone has no keys: tap the left or right third to step, the middle to play
        const third = h.size[0] / 3;
        if (x < third) keys.ArrowLeft();
        else if (x > 2 * third) keys.ArrowRight();
        else keys[" "]();
        return true;
      }
      return false;
    }

    function pointerMove(x) {
      if (scrubbing === null) return false;
      scrubTo(x);
      return true;
    }

    function pointerUp() {
      if (scrubbing === null) return false;
      const before = scrubbing;
      scrubbing = null;
      if (before === "playing" && state.position < last) play(false);
      else if (before === "reversing" && state.position > 0) play(true);
      return true;
    }

    function jumpMilestone(forward) {
      const here = boundaryAt(resting());
      const atRest = rest[here] === resting();
      const marks = h.milestones;
      const k = forward
        ? marks.find((m) => m > here) ?? steps
        : [...marks].reverse().find((m) => m < here || (!atRest && m === here)) ?? 0;
      seekBoundary(k);
      state.mode = "paused";
    }

    const keys = {
      " ": () => (state.mode === "paused" ? play(false) : pause()),
      ArrowRight: () => glideTo(nextBoundary(resting())),
      ArrowLeft: () => glideTo(previousBoundary(resting())),
      PageDown: () => glideTo(nextBoundary(resting())),
      PageUp: () => glideTo(previousBoundary(resting())),
      "Shift+ArrowRight": () => jumpMilestone(true),
      "Shift+ArrowLeft": () => jumpMilestone(false),
      Home: () => { seekBoundary(0); state.mode = "paused"; },
      End: () => { seekBoundary(steps); state.mode = "paused"; },
      ArrowUp: faster,
      ArrowDown: slower,
      r: () => (state.mode === "reversing" ? (state.mode = "playing") : play(true)),
      R: () => (state.mode === "reversing" ? (state.mode = "playing") : play(true)),
    };

    return { advance, keys, pointerDown, pointerMove, pointerUp, state };
  }

  async function main() {
    const shaders = JSON.parse(document.getElementById("shaders").textContent);
    const data = parse(await unpack(document.getElementById("payload").textContent));
    const [width, height] = data.header.size;
    canvas.width = width;
    canvas.height = height;
    const gl = canvas.getContext("webgl2", {
      alpha: false, antialias: false, depth: false, preserveDrawingBuffer: true,
    });
    if (!gl) fail("This browser has no WebGL2, which the player needs.");
    const renderer = makeRenderer(gl, shaders, data);
    const player = makePlayer(data, renderer);

    document.addEventListener("keydown", (event) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const named = event.shiftKey && event.key.startsWith("Arrow") ? `Shift+${event.key}` : event.key;
      const action = player.keys[named];
      if (action) {
        event.preventDefault();
        action();
        player.advance(0);
      }
    });
    const toCanvas = (event) => {
      const box = canvas.getBoundingClientRect();
      return [((event.clientX - box.left) / box.width) * width,
        ((event.clientY - box.top) / box.height) * height];
    };
    canvas.addEventListener("pointerdown", (event) => {
      const [x, y] = toCanvas(event);
      if (player.pointerDown(x, y, event.pointerType === "touch")) {
        canvas.setPointerCapture(event.pointerId);
        event.preventDefault();
        player.advance(0);
      }
    });
    canvas.addEventListener("pointermove", (event) => {
      if (player.pointerMove(toCanvas(event)[0])) player.advance(0);
    });
    const release = () => {
      if (player.pointerUp()) player.advance(0);
    };
    canvas.addEventListener("pointerup", release);
    canvas.addEventListener("pointercancel", release);
    let before = null;
    const tick = (now) => {
      const dt = before === null ? 0 : Math.min((now - before) / 1000, 0.25);
      before = now;
      player.advance(dt);
      api.ticks += 1;
      requestAnimationFrame(tick);
    };
    player.advance(0);
    api.steps = data.header.rest.length - 1;
    api.track = data.header.track;
    api.ready = true;
    canvas.focus();
    requestAnimationFrame(tick);
  }

  main().catch((error) => {
    if (!api.error) {
      api.error = String(error);
      message.textContent = `The player could not start: ${error}`;
    }
  });
})();
