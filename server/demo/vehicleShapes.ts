/**
 * Simple 3D shapes of each body family, in metres: x runs rear to front, y up from the ground, z across
 * the car. Each part is a side profile extruded across the width, which is enough for a drawing that
 * turns convincingly through a 360 spin without any photographs.
 */

export const BODY_FAMILIES = [
  "sedan",
  "hatch",
  "suv",
  "ute",
  "wagon",
  "van",
  "peopleMover",
  "coupe",
  "convertible",
  "cabChassis",
  "lightTruck",
  "motorhome",
  "caravan",
  "motorcycle",
] as const;
export type BodyFamily = (typeof BODY_FAMILIES)[number];

export function isBodyFamily(value: string): value is BodyFamily {
  return (BODY_FAMILIES as readonly string[]).includes(value);
}

/** Paint and materials: 'body' is the car's colour, 'accent' a darker shade of it. */
export type Material = "body" | "accent" | "glass" | "dark" | "trim" | "chrome" | "light" | "tail" | "plate" | "white" | "seat";

export type Point2 = [number, number];

/** A flat shape painted on both side faces of a part (windows, lights, arches, stripes). */
export interface Decal {
  points: Point2[];
  mat: Material;
}

/** A patch on one of the faces between profile points (grille, headlights, windscreen of a flat-fronted cab). */
export interface Inset {
  /** Face index: the face from profile point `edge` to point `edge + 1`. */
  edge: number;
  /** Where along the face, 0 at its first point and 1 at its second. */
  t: [number, number];
  /** Across the car, absolute z; mirrored to the other side when `mirror`. */
  z: [number, number];
  mirror?: boolean;
  mat: Material;
}

export interface Part {
  /** Side profile, counter-clockwise with y up. */
  points: Point2[];
  z: [number, number];
  mat: Material;
  /** Materials of particular faces (windscreen, tonneau cover) by face index. */
  faceMats?: Record<number, Material>;
  decals?: Decal[];
  insets?: Inset[];
  /** Thumbnails leave small parts out. */
  detail?: boolean;
}

export interface Wheel {
  x: number;
  r: number;
  /** Centre of the tyre across the car; a wheel is drawn at +z and -z unless `single`. */
  z: number;
  width: number;
  single?: boolean;
  rim?: Material;
}

export interface Anchor {
  point: [number, number, number];
  /** Which way the surface faces, so the hotspot is only placed on frames where it can be seen. */
  normal: [number, number, number];
}

export interface VehicleShape {
  length: number;
  width: number;
  height: number;
  parts: Part[];
  wheels: Wheel[];
  anchors: Record<"wheel" | "headlight" | "taillight" | "roof" | "side", Anchor>;
}

/** The dark wheel-well opening around a wheel centred at (x, centreY), down to the body's lower edge. */
const arch = (x: number, centreY: number, radius: number, bottom: number, steps = 7): Point2[] => {
  const out: Point2[] = [[x + radius, bottom]];
  for (let i = 0; i <= steps; i++) {
    const a = (i / steps) * Math.PI;
    out.push([x + Math.cos(a) * radius, centreY + Math.sin(a) * radius]);
  }
  out.push([x - radius, bottom]);
  return out;
};

const rect = (x0: number, y0: number, x1: number, y1: number): Point2[] => [
  [x0, y0],
  [x1, y0],
  [x1, y1],
  [x0, y1],
];

interface CarSpec {
  length: number;
  width: number;
  cabinWidth: number;
  body: Point2[];
  cabin?: Point2[];
  cabinGlass?: number[];
  bodyGlass?: number[];
  windows: Point2[][];
  cabinWindows?: boolean;
  head: Decal;
  /** Absent when the tail lights sit on another part (a ute's tray). */
  tail?: Decal;
  wheels: [number, number];
  r: number;
  frontFaces: { grille: number; lights: number };
  rearFaces?: { lights: number; plate: number };
  extraParts?: Part[];
  extraDecals?: Decal[];
  cladding?: boolean;
}

