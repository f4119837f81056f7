// The orbit camera of a 3D scene: viz/camera.py's OrbitCamera, line for line, so the
// page's reset camera is the window's and its matrices round to the same float32 numbers.
// A camera is a plain object {target: [x, y, z], yaw, pitch, distance, fov}; the exporter
// sends it as [x, y, z, yaw, pitch, distance, fov] (viz/web/frames3d.py camera_fields).
// World axes: x right, y up, z towards the viewer at yaw = 0.

const cameraOf = ([x, y, z, yaw, pitch, distance, fov]) =>
  ({ target: [x, y, z], yaw, pitch, distance, fov });

const radians = (degrees) => (degrees * Math.PI) / 180;
const norm3 = (v) => Math.sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
const scaled3 = (v, k) => [v[0] * k, v[1] * k, v[2] * k];
const unit3 = (v) => { const n = norm3(v); return [v[0] / n, v[1] / n, v[2] / n]; };
const cross3 = (a, b) =>
  [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const dot3 = (a, b) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
// Python's % on floats: the result takes the divisor's sign
const modulo = (a, n) => a - n * Math.floor(a / n);

// 4x4 matrices as rows of a plain array (m[r][c]); `columns` flattens them for WebGL
function perspective(fovY, aspect, near, far) {
  const f = 1 / Math.tan(radians(fovY) / 2);
  return [
    [f / aspect, 0, 0, 0],
    [0, f, 0, 0],
    [0, 0, (far + near) / (near - far), (2 * far * near) / (near - far)],
    [0, 0, -1, 0],
  ];
}

function lookAt(eye, target, up) {
  const forward = unit3([target[0] - eye[0], target[1] - eye[1], target[2] - eye[2]]);
  const side = unit3(cross3(forward, up));
  const trueUp = cross3(side, forward);
  const back = scaled3(forward, -1);
  const rows = [side, trueUp, back];
  return [
    ...rows.map((r) => [r[0], r[1], r[2], -dot3(r, eye)]),
    [0, 0, 0, 1],
  ];
}

const columns = (m) => new Float32Array([0, 1, 2, 3].flatMap((c) => m.map((row) => row[c])));

function cameraEye(c) {
  const yaw = radians(c.yaw);
  const pitch = radians(c.pitch);
  const offset = [Math.sin(yaw) * Math.cos(pitch), Math.sin(pitch), Math.cos(yaw) * Math.cos(pitch)];
  return c.target.map((t, i) => t + c.distance * offset[i]);
}

const cameraView = (c) => lookAt(cameraEye(c), c.target, [0, 1, 0]);

function cameraProjection(c, aspect) {
  const near = Math.max(c.distance * 0.02, 1e-3);
  return perspective(c.fov, aspect, near, c.distance * 20);
}

function orbitCamera(c, dYaw, dPitch) {
  const pitch = Math.min(Math.max(c.pitch + dPitch, -89), 89);
  return { ...c, yaw: modulo(c.yaw + dYaw, 360), pitch };
}

const zoomCamera = (c, factor) =>
  ({ ...c, distance: Math.min(Math.max(c.distance * factor, 0.05), 1e4) });

// move the target in the view plane; dx, dy in fractions of the view height
function panCamera(c, dx, dy) {
  const view = cameraView(c);
  const side = view[0].slice(0, 3);
  const up = view[1].slice(0, 3);
  const scale = 2 * c.distance * Math.tan(radians(c.fov) / 2);
  return { ...c, target: c.target.map((t, i) => t + scale * (-dx * side[i] + dy * up[i])) };
}

// The camera a layer draws with when the reader's camera is `user`: the scene drew the
// layer with `drawn` while it suggested `suggested` (a narrow panel steps the camera back,
// OrbitCamera.fitted; the exploded view zooms out), and the page makes the same change to
// the reader's camera. At the suggested camera (the start, and after C) it is `drawn` itself.
function layerCamera(user, suggested, drawn) {
  const same = user.yaw === suggested.yaw && user.pitch === suggested.pitch
    && user.distance === suggested.distance && user.fov === suggested.fov
    && user.target.every((t, i) => t === suggested.target[i]);
  if (same) return drawn;
  return {
    target: user.target.map((t, i) => t + drawn.target[i] - suggested.target[i]),
    yaw: user.yaw + drawn.yaw - suggested.yaw,
    pitch: user.pitch + drawn.pitch - suggested.pitch,
    distance: user.distance * (drawn.distance / suggested.distance),
    fov: drawn.fov,
  };
}
