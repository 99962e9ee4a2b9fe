import {
  AmbientLight,
  BoxGeometry,
  BufferGeometry,
  Color,
  ConeGeometry,
  CylinderGeometry,
  DirectionalLight,
  EdgesGeometry,
  Float32BufferAttribute,
  Group,
  LineBasicMaterial,
  LineSegments,
  Mesh,
  MeshLambertMaterial,
  PerspectiveCamera,
  PlaneGeometry,
  Raycaster,
  Scene,
  Vector2,
  WebGLRenderer,
  type Object3D,
} from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { CSS2DObject, CSS2DRenderer } from 'three/examples/jsm/renderers/CSS2DRenderer.js';
import {
  CAMERA_DIRECTION,
  CAMERA_FOV_DEG,
  cameraDistanceToFit,
  type SceneStorage,
  type SiteSceneDescription,
} from './siteScene';

/**
 * The WebGL side of the site plan, loaded on demand (it holds three.js, which stays out of the
 * initial bundle). It only draws what buildSiteScene described and reports a click or tap on a
 * storage; every rule lives in the description. Renders on demand (after a change, an orbit or a
 * resize), not in a loop, so an idle plan costs no CPU.
 */
export interface SiteRenderer {
  update(scene: SiteSceneDescription): void;
  resize(width: number, height: number): void;
  dispose(): void;
}

/** A pointer that moved less than this between down and up is a click or tap, not an orbit. */
const TAP_SLOP_PX = 6;
const GROUND = '#d7ccc8';
const GRID = '#8d6e63';