function car(spec: CarSpec): VehicleShape {
  const half = spec.width / 2;
  const archDecals: Decal[] = spec.wheels.map((x) => ({ points: arch(x, spec.r, spec.r + 0.06, spec.body[0][1]), mat: "dark" }));
  const sill: Decal = {
    points: rect(
      spec.wheels[1] + spec.r + 0.05,
      spec.body[0][1],
      spec.wheels[0] - spec.r - 0.05,
      spec.body[0][1] + (spec.cladding ? 0.14 : 0.06),
    ),
    mat: spec.cladding ? "dark" : "accent",
  };
  const windowDecals = spec.windows.map((points) => ({ points, mat: "glass" as Material }));
  const bodyFaceMats: Record<number, Material> = {};
  for (const face of spec.bodyGlass ?? []) bodyFaceMats[face] = "glass";
  const parts: Part[] = [
    {
      points: spec.body,
      z: [-half, half],
      mat: "body",
      faceMats: bodyFaceMats,
      decals: [
        ...archDecals,
        sill,
        spec.head,
        ...(spec.tail ? [spec.tail] : []),
        ...(spec.cabinWindows ? [] : windowDecals),
        ...(spec.extraDecals ?? []),
      ],
      insets: [
        { edge: spec.frontFaces.grille, t: [0.15, 0.9], z: [-half * 0.45, half * 0.45], mat: "dark" },
        { edge: spec.frontFaces.lights, t: [0.1, 0.85], z: [half * 0.58, half * 0.94], mirror: true, mat: "light" },
        ...(spec.rearFaces
          ? ([
              { edge: spec.rearFaces.lights, t: [0.1, 0.7], z: [half * 0.55, half * 0.95], mirror: true, mat: "tail" },
              { edge: spec.rearFaces.plate, t: [0.25, 0.75], z: [-0.26, 0.26], mat: "plate" },
            ] satisfies Inset[])
          : []),
      ],
    },
  ];
  if (spec.cabin) {
    const cabinFaceMats: Record<number, Material> = {};
    for (const face of spec.cabinGlass ?? []) cabinFaceMats[face] = "glass";
    parts.push({
      points: spec.cabin,
      z: [-spec.cabinWidth / 2, spec.cabinWidth / 2],
      mat: "body",
      faceMats: cabinFaceMats,
      decals: spec.cabinWindows ? windowDecals : [],
    });
  }
  parts.push(...(spec.extraParts ?? []));
  const top = Math.max(...parts.flatMap((p) => p.points.map(([, y]) => y)));
  const wheelZ = half - 0.14;
  return {
    length: spec.length,
    width: spec.width,
    height: top,
    parts,
    wheels: spec.wheels.map((x) => ({ x, r: spec.r, z: wheelZ, width: 0.24 })),
    anchors: {
      wheel: { point: [spec.wheels[0], spec.r, half], normal: [0, 0, 1] },
      headlight: { point: [spec.length / 2 - 0.05, spec.head.points[0][1], half * 0.75], normal: [1, 0, 0.3] },
      taillight: { point: [-spec.length / 2 + 0.05, spec.tail?.points[0][1] ?? 0.9, half * 0.75], normal: [-1, 0, 0.3] },
      roof: { point: [0, top, 0], normal: [0, 1, 0] },
      side: { point: [0, (spec.body[0][1] + top) / 2, half], normal: [0, 0, 1] },
    },
  };
}

const SEDAN = car({
  length: 4.76,
  width: 1.84,
  cabinWidth: 1.5,
  body: [
    [-2.35, 0.3],
    [2.28, 0.3],
    [2.38, 0.5],
    [2.34, 0.72],
    [1.3, 0.92],
    [-1.7, 0.98],
    [-2.3, 0.98],
    [-2.38, 0.62],
  ],
  cabin: [
    [-1.7, 0.96],
    [1.3, 0.9],
    [0.4, 1.42],
    [-0.8, 1.44],
  ],
  cabinGlass: [1, 3],
  cabinWindows: true,
  windows: [
    [
      [1.14, 0.97],
      [0.42, 1.36],
      [-0.12, 1.37],
      [-0.12, 0.98],
    ],
    [
      [-0.26, 0.98],
      [-0.26, 1.37],
      [-0.76, 1.38],
      [-1.5, 1.0],
    ],
  ],
  head: {
    points: [
      [2.0, 0.76],
      [2.34, 0.73],
      [2.36, 0.63],
      [2.06, 0.67],
    ],
    mat: "light",
  },
  tail: {
    points: [
      [-2.34, 0.95],
      [-1.98, 0.96],
      [-2.02, 0.84],
      [-2.37, 0.8],
    ],
    mat: "tail",
  },
  wheels: [1.42, -1.42],
  r: 0.33,
  frontFaces: { grille: 1, lights: 2 },
  rearFaces: { lights: 6, plate: 7 },
});

