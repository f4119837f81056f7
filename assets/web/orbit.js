// The reader's camera over a 3D scene, moved as the window moves it (viz/app.py): drag
// on the stage to orbit, right-drag to pan, the wheel to zoom, C or a double-click to
// reset. On a touch screen a one-finger swipe on the stage orbits, two fingers pinch to
// zoom, and a tap (a touch that did not move) still steps or plays as the player's taps do.

const ORBIT_DEGREES_PER_PIXEL = 0.35; // viz/app.py, per pixel of the screen
const TAP_PIXELS = 8; // a touch that moves less is a tap

//
// One orbit for the page, attached to the trace shown (a tour's traces come and go): with
// no 3D trace attached it lets every press through to the player.
function makeOrbit(canvas) {
  let renderer3d = null;
  let player = null;
  let camera = null;
  let version = 0;
  let drag = null; // {kind: orbit | pan | touch | pinch, id, x, y, start, moved}

  // the trace shown: its 3D renderer (null for a 2D trace) and its player
  function attach(renderer, shown) {
    renderer3d = renderer;
    player = shown;
    camera = renderer ? renderer.suggested : null;
    drag = null;
    fingers.clear();
  }

  const box = () => canvas.getBoundingClientRect();
  const picture = (event) => {
    const b = box();
    return [((event.clientX - b.left) / b.width) * canvas.width,
      ((event.clientY - b.top) / b.height) * canvas.height];
  };
  const onStage = ([x, y]) => {
    if (!renderer3d) return false;
    const [sx, sy, sw, sh] = renderer3d.stage;
    return x >= sx && x <= sx + sw && y >= sy && y <= sy + sh;
  };

  function moved(next) {
    camera = next;
    version += 1;
    api.cameraMoves = version;
    player.advance(0);
  }

  function reset() {
    if (renderer3d && camera !== renderer3d.suggested) moved(renderer3d.suggested);
  }

  // Registered before the page's own pointer handlers, so a press on the stage is the
  // camera's and the player does not see it (the timeline and the play button are not on
  // the stage: presses there go on to the player). One pointer drives a drag; a second
  // finger turns a swipe into a pinch, which zooms by the change of the fingers' spread.
  const fingers = new Map(); // pointerId -> [clientX, clientY], touches on the stage
  const spread = () => {
    const [[ax, ay], [bx, by]] = [...fingers.values()];
    return Math.hypot(ax - bx, ay - by);
  };
  let lastPress = "mouse";

  canvas.addEventListener("pointerdown", (event) => {
    lastPress = event.pointerType;
    if (!onStage(picture(event)) || (event.button !== 0 && event.button !== 2)) return;
    const touch = event.pointerType === "touch";
    event.preventDefault();
    event.stopImmediatePropagation();
    canvas.setPointerCapture(event.pointerId);
    if (touch) fingers.set(event.pointerId, [event.clientX, event.clientY]);
    if (touch && fingers.size === 2) {
      drag = { kind: "pinch", id: null, spread: spread(), moved: true };
      return;
    }
    if (drag) return; // a third finger, or another button while dragging
    const kind = touch ? "touch" : event.button === 2 ? "pan" : "orbit";
    drag = { kind, id: event.pointerId, x: event.clientX, y: event.clientY,
      start: picture(event), moved: false };
  });
  canvas.addEventListener("pointermove", (event) => {
    if (fingers.has(event.pointerId)) fingers.set(event.pointerId, [event.clientX, event.clientY]);
    if (!drag) return;
    event.stopImmediatePropagation();
    if (drag.kind === "pinch") {
      if (fingers.size !== 2) return;
      const now = spread();
      if (now > 0 && drag.spread > 0 && now !== drag.spread) {
        moved(zoomCamera(camera, drag.spread / now));
      }
      drag.spread = now;
      return;
    }
    if (event.pointerId !== drag.id) return;
    const dx = event.clientX - drag.x;
    const dy = event.clientY - drag.y;
    if (drag.kind === "touch" && !drag.moved && Math.hypot(dx, dy) < TAP_PIXELS) return;
    drag.moved = true;
    drag.x = event.clientX;
    drag.y = event.clientY;
    if (drag.kind === "pan") {
      const height = box().height;
      moved(panCamera(camera, dx / height, dy / height));
    } else {
      const k = ORBIT_DEGREES_PER_PIXEL;
      moved(orbitCamera(camera, -dx * k, dy * k));
    }
  });
  const release = (event) => {
    const finger = fingers.delete(event.pointerId);
    if (!drag || (!finger && event.pointerId !== drag.id)) return;
    event.stopImmediatePropagation();
    if (drag.kind === "pinch") {
      if (fingers.size === 0) drag = null; // a pinch ends without a tap
      return;
    }
    const tap = drag.kind === "touch" && !drag.moved && event.type === "pointerup";
    const [x, y] = drag.start;
    drag = null;
    if (tap && player.pointerDown(x, y, true)) player.advance(0);
  };
  canvas.addEventListener("pointerup", release);
  canvas.addEventListener("pointercancel", release);
  canvas.addEventListener("contextmenu", (event) => event.preventDefault());
  canvas.addEventListener("wheel", (event) => {
    if (!renderer3d) return;
    event.preventDefault();
    // a mouse wheel's notch is about 100 pixels (or 3 lines); pygame's is 1
    const notches = -event.deltaY / (event.deltaMode === 1 ? 3 : 100);
    moved(zoomCamera(camera, 0.9 ** notches));
  }, { passive: false });
  canvas.addEventListener("dblclick", (event) => {
    // a mouse's double-click; two quick taps are two steps on a touch screen
    if (lastPress !== "touch" && onStage(picture(event))) reset();
  });
  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (renderer3d && (event.key === "c" || event.key === "C")) {
      event.preventDefault();
      reset();
    }
  });

  return {
    attach,
    draw: (slot) => renderer3d.draw(slot, camera),
    key: (slot) => `${renderer3d.momentOf(slot)} ${version}`,
  };
}
