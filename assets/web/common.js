// puzzleviz browser player: draws the window's own draw lists, baked by the exporter
// (viz/web), with the window's shaders ported to WebGL2. Plain JavaScript, no build step.
//
// The page's shared names: the payload's run kinds, the status object tests and
// benchmarks read (window.puzzleviz), and how a failure is shown. The exporter
// (viz/web/page.py) inlines the files of this folder in the order of SCRIPTS, inside one
// function scope, so each file sees what the files before it define.

const KINDS = ["shapes", "tris", "dots", "glyphs"];
const WIDTHS = { shapes: 20, tris: 6, dots: 12, glyphs: 12 };
const MAGIC = "PZW8";

const canvas = document.getElementById("view");
const message = document.getElementById("message");
// what tests and benchmarks read: where the page is, and what drawing cost
const api = {
  ready: false, error: null, slot: 0, boundary: 0, mode: "paused", draws: 0, ticks: 0,
  syncDraws: false, pending: false, chunks: 0, chunksUnpacked: 0, inputAt: null, inputMs: null,
};
window.puzzleviz = api;

function fail(text) {
  api.error = text;
  message.textContent = text;
  throw new Error(text);
}