const HATCH = car({
  length: 4.36,
  width: 1.8,
  cabinWidth: 1.48,
  body: [
    [-2.12, 0.3],
    [2.05, 0.3],
    [2.16, 0.5],
    [2.12, 0.7],
    [1.15, 0.9],
    [-1.98, 0.98],
    [-2.16, 0.95],
    [-2.18, 0.6],
  ],
  cabin: [
    [-2.0, 0.96],
    [1.15, 0.88],
    [0.3, 1.42],
    [-1.62, 1.45],
  ],
  cabinGlass: [1, 3],
  cabinWindows: true,
  windows: [
    [
      [1.0, 0.96],
      [0.32, 1.37],
      [-0.32, 1.38],
      [-0.32, 0.97],
    ],
    [
      [-0.46, 0.97],
      [-0.46, 1.39],
      [-1.42, 1.4],
      [-1.76, 1.0],
    ],
  ],
  head: {
    points: [
      [1.78, 0.74],
      [2.12, 0.71],
      [2.15, 0.61],
      [1.84, 0.65],
    ],
    mat: "light",
  },
  tail: {
    points: [
      [-2.15, 0.94],
      [-1.86, 0.97],
      [-1.9, 0.84],
      [-2.17, 0.8],
    ],
    mat: "tail",
  },
  wheels: [1.32, -1.32],
  r: 0.32,
  frontFaces: { grille: 1, lights: 2 },
  rearFaces: { lights: 6, plate: 7 },
});

const WAGON = car({
  length: 4.9,
  width: 1.86,
  cabinWidth: 1.52,
  body: [
    [-2.42, 0.32],
    [2.35, 0.32],
    [2.45, 0.52],
    [2.4, 0.74],
    [1.4, 0.94],
    [-2.28, 1.0],
    [-2.45, 0.97],
    [-2.47, 0.62],
  ],
  cabin: [
    [-2.3, 0.98],
    [1.4, 0.92],
    [0.5, 1.46],
    [-2.08, 1.5],
  ],
  cabinGlass: [1, 3],
  cabinWindows: true,
  windows: [
    [
      [1.25, 0.99],
      [0.52, 1.41],
      [-0.1, 1.42],
      [-0.1, 1.0],
    ],
    [
      [-0.24, 1.0],
      [-0.24, 1.43],
      [-1.25, 1.44],
      [-1.25, 1.01],
    ],
    [
      [-1.38, 1.01],
      [-1.38, 1.44],
      [-2.0, 1.45],
      [-2.14, 1.02],
    ],
  ],
  head: {
    points: [
      [2.08, 0.78],
      [2.4, 0.75],
      [2.43, 0.65],
      [2.14, 0.69],
    ],
    mat: "light",
  },
  tail: {
    points: [
      [-2.44, 0.96],
      [-2.14, 0.99],
      [-2.18, 0.86],
      [-2.46, 0.82],
    ],
    mat: "tail",
  },
  wheels: [1.44, -1.44],
  r: 0.34,
  frontFaces: { grille: 1, lights: 2 },
  rearFaces: { lights: 6, plate: 7 },
  extraParts: [
    { points: rect(-1.95, 1.5, 0.3, 1.55), z: [0.6, 0.68], mat: "chrome", detail: true },
    { points: rect(-1.95, 1.5, 0.3, 1.55), z: [-0.68, -0.6], mat: "chrome", detail: true },
  ],
});

const SUV = car({
  length: 4.64,
  width: 1.88,
  cabinWidth: 1.6,
  body: [
    [-2.3, 0.42],
    [2.22, 0.42],
    [2.32, 0.66],
    [2.28, 0.96],
    [1.3, 1.1],
    [-2.15, 1.16],
    [-2.32, 1.12],
    [-2.34, 0.72],
  ],
  cabin: [
    [-2.2, 1.14],
    [1.3, 1.08],
    [0.55, 1.64],
    [-1.88, 1.68],
  ],
  cabinGlass: [1, 3],
  cabinWindows: true,
  windows: [
    [
      [1.16, 1.15],
      [0.56, 1.58],
      [-0.32, 1.59],
      [-0.32, 1.15],
    ],
    [
      [-0.46, 1.15],
      [-0.46, 1.6],
      [-1.28, 1.61],
      [-1.28, 1.16],
    ],
    [
      [-1.4, 1.16],
      [-1.4, 1.61],
      [-1.82, 1.62],
      [-2.0, 1.18],
    ],
  ],
  head: {
    points: [
      [1.92, 0.98],
      [2.28, 0.95],
      [2.31, 0.84],
      [1.98, 0.88],
    ],
    mat: "light",
  },
  tail: {
    points: [
      [-2.31, 1.1],
      [-2.02, 1.13],
      [-2.06, 0.98],
      [-2.33, 0.94],
    ],
    mat: "tail",
  },
  wheels: [1.38, -1.38],
  r: 0.38,
  frontFaces: { grille: 1, lights: 2 },
  rearFaces: { lights: 6, plate: 7 },
  cladding: true,
  extraParts: [
    { points: rect(-1.8, 1.68, 0.4, 1.74), z: [0.64, 0.72], mat: "dark", detail: true },
    { points: rect(-1.8, 1.68, 0.4, 1.74), z: [-0.72, -0.64], mat: "dark", detail: true },
  ],
});

