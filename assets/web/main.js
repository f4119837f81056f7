// The page's wiring: loads the payload, makes the renderer and the player, and feeds
// them the keyboard, the pointer and the animation clock.

async function main() {
  const shaders = JSON.parse(document.getElementById("shaders").textContent);
  const data = await unpack(document.getElementById("payload").textContent);
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
      api.inputAt = performance.now();
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
    api.inputAt = performance.now();
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
