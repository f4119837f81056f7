// The payload (viz/web/encode.py): base64 of a directory and several gzip members, each
// unpacked by the browser's DecompressionStream from its own stretch of the base64. Member
// 0 holds the header, the glyph atlas rows and the row tables; member 1 + c the frame
// indices of frames c * chunkFrames onwards. The page unpacks member 0 and the members
// its first frames need, and the others when a frame asks for them (a long trace's
// 10 MB is never unpacked before the first picture).

const CHUNKED = "PZWC";

// bytes [from, to) of the payload, `from` a multiple of 3 (a base64 quad boundary)
function payloadBytes(text, from, to) {
  const binary = atob(text.slice((from / 3) * 4, Math.ceil(to / 3) * 4));
  const out = new Uint8Array(to - from);
  for (let i = 0; i < out.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

// a whole base64 text's bytes (a 3D scene's layers: one gzip member, frames3d.py)
function base64Bytes(text) {
  return Uint8Array.from(atob(text.trim()), (c) => c.charCodeAt(0));
}

async function gunzip(bytes) {
  if (typeof DecompressionStream === "undefined") {
    fail("This browser cannot unpack the trace (no DecompressionStream): use a newer one.");
  }
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Response(stream).arrayBuffer();
}

// the payload's members: a function that unpacks member i (once; a promise)
function members(text) {
  const head = payloadBytes(text, 0, 9);
  if (new TextDecoder().decode(head.subarray(0, 4)) !== CHUNKED) {
    fail("This page's trace is damaged (not a puzzleviz payload).");
  }
  const count = new DataView(head.buffer).getUint32(4, true);
  const size = 8 + 8 * count;
  const dir = new DataView(payloadBytes(text, 0, size + ((3 - (size % 3)) % 3)).buffer);
  const unpacked = new Array(count).fill(null);
  const member = (i) => {
    if (!unpacked[i]) {
      const at = dir.getUint32(8 + 4 * i, true);
      const length = dir.getUint32(8 + 4 * (count + i), true);
      unpacked[i] = gunzip(payloadBytes(text, at, at + length));
    }
    return unpacked[i];
  };
  return { count, member };
}

// A member that starts with its magic, a u32 length and a JSON header of that length: the
// header, and where what follows it starts (`what` names the member in a failure).
function headed(buffer, magic, what) {
  if (new TextDecoder().decode(new Uint8Array(buffer, 0, 4)) !== magic) {
    fail(`This page's ${what} is damaged (not a puzzleviz payload).`);
  }
  const length = new DataView(buffer).getUint32(4, true);
  const header = JSON.parse(new TextDecoder().decode(new Uint8Array(buffer, 8, length)));
  return { header, at: 8 + length };
}

function parse(buffer) {
  const { header, at: start } = headed(buffer, MAGIC, "trace");
  let at = start;
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
  return { header, atlas, tables };
}

// The payload unpacked as far as the first picture needs: header, atlas, row tables, and
// the chunk of frame indices that holds the first frame; the rest on demand.
async function unpack(text) {
  text = text.trim();
  const payload = members(text);
  const data = parse(await payload.member(0));
  const chunks = new Array(payload.count - 1).fill(null); // u32 indices, once unpacked
  data.chunkOf = (frame) => Math.floor(frame / data.header.chunkFrames);
  // the chunk's indices, or null while it is unpacked (asked for here)
  data.indicesIn = (chunk) => {
    if (!chunks[chunk]) {
      chunks[chunk] = payload.member(chunk + 1).then((buffer) => {
        chunks[chunk] = new Uint32Array(buffer);
        api.chunksUnpacked += 1;
      });
    }
    return chunks[chunk] instanceof Uint32Array ? chunks[chunk] : null;
  };
  data.ready = (chunk) => chunks[chunk] instanceof Promise ? chunks[chunk] : Promise.resolve();
  // the first picture: the first frame and its pace label (stored last: another chunk)
  const h = data.header;
  const row = h.paceLabels ? h.paceLabels[h.paceSpeeds.indexOf(h.speed)] : undefined;
  for (const frame of [h.slots[0] ?? 0, ...(row ? [row[0]] : [])]) {
    data.indicesIn(data.chunkOf(frame));
    await data.ready(data.chunkOf(frame));
  }
  api.chunks = payload.count - 1;
  return data;
}

// A frame's row indices: stored whole in a keyframe, else run by run, a run equal to a
// run of the frame before stored as COPY and that run's number (viz/web/encode.py). The
// last decoded frame is kept, so playing decodes one list a frame and a seek at most
// KEYFRAME_EVERY (a chunk starts with a keyframe, so a decode stays in its chunk).
// indicesOf returns null while the frame's chunk is still being unpacked.
function makeDecoder(data) {
  const h = data.header;
  const COPY = 0xffffffff;
  let decoded = { frame: -1, runs: [] };

  function indicesOf(frame) {
    const indices = data.indicesIn(data.chunkOf(frame));
    if (!indices) return null;
    let first = frame;
    while (!h.frames[first].key) first -= 1;
    if (decoded.frame >= first && decoded.frame <= frame) first = decoded.frame + 1;
    for (let f = first; f <= frame; f++) {
      const entry = h.frames[f];
      const before = decoded.runs;
      const runs = [];
      let at = entry.at;
      entry.runs.forEach(([kind, count]) => {
        if (!entry.key && indices[at] === COPY) {
          runs.push(before[indices[at + 1]]);
          at += 2;
        } else {
          // stored as the first index and then differences (viz/web/encode.py _rising)
          const part = indices.slice(at, at + count);
          for (let i = 1; i < count; i++) part[i] = (part[i] + part[i - 1]) >>> 0;
          runs.push({ kind, part });
          at += count;
        }
      });
      decoded = { frame: f, runs };
    }
    return decoded.runs;
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
      if (runs) labels.set(frame, runs);
    }
    return runs;
  }

  // A frame's rows gathered from the tables in drawing order (one buffer, run by run).
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

  return { indicesOf, labelRuns, gather };
}