const COUPE = car({
  length: 4.62,
  width: 1.86,
  cabinWidth: 1.46,
  body: [
    [-2.28, 0.28],
    [2.25, 0.28],
    [2.35, 0.48],
    [2.3, 0.68],
    [1.1, 0.86],
    [-1.9, 0.93],
    [-2.25, 0.93],
    [-2.32, 0.6],
  ],
  cabin: [
    [-1.95, 0.91],
    [1.1, 0.84],
    [0.15, 1.3],
    [-0.62, 1.32],
  ],
  cabinGlass: [1, 3],
  cabinWindows: true,
  windows: [
    [
      [0.96, 0.92],
      [0.17, 1.26],
      [-0.6, 1.27],
      [-1.42, 0.96],
    ],
  ],
  head: {
    points: [
      [1.92, 0.71],
      [2.3, 0.69],
      [2.33, 0.6],
      [1.98, 0.63],
    ],
    mat: "light",
  },
  tail: {
    points: [
      [-2.26, 0.9],
      [-1.9, 0.91],
      [-1.94, 0.8],
      [-2.3, 0.77],
    ],
    mat: "tail",
  },
  wheels: [1.4, -1.36],
  r: 0.34,
  frontFaces: { grille: 1, lights: 2 },
  rearFaces: { lights: 6, plate: 7 },
});

const CONVERTIBLE = car({
  length: 3.98,
  width: 1.74,
  cabinWidth: 1.4,
  body: [
    [-1.95, 0.28],
    [1.9, 0.28],
    [2.0, 0.46],
    [1.95, 0.64],
    [0.8, 0.82],
    [-1.7, 0.86],
    [-1.98, 0.84],
    [-2.0, 0.56],
  ],
  windows: [],
  head: {
    points: [
      [1.62, 0.67],
      [1.95, 0.65],
      [1.98, 0.56],
      [1.68, 0.59],
    ],
    mat: "light",
  },
  tail: {
    points: [
      [-1.97, 0.83],
      [-1.7, 0.85],
      [-1.74, 0.74],
      [-1.99, 0.7],
    ],
    mat: "tail",
  },
  wheels: [1.16, -1.16],
  r: 0.31,
  frontFaces: { grille: 1, lights: 2 },
  rearFaces: { lights: 6, plate: 7 },
  extraParts: [
    {
      points: [
        [0.22, 0.82],
        [0.86, 0.82],
        [0.3, 1.16],
        [0.22, 1.16],
      ],
      z: [-0.66, 0.66],
      mat: "glass",
      faceMats: {},
    },
    { points: rect(-0.6, 0.82, -0.38, 1.12), z: [0.12, 0.52], mat: "seat", detail: true },
    { points: rect(-0.6, 0.82, -0.38, 1.12), z: [-0.52, -0.12], mat: "seat", detail: true },
    { points: rect(-0.9, 0.84, -0.78, 1.02), z: [-0.7, 0.7], mat: "dark", detail: true },
  ],
});
CONVERTIBLE.parts[0].insets!.push({ edge: 4, t: [0.06, 0.55], z: [-0.66, 0.66], mat: "dark" });