export function createSiteRenderer(
  container: HTMLElement,
  onPick: (storageId: number) => void,
): SiteRenderer {
  const renderer = new WebGLRenderer({ antialias: true });
  renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
  renderer.setClearColor(new Color('#eceff1'));
  renderer.domElement.setAttribute('data-testid', 'site-canvas');
  renderer.domElement.style.display = 'block';
  container.appendChild(renderer.domElement);

  const labelRenderer = new CSS2DRenderer();
  Object.assign(labelRenderer.domElement.style, {
    position: 'absolute',
    top: '0',
    left: '0',
    pointerEvents: 'none',
  });
  container.appendChild(labelRenderer.domElement);

  const scene = new Scene();
  scene.add(new AmbientLight('#ffffff', 1.6));
  const sun = new DirectionalLight('#ffffff', 1.6);
  sun.position.set(-30, 60, 40);
  scene.add(sun);

  const camera = new PerspectiveCamera(CAMERA_FOV_DEG, 1, 0.1, 2000);
  const controls = new OrbitControls(camera, renderer.domElement);
  // Stay above the ground: orbiting under the site would show it from below.
  controls.maxPolarAngle = Math.PI / 2 - 0.05;
  controls.screenSpacePanning = false;

  // Materials live as long as the renderer, one per colour: disposing them on every update would
  // free their shader programs and compile them again (hundreds of ms in a software renderer).
  const materials = new Map<string, MeshLambertMaterial>();
  const surface = (colour: string) => {
    let m = materials.get(colour);
    if (!m) {
      m = new MeshLambertMaterial({ color: new Color(colour) });
      materials.set(colour, m);
    }
    return m;
  };
  const edgeMaterial = new LineBasicMaterial({ color: '#4e342e' });
  const gridMaterial = new LineBasicMaterial({ color: GRID, transparent: true, opacity: 0.5 });

  let content = new Group();
  scene.add(content);
  let pickable: Mesh[] = [];
  let framedFor = '';
  let framedSite: { columns: number; rows: number } | null = null;
  let width = 1;
  let height = 1;

  const render = () => {
    renderer.render(scene, camera);
    labelRenderer.render(scene, camera);
  };
  controls.addEventListener('change', render);

  function frame(columns: number, rows: number) {
    // Framed again when the site or the view's shape changes (a phone turned), never on an update.
    const aspect = width / height;
    const key = `${columns}x${rows}@${aspect.toFixed(2)}`;
    if (key === framedFor) return;
    framedFor = key;
    const distance = cameraDistanceToFit(columns, rows, aspect);
    const length = Math.hypot(CAMERA_DIRECTION.y, CAMERA_DIRECTION.z);
    camera.position.set(
      0,
      (CAMERA_DIRECTION.y / length) * distance,
      (CAMERA_DIRECTION.z / length) * distance,
    );
    controls.target.set(0, 0, 0);
    controls.minDistance = 3;
    controls.maxDistance = distance * 3;
    controls.update();
  }

  function disposeContent() {
    content.traverse((o: Object3D) => {
      if (o instanceof Mesh || o instanceof LineSegments) {
        (o.geometry as BufferGeometry).dispose();
      }
      if (o instanceof CSS2DObject) o.element.remove();
    });
    scene.remove(content);
  }

  function storageObject(s: SceneStorage): Group {
    const group = new Group();
    const material = surface(s.colour);
    const body =
      s.shape === 'silo'
        ? new Mesh(new CylinderGeometry(s.width / 2, s.width / 2, s.height, 32), material)
        : new Mesh(new BoxGeometry(s.width * 0.96, s.height, s.depth * 0.96), material);
    body.position.set(s.x, s.height / 2, s.z);
    body.userData.storageId = s.id;
    group.add(body);
    pickable.push(body);
    if (s.shape === 'silo') {
      const roof = new Mesh(new ConeGeometry(s.width / 2, s.width / 4, 32), material);
      roof.position.set(s.x, s.height + s.width / 8, s.z);
      roof.userData.storageId = s.id;
      group.add(roof);
      pickable.push(roof);
    } else {
      const edges = new LineSegments(new EdgesGeometry(body.geometry), edgeMaterial);
      edges.position.copy(body.position);
      group.add(edges);
    }
    // Anchored at the roof's centre and drawn above it: a click on the anchor lands on the storage.
    group.add(
      label(s.label, s.labelColours?.text ?? '#212121', s.x, s.height, s.z, s.id, s.labelColours?.background),
    );
    return group;
  }

  function label(
    text: string,
    colour: string,
    x: number,
    y: number,
    z: number,
    storageId?: number,
    background = 'rgba(255,255,255,0.8)',
  ) {
    const storage = storageId !== undefined;
    const el = document.createElement('div');
    // Where the storage is on screen (its roof's centre), for end-to-end tests that click it.
    if (storage) el.dataset.storageId = String(storageId);
    const box = document.createElement('div');
    box.textContent = text;
    Object.assign(box.style, {
      color: colour,
      font: `${storage ? 600 : 500} 12px Roboto, Helvetica, Arial, sans-serif`,
      background,
      padding: '1px 4px',
      borderRadius: '3px',
      whiteSpace: 'nowrap',
      // A storage's name floats above its anchor (the roof); a site label is centred on its point.
      transform: storage ? 'translateY(-120%)' : 'none',
    });
    el.appendChild(box);
    const obj = new CSS2DObject(el);
    obj.position.set(x, y, z);
    return obj;
  }

  function ground(columns: number, rows: number): Group {
    const g = new Group();
    const plane = new Mesh(new PlaneGeometry(columns, rows), surface(GROUND));
    plane.rotation.x = -Math.PI / 2;
    g.add(plane);
    // One line per grid cell edge, so a storage's position reads as whole cells.
    const points: number[] = [];
    const hw = columns / 2;
    const hd = rows / 2;
    for (let c = 0; c <= columns; c++) points.push(c - hw, 0.01, -hd, c - hw, 0.01, hd);
    for (let r = 0; r <= rows; r++) points.push(-hw, 0.01, r - hd, hw, 0.01, r - hd);
    const geometry = new BufferGeometry();
    geometry.setAttribute('position', new Float32BufferAttribute(points, 3));
    g.add(new LineSegments(geometry, gridMaterial));
    return g;
  }

  // A click or a tap (pointer events cover mouse, pen and touch) that did not orbit picks a storage.
  const raycaster = new Raycaster();
  let down: { x: number; y: number } | null = null;
  const hit = (e: PointerEvent): number | null => {
    const rect = renderer.domElement.getBoundingClientRect();
    const ndc = new Vector2(
      ((e.clientX - rect.left) / rect.width) * 2 - 1,
      -((e.clientY - rect.top) / rect.height) * 2 + 1,
    );
    raycaster.setFromCamera(ndc, camera);
    const first = raycaster.intersectObjects(pickable, false)[0];
    return first ? (first.object.userData.storageId as number) : null;
  };
  const onDown = (e: PointerEvent) => {
    down = { x: e.clientX, y: e.clientY };
  };
  const onUp = (e: PointerEvent) => {
    if (!down) return;
    const moved = Math.hypot(e.clientX - down.x, e.clientY - down.y);
    down = null;
    if (moved > TAP_SLOP_PX) return;
    const id = hit(e);
    if (id !== null) onPick(id);
  };
  const onMove = (e: PointerEvent) => {
    if (e.pointerType !== 'mouse' || down) return;
    renderer.domElement.style.cursor = hit(e) === null ? 'grab' : 'pointer';
  };
  renderer.domElement.addEventListener('pointerdown', onDown);
  renderer.domElement.addEventListener('pointerup', onUp);
  renderer.domElement.addEventListener('pointermove', onMove);

  return {
    update(description) {
      disposeContent();
      content = new Group();
      pickable = [];
      content.add(ground(description.columns, description.rows));
      for (const s of description.storages) content.add(storageObject(s));
      for (const l of description.labels) content.add(label(l.text, l.colour, l.x, l.y, l.z));
      scene.add(content);
      framedSite = { columns: description.columns, rows: description.rows };
      frame(description.columns, description.rows);
      render();
    },
    resize(w, h) {
      width = Math.max(1, w);
      height = Math.max(1, h);
      camera.aspect = width / height;
      camera.updateProjectionMatrix();
      renderer.setSize(width, height);
      labelRenderer.setSize(width, height);
      if (framedSite) frame(framedSite.columns, framedSite.rows);
      render();
    },
    dispose() {
      controls.removeEventListener('change', render);
      controls.dispose();
      renderer.domElement.removeEventListener('pointerdown', onDown);
      renderer.domElement.removeEventListener('pointerup', onUp);
      renderer.domElement.removeEventListener('pointermove', onMove);
      disposeContent();
      for (const m of [...materials.values(), edgeMaterial, gridMaterial]) m.dispose();
      renderer.dispose();
      renderer.domElement.remove();
      labelRenderer.domElement.remove();
    },
  };
}
