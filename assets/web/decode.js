// The payload: base64 of one gzip member (viz/web/encode.py), unpacked by the browser's
// DecompressionStream, then split into its header, glyph atlas rows, row tables and
// frame indices.

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