const UTE = car({
  length: 5.38,
  width: 1.9,
  cabinWidth: 1.64,
  body: [
    [-0.58, 0.46],
    [2.56, 0.46],
    [2.66, 0.72],
    [2.62, 1.04],
    [1.56, 1.16],
    [-0.58, 1.2],
  ],
  cabin: [
    [-0.58, 1.18],
    [1.56, 1.14],
    [0.8, 1.7],
    [-0.52, 1.74],
  ],
  cabinGlass: [1, 3],
  cabinWindows: true,
  windows: [
    [
      [1.42, 1.21],
      [0.8, 1.64],
      [0.18, 1.65],
      [0.18, 1.2],
    ],
    [
      [0.06, 1.2],
      [0.06, 1.66],
      [-0.42, 1.67],
      [-0.42, 1.2],
    ],
  ],
  head: {
    points: [
      [2.26, 1.06],
      [2.62, 1.03],
      [2.65, 0.92],
      [2.32, 0.96],
    ],
    mat: "light",
  },
  wheels: [1.76, -1.36],
  r: 0.4,
  frontFaces: { grille: 1, lights: 2 },
  cladding: true,
  extraParts: [
    {
      points: [
        [-2.68, 0.58],
        [-0.6, 0.58],
        [-0.6, 1.2],
        [-2.68, 1.17],
      ],
      z: [-0.94, 0.94],
      mat: "body",
      faceMats: { 2: "dark" },
      decals: [
        { points: arch(-1.36, 0.4, 0.46, 0.58), mat: "dark" },
        {
          points: [
            [-2.67, 1.15],
            [-2.5, 1.15],
            [-2.5, 0.82],
            [-2.67, 0.82],
          ],
          mat: "tail",
        },
      ],
      insets: [
        { edge: 3, t: [0.15, 0.7], z: [0.55, 0.9], mirror: true, mat: "tail" },
        { edge: 3, t: [0.55, 0.85], z: [-0.26, 0.26], mat: "plate" },
      ],
    },
    { points: rect(-2.76, 0.5, -2.66, 0.64), z: [-0.84, 0.84], mat: "chrome", detail: true },
  ],
});
// The tail lights sit on the tray, not on the cab.
UTE.anchors.taillight = { point: [-2.68, 1.0, 0.7], normal: [-1, 0, 0.3] };

const VAN = car({
  length: 5.28,
  width: 1.95,
  cabinWidth: 1.9,
  body: [
    [-2.6, 0.4],
    [2.5, 0.4],
    [2.62, 0.62],
    [2.6, 0.96],
    [2.05, 1.16],
    [1.35, 1.96],
    [-2.5, 1.99],
    [-2.64, 1.9],
    [-2.64, 0.6],
  ],
  bodyGlass: [4],
  windows: [
    [
      [1.95, 1.23],
      [1.36, 1.89],
      [0.86, 1.89],
      [0.86, 1.23],
    ],
  ],
  extraDecals: [
    { points: rect(0.7, 0.5, 0.74, 1.88), mat: "accent" },
    { points: rect(-0.6, 1.05, -0.42, 1.1), mat: "dark" },
  ],
  head: {
    points: [
      [2.3, 0.98],
      [2.6, 0.95],
      [2.62, 0.84],
      [2.36, 0.88],
    ],
    mat: "light",
  },
  tail: {
    points: [
      [-2.63, 1.3],
      [-2.5, 1.3],
      [-2.5, 0.9],
      [-2.63, 0.9],
    ],
    mat: "tail",
  },
  wheels: [1.72, -1.55],
  r: 0.36,
  frontFaces: { grille: 1, lights: 2 },
  rearFaces: { lights: 7, plate: 8 },
});

const PEOPLE_MOVER = car({
  length: 5.2,
  width: 1.98,
  cabinWidth: 1.9,
  body: [
    [-2.58, 0.4],
    [2.45, 0.4],
    [2.57, 0.62],
    [2.53, 0.95],
    [1.6, 1.12],
    [0.75, 1.76],
    [-2.3, 1.8],
    [-2.58, 1.7],
    [-2.6, 0.62],
  ],
  bodyGlass: [4],
  windows: [
    [
      [1.5, 1.17],
      [0.76, 1.7],
      [-0.1, 1.71],
      [-0.1, 1.17],
    ],
    [
      [-0.22, 1.17],
      [-0.22, 1.72],
      [-1.3, 1.73],
      [-1.3, 1.17],
    ],
    [
      [-1.42, 1.17],
      [-1.42, 1.73],
      [-2.25, 1.74],
      [-2.45, 1.6],
      [-2.45, 1.18],
    ],
  ],
  head: {
    points: [
      [2.2, 0.97],
      [2.53, 0.94],
      [2.56, 0.83],
      [2.26, 0.87],
    ],
    mat: "light",
  },
  tail: {
    points: [
      [-2.56, 1.6],
      [-2.45, 1.6],
      [-2.45, 1.1],
      [-2.58, 1.1],
    ],
    mat: "tail",
  },
  wheels: [1.55, -1.55],
  r: 0.36,
  frontFaces: { grille: 1, lights: 2 },
  rearFaces: { lights: 7, plate: 8 },
});

interface TruckSpec {
  rearLength: number;
  box: boolean;
  cabHeight: number;
  length: number;
}

