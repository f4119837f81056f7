// The page's wiring: makes the tour of the page's traces (tour.js: each trace's payload,
// renderer and player), and feeds the player shown the keyboard, the pointer and the
// animation clock; the tour's keys (N, P, H, F, a card's) come before the player's.

async function main() {
  const shaders = JSON.parse(document.getElementById("shaders").textContent);
  const settings = JSON.parse(document.getElementById("settings").textContent);
  const [width, height] = [settings.width, settings.height];
  canvas.width = width;
  canvas.height = height;
  // each trace's 3D layers (render3d.js) or null, drawn under the 2D with the reader's camera
  const scenes3d = settings.scene3d ?? [];
  const gl = canvas.getContext("webgl2", {
    alpha: false, antialias: false, depth: scenes3d.some(Boolean), preserveDrawingBuffer: true,
  });
  if (!gl) fail("This browser has no WebGL2, which the player needs.");
  // the camera's pointer handlers come before the player's (orbit.js)
  const orbit = makeOrbit(canvas);
  const tour = makeTour(gl, shaders, scenes3d, orbit);
  await tour.go(0);
  // a quiz's keys and clicks come before the player's (quiz.js)
  const quiz = tour.header.quiz ? makeQuiz(tour) : null;
  wireMenu((code) => {
    tour.setLanguage(code);
    if (quiz) quiz.show();
  });
  document.addEventListener("fullscreenchange", () => tour.report());

  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (menu && event.target === menu) return; // the menu's own keys
    const tag = event.target.tagName;
    if (tag === "INPUT" || (tag === "BUTTON" && (event.key === " " || event.key === "Enter"))) return;
    const named = event.shiftKey && event.key.startsWith("Arrow") ? `Shift+${event.key}` : event.key;
    if (quiz && quiz.key(named)) {
      event.preventDefault();
      tour.player.advance(0);
      return;
    }
    const action = tour.action(named) ?? tour.player.keys[named];
    if (action) {
      event.preventDefault();
      api.inputAt = performance.now();
      Promise.resolve(action()).then(() => tour.player.advance(0));
      tour.player.advance(0);
    }
  });
  // A phone's picture leaves bands beside or above it: a tap there steps or plays as a tap
  // on the picture does, by the third of the screen it is in.
  document.addEventListener("pointerdown", (event) => {
    if (event.pointerType !== "touch" || event.target === canvas) return;
    if (menu && event.target === menu) return;
    const third = window.innerWidth / 3;
    const named = event.clientX < third ? "ArrowLeft" : event.clientX > 2 * third ? "ArrowRight" : " ";
    const action = tour.action(named) ?? tour.player.keys[named];
    event.preventDefault();
    Promise.resolve(action()).then(() => tour.player.advance(0));
    tour.player.advance(0);
  });
  const toCanvas = (event) => {
    const box = canvas.getBoundingClientRect();
    return [((event.clientX - box.left) / box.width) * width,
      ((event.clientY - box.top) / box.height) * height];
  };
  canvas.addEventListener("pointerdown", (event) => {
    const [x, y] = toCanvas(event);
    api.inputAt = performance.now();
    if (quiz && quiz.click(x, y, event.button === 2 ? 3 : 1)) {
      event.preventDefault();
      tour.player.advance(0);
      return;
    }
    const card = tour.action("ArrowRight");
    if (api.card && card) {
      card(); // a tap or a click on a card goes on into its trace
      return;
    }
    const player = tour.player;
    if (player.pointerDown(x, y, event.pointerType === "touch")) {
      canvas.setPointerCapture(event.pointerId);
      event.preventDefault();
      player.advance(0);
    }
  });
  // a right click is an answer in a quiz (a sudoku pencil mark removed), not a menu
  canvas.addEventListener("contextmenu", (event) => {
    if (quiz) event.preventDefault();
  });
  canvas.addEventListener("pointermove", (event) => {
    if (tour.player.pointerMove(toCanvas(event)[0])) tour.player.advance(0);
  });
  const release = () => {
    if (tour.player.pointerUp()) tour.player.advance(0);
  };
  canvas.addEventListener("pointerup", release);
  canvas.addEventListener("pointercancel", release);
  let before = null;
  const tick = (now) => {
    const dt = before === null ? 0 : Math.min((now - before) / 1000, 0.25);
    before = now;
    tour.player.advance(dt);
    if (quiz) quiz.tick();
    api.ticks += 1;
    requestAnimationFrame(tick);
  };
  tour.player.advance(0);
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