function truck(spec: TruckSpec): VehicleShape {
  const cabFront = spec.length / 2;
  const cabBack = cabFront - 2.1;
  const rear = -spec.length / 2;
  const h = spec.cabHeight;
  const r = spec.box ? 0.48 : 0.42;
  const frontWheel = cabFront - 0.75;
  const rearWheel = spec.box ? rear + 2.3 : rear + 1.75;
  const cab: Part = {
    points: [
      [cabBack, 0.6],
      [cabFront - 0.05, 0.6],
      [cabFront, 1.0],
      [cabFront - 0.05, h - 0.2],
      [cabFront - 0.25, h],
      [cabBack, h],
    ],
    z: [-1.0, 1.0],
    mat: "body",
    decals: [
      { points: rect(cabFront - 1.0, h - 0.85, cabFront - 0.12, h - 0.25), mat: "glass" },
      { points: arch(frontWheel, r, r + 0.08, 0.6), mat: "dark" },
      {
        points: [
          [cabFront - 0.25, 0.95],
          [cabFront - 0.03, 0.95],
          [cabFront - 0.03, 0.75],
          [cabFront - 0.25, 0.75],
        ],
        mat: "light",
      },
      { points: rect(cabFront - 1.05, 0.75, cabFront - 1.02, h - 0.2), mat: "accent" },
      { points: rect(cabFront - 1.0, 0.6, cabFront - 0.1, 0.68), mat: "dark" },
    ],
    insets: [
      { edge: 2, t: [0.5, 0.95], z: [-0.92, 0.92], mat: "glass" },
      { edge: 2, t: [0.05, 0.3], z: [-0.5, 0.5], mat: "dark" },
      { edge: 1, t: [0.2, 0.8], z: [0.62, 0.92], mirror: true, mat: "light" },
      { edge: 4, t: [0.1, 0.9], z: [-0.5, 0.5], mat: "accent" },
    ],
  };
  const chassis: Part = { points: rect(rear, 0.55, cabBack + 0.02, 0.82), z: [-0.45, 0.45], mat: "dark" };
  const rearBody: Part = spec.box
    ? {
        points: rect(rear, 0.84, cabBack - 0.12, h + 0.5),
        z: [-1.2, 1.2],
        mat: "white",
        decals: [
          { points: rect(rear + 0.3, h - 0.2, cabBack - 0.45, h + 0.15), mat: "accent" },
          { points: arch(rearWheel, r, r + 0.08, 0.84), mat: "dark" },
        ],
        insets: [{ edge: 3, t: [0.05, 0.95], z: [-0.02, 0.02], mat: "trim" }],
      }
    : {
        points: rect(rear, 0.84, cabBack - 0.12, 1.3),
        z: [-1.02, 1.02],
        mat: "trim",
        decals: [{ points: rect(rear + 0.05, 1.05, cabBack - 0.17, 1.09), mat: "chrome" }],
      };
  const parts: Part[] = [cab, chassis, rearBody];
  if (!spec.box) parts.push({ points: rect(cabBack - 0.26, 1.3, cabBack - 0.12, h - 0.15), z: [-1.0, 1.0], mat: "trim", detail: true });
  parts.push({ points: rect(rear - 0.05, 0.62, rear + 0.05, 0.78), z: [-1.0, 1.0], mat: "tail", detail: true });
  return {
    length: spec.length,
    width: spec.box ? 2.4 : 2.04,
    height: spec.box ? h + 0.5 : h,
    parts,
    wheels: [
      { x: frontWheel, r, z: 0.86, width: 0.26, rim: "white" },
      { x: rearWheel, r, z: 0.76, width: 0.5, rim: "white" },
    ],
    anchors: {
      wheel: { point: [frontWheel, r, 1.0], normal: [0, 0, 1] },
      headlight: { point: [cabFront, 0.85, 0.8], normal: [1, 0, 0.3] },
      taillight: { point: [rear, 0.7, 0.8], normal: [-1, 0, 0.3] },
      roof: { point: [cabFront - 1.0, h, 0], normal: [0, 1, 0] },
      side: { point: [cabFront - 0.6, h - 0.55, 1.0], normal: [0, 0, 1] },
    },
  };
}

const CAB_CHASSIS = truck({ length: 6.0, rearLength: 3.9, box: false, cabHeight: 2.3 });
const LIGHT_TRUCK = truck({ length: 7.6, rearLength: 5.4, box: true, cabHeight: 2.55 });

const MOTORHOME: VehicleShape = {
  length: 7.66,
  width: 2.38,
  height: 3.1,
  parts: [
    {
      points: [
        [1.6, 0.46],
        [3.72, 0.46],
        [3.82, 0.76],
        [3.78, 1.1],
        [3.3, 1.28],
        [2.55, 2.15],
        [1.6, 2.15],
      ],
      z: [-1.0, 1.0],
      mat: "white",
      faceMats: { 4: "glass" },
      decals: [
        {
          points: [
            [3.2, 1.33],
            [2.56, 2.06],
            [2.05, 2.06],
            [2.05, 1.33],
          ],
          mat: "glass",
        },
        { points: arch(2.9, 0.38, 0.44, 0.46), mat: "dark" },
        {
          points: [
            [3.52, 1.08],
            [3.78, 1.06],
            [3.8, 0.95],
            [3.56, 0.98],
          ],
          mat: "light",
        },
      ],
      insets: [
        { edge: 1, t: [0.2, 0.9], z: [-0.45, 0.45], mat: "dark" },
        { edge: 2, t: [0.2, 0.9], z: [0.55, 0.92], mirror: true, mat: "light" },
      ],
    },
    {
      points: [
        [-3.83, 0.55],
        [1.6, 0.55],
        [1.6, 2.15],
        [2.75, 2.2],
        [2.85, 2.75],
        [2.45, 3.05],
        [-3.7, 3.1],
        [-3.83, 2.95],
      ],
      z: [-1.19, 1.19],
      mat: "white",
      decals: [
        { points: rect(-3.8, 1.0, 1.55, 1.12), mat: "body" },
        { points: rect(-3.8, 1.16, 1.55, 1.2), mat: "accent" },
        { points: rect(-2.9, 1.55, -1.7, 2.3), mat: "glass" },
        { points: rect(-0.4, 1.55, 0.8, 2.3), mat: "glass" },
        { points: rect(1.8, 2.4, 2.6, 2.8), mat: "glass" },
        { points: rect(-1.2, 0.62, -0.55, 2.45), mat: "trim" },
        { points: arch(-1.0, 0.38, 0.44, 0.55), mat: "dark" },
      ],
      insets: [{ edge: 7, t: [0.1, 0.35], z: [0.7, 1.05], mirror: true, mat: "tail" }],
    },
  ],
  wheels: [
    { x: 2.9, r: 0.38, z: 0.86, width: 0.24 },
    { x: -1.0, r: 0.38, z: 0.9, width: 0.24 },
  ],
  anchors: {
    wheel: { point: [2.9, 0.38, 1.0], normal: [0, 0, 1] },
    headlight: { point: [3.8, 1.0, 0.75], normal: [1, 0, 0.3] },
    taillight: { point: [-3.83, 1.0, 0.9], normal: [-1, 0, 0.3] },
    roof: { point: [0, 3.1, 0], normal: [0, 1, 0] },
    side: { point: [-0.85, 1.5, 1.19], normal: [0, 0, 1] },
  },
};

const CARAVAN: VehicleShape = {
  length: 7.7,
  width: 2.45,
  height: 2.98,
  parts: [
    {
      points: [
        [-3.6, 0.55],
        [2.6, 0.55],
        [2.75, 0.78],
        [2.85, 2.62],
        [2.55, 2.95],
        [-3.45, 2.98],
        [-3.62, 2.8],
      ],
      z: [-1.22, 1.22],
      mat: "white",
      decals: [
        { points: rect(-3.55, 0.85, 2.7, 1.0), mat: "body" },
        { points: rect(-3.55, 1.04, 2.72, 1.08), mat: "accent" },
        {
          points: [
            [-3.2, 2.55],
            [2.4, 2.55],
            [2.55, 2.7],
            [-3.3, 2.72],
          ],
          mat: "accent",
        },
        { points: rect(-2.8, 1.5, -1.6, 2.3), mat: "glass" },
        { points: rect(0.6, 1.5, 1.9, 2.25), mat: "glass" },
        { points: rect(-1.1, 0.65, -0.45, 2.5), mat: "trim" },
        {
          points: [
            [0.86, 0.55],
            [0.86, 0.8],
            [0.7, 0.86],
            [-0.7, 0.86],
            [-0.86, 0.8],
            [-0.86, 0.55],
          ],
          mat: "dark",
        },
      ],
      insets: [
        { edge: 2, t: [0.35, 0.8], z: [-0.9, 0.9], mat: "glass" },
        { edge: 6, t: [0.55, 0.8], z: [0.75, 1.1], mirror: true, mat: "tail" },
      ],
    },
    {
      points: [
        [2.6, 0.42],
        [4.0, 0.42],
        [4.0, 0.54],
        [2.6, 0.64],
      ],
      z: [-0.28, 0.28],
      mat: "dark",
    },
    { points: rect(2.75, 0.62, 3.35, 1.15), z: [-0.6, 0.6], mat: "trim", detail: true },
    { points: rect(3.5, 0.5, 3.62, 0.95), z: [-0.05, 0.05], mat: "chrome", detail: true },
  ],
  wheels: [
    { x: 0.38, r: 0.36, z: 1.0, width: 0.23 },
    { x: -0.38, r: 0.36, z: 1.0, width: 0.23 },
    { x: 3.56, r: 0.12, z: 0, width: 0.06, single: true, rim: "trim" },
  ],
  anchors: {
    wheel: { point: [0.38, 0.36, 1.22], normal: [0, 0, 1] },
    headlight: { point: [2.85, 1.8, 0], normal: [1, 0, 0] },
    taillight: { point: [-3.62, 0.95, 0.9], normal: [-1, 0, 0.3] },
    roof: { point: [-0.5, 2.98, 0], normal: [0, 1, 0] },
    side: { point: [-0.78, 1.6, 1.22], normal: [0, 0, 1] },
  },
};

const MOTORCYCLE: VehicleShape = {
  length: 2.12,
  width: 0.8,
  height: 1.12,
  parts: [
    {
      points: [
        [-0.74, 0.27],
        [-0.08, 0.42],
        [-0.08, 0.5],
        [-0.74, 0.35],
      ],
      z: [-0.12, 0.12],
      mat: "dark",
    },
    {
      points: [
        [-0.22, 0.34],
        [0.34, 0.34],
        [0.44, 0.74],
        [-0.26, 0.78],
      ],
      z: [-0.19, 0.19],
      mat: "dark",
      decals: [{ points: rect(-0.12, 0.44, 0.28, 0.62), mat: "trim" }],
    },
    {
      points: [
        [-0.72, 0.42],
        [0.08, 0.3],
        [0.12, 0.38],
        [-0.7, 0.53],
      ],
      z: [0.16, 0.27],
      mat: "chrome",
    },
    {
      points: [
        [0.69, 0.28],
        [0.76, 0.31],
        [0.5, 1.02],
        [0.43, 1.0],
      ],
      z: [-0.1, 0.1],
      mat: "chrome",
    },
    {
      points: [
        [-0.98, 0.78],
        [0.38, 0.8],
        [0.5, 0.98],
        [0.2, 1.08],
        [-0.14, 1.02],
        [-0.44, 0.92],
        [-0.88, 0.96],
        [-1.04, 0.93],
      ],
      z: [-0.16, 0.16],
      mat: "body",
      faceMats: { 4: "seat", 5: "seat" },
      decals: [
        {
          points: [
            [-0.14, 0.99],
            [-0.44, 0.9],
            [-0.86, 0.93],
            [-0.86, 0.88],
            [-0.44, 0.86],
            [-0.12, 0.94],
          ],
          mat: "seat",
        },
      ],
    },
    {
      points: [
        [0.56, 0.62],
        [0.96, 0.62],
        [0.93, 0.68],
        [0.59, 0.68],
      ],
      z: [-0.08, 0.08],
      mat: "body",
    },
    {
      points: [
        [0.5, 0.86],
        [0.62, 0.88],
        [0.6, 1.0],
        [0.48, 0.98],
      ],
      z: [-0.08, 0.08],
      mat: "light",
    },
    { points: rect(0.34, 1.05, 0.42, 1.11), z: [-0.38, 0.38], mat: "dark" },
    { points: rect(-1.06, 0.8, -1.0, 0.86), z: [-0.06, 0.06], mat: "tail", detail: true },
  ],
  wheels: [
    { x: 0.72, r: 0.31, z: 0, width: 0.13, single: true },
    { x: -0.72, r: 0.31, z: 0, width: 0.17, single: true },
  ],
  anchors: {
    wheel: { point: [0.72, 0.31, 0.07], normal: [0, 0, 1] },
    headlight: { point: [0.62, 0.94, 0], normal: [1, 0, 0] },
    taillight: { point: [-1.06, 0.83, 0], normal: [-1, 0, 0] },
    roof: { point: [0.1, 1.06, 0], normal: [0, 1, 0] },
    side: { point: [0.1, 0.55, 0.2], normal: [0, 0, 1] },
  },
};

export const SHAPES: Record<BodyFamily, VehicleShape> = {
  sedan: SEDAN,
  hatch: HATCH,
  suv: SUV,
  ute: UTE,
  wagon: WAGON,
  van: VAN,
  peopleMover: PEOPLE_MOVER,
  coupe: COUPE,
  convertible: CONVERTIBLE,
  cabChassis: CAB_CHASSIS,
  lightTruck: LIGHT_TRUCK,
  motorhome: MOTORHOME,
  caravan: CARAVAN,
  motorcycle: MOTORCYCLE,
};
