/**
 * Writes the body-type illustrations (spec 000 section 9 lists the body types with images) to
 * public/body-types/: simple side profiles drawn from a few points each, small and consistent.
 *   npx tsx scripts/generate-body-types.ts
 */
import fs from "node:fs";
import path from "node:path";
import { BODY_TYPE_IMAGES } from "../app/domain/bodyTypes";

type Pt = [number, number];
interface Shape {
  body: Pt[];
  windows?: Pt[][];
  wheels: number[];
  wheelR?: number;
  /** Extra drawing (rectangles, details) in raw SVG. */
  extra?: string;
}

const BODY = "#a9b4c0";
const LINE = "#3f4a57";
const GLASS = "#e6edf4";

const sedan: Shape = {
  body: [
    [6, 44],
    [6, 36],
    [14, 33],
    [34, 31],
    [46, 21],
    [74, 20],
    [88, 30],
    [110, 32],
    [114, 37],
    [114, 44],
  ],
  windows: [
    [
      [39, 31],
      [48, 23.5],
      [59, 23.5],
      [59, 31],
    ],
    [
      [62, 31],
      [62, 23.5],
      [73, 23],
      [83, 31],
    ],
  ],
  wheels: [26, 94],
};
const hatch: Shape = {
  body: [
    [8, 44],
    [8, 36],
    [15, 33],
    [32, 31],
    [45, 20],
    [84, 19],
    [102, 28],
    [106, 35],
    [106, 44],
  ],
  windows: [
    [
      [36, 31],
      [47, 22.5],
      [62, 22.5],
      [62, 31],
    ],
    [
      [65, 31],
      [65, 22.5],
      [82, 22],
      [96, 30],
    ],
  ],
  wheels: [27, 88],
};
const wagon: Shape = {
  body: [
    [6, 44],
    [6, 36],
    [14, 33],
    [34, 31],
    [46, 20],
    [104, 20],
    [110, 27],
    [114, 34],
    [114, 44],
  ],
  windows: [
    [
      [39, 31],
      [48, 23],
      [62, 23],
      [62, 31],
    ],
    [
      [65, 31],
      [65, 23],
      [84, 23],
      [84, 31],
    ],
    [
      [87, 31],
      [87, 23],
      [102, 23],
      [107, 31],
    ],
  ],
  wheels: [26, 94],
};
const suv: Shape = {
  body: [
    [6, 44],
    [6, 33],
    [14, 29],
    [32, 27.5],
    [42, 15],
    [102, 15],
    [110, 25],
    [112, 33],
    [112, 44],
  ],
  windows: [
    [
      [36, 27.5],
      [44, 18],
      [60, 18],
      [60, 27.5],
    ],
    [
      [63, 27.5],
      [63, 18],
      [82, 18],
      [82, 27.5],
    ],
    [
      [85, 27.5],
      [85, 18],
      [100, 18],
      [106, 27.5],
    ],
  ],
  wheels: [26, 92],
  wheelR: 8,
};
const ute: Shape = {
  body: [
    [6, 44],
    [6, 33],
    [14, 29.5],
    [30, 28],
    [40, 16],
    [66, 16],
    [69, 28],
    [114, 28],
    [114, 44],
  ],
  windows: [
    [
      [34, 28],
      [42, 18.5],
      [52, 18.5],
      [52, 28],
    ],
    [
      [55, 28],
      [55, 18.5],
      [64, 18.5],
      [66, 28],
    ],
  ],
  wheels: [26, 94],
  wheelR: 8,
  extra: `<path d="M72 28v-3h42v3" fill="none" stroke="${LINE}" stroke-width="1.5"/>`,
};
const van: Shape = {
  body: [
    [6, 44],
    [6, 31],
    [12, 24],
    [26, 12],
    [110, 12],
    [113, 16],
    [113, 44],
  ],
  windows: [
    [
      [15, 25],
      [28, 14.5],
      [40, 14.5],
      [40, 25],
    ],
  ],
  wheels: [26, 94],
  extra: `<path d="M44 14v30M78 14v30" stroke="${LINE}" stroke-width="1" opacity=".6"/>`,
};

const shapes: Record<string, Shape> = {
  sedan,
  hatch,
  hatchback: hatch,
  wagon,
  stationWagon: wagon,
  suv,
  "4x4": {
    ...suv,
    body: [
      [6, 44],
      [6, 32],
      [12, 28],
      [30, 27],
      [38, 14],
      [104, 14],
      [108, 26],
      [108, 44],
    ],
    windows: [
      [
        [34, 27],
        [40, 17],
        [58, 17],
        [58, 27],
      ],
      [
        [61, 27],
        [61, 17],
        [80, 17],
        [80, 27],
      ],
      [
        [83, 27],
        [83, 17],
        [101, 17],
        [103, 27],
      ],
    ],
    extra: `<path d="M44 11h54" stroke="${LINE}" stroke-width="2.5" stroke-linecap="round"/><circle cx="111" cy="32" r="6" fill="#2d3748"/>`,
  },
  ute,
  cabChassis: {
    body: [
      [6, 44],
      [6, 33],
      [12, 29],
      [22, 27.5],
      [30, 15],
      [50, 15],
      [52, 44],
    ],
    windows: [
      [
        [26, 27.5],
        [32, 18],
        [46, 18],
        [47, 27.5],
      ],
    ],
    wheels: [24, 96],
    wheelR: 8,
    extra: `<rect x="55" y="29" width="62" height="6" rx="1" fill="${BODY}" stroke="${LINE}" stroke-width="1.5"/><path d="M52 40h64" stroke="${LINE}" stroke-width="3"/>`,
  },
  van,
  peopleMover: {
    body: [
      [6, 44],
      [6, 32],
      [14, 26],
      [30, 14],
      [104, 14],
      [110, 22],
      [112, 34],
      [112, 44],
    ],
    windows: [
      [
        [22, 26],
        [33, 16.5],
        [52, 16.5],
        [52, 26],
      ],
      [
        [55, 26],
        [55, 16.5],
        [78, 16.5],
        [78, 26],
      ],
      [
        [81, 26],
        [81, 16.5],
        [102, 16.5],
        [107, 26],
      ],
    ],
    wheels: [26, 94],
  },
  bus: {
    body: [
      [4, 44],
      [4, 12],
      [8, 8],
      [112, 8],
      [116, 12],
      [116, 44],
    ],
    windows: [10, 27, 44, 61, 78, 95].map((x): Pt[] => [
      [x, 24],
      [x, 12],
      [x + 14, 12],
      [x + 14, 24],
    ]),
    wheels: [24, 96],
  },
  motorhome: {
    body: [
      [4, 44],
      [4, 31],
      [10, 25],
      [18, 23],
      [22, 8],
      [114, 8],
      [116, 12],
      [116, 44],
    ],
    windows: [
      [
        [8, 30],
        [12, 26],
        [20, 26],
        [20, 30],
      ],
      [
        [40, 24],
        [40, 14],
        [60, 14],
        [60, 24],
      ],
      [
        [86, 24],
        [86, 14],
        [104, 14],
        [104, 24],
      ],
    ],
    wheels: [24, 94],
    extra: `<path d="M68 14h12v30H68z" fill="none" stroke="${LINE}" stroke-width="1.2"/>`,
  },
  lightTruck: {
    body: [
      [6, 44],
      [6, 31],
      [12, 25],
      [20, 23.5],
      [26, 13],
      [42, 13],
      [44, 44],
    ],
    windows: [
      [
        [23, 23.5],
        [28, 15.5],
        [40, 15.5],
        [40, 23.5],
      ],
    ],
    wheels: [24, 98],
    wheelR: 8,
    extra: `<rect x="47" y="8" width="69" height="34" rx="1.5" fill="#c3ccd6" stroke="${LINE}" stroke-width="1.5"/>`,
  },
  convertible: {
    body: [
      [6, 44],
      [6, 36],
      [14, 33],
      [38, 31],
      [46, 23],
      [49, 23],
      [48, 30],
      [92, 30],
      [112, 32],
      [114, 37],
      [114, 44],
    ],
    wheels: [26, 94],
    extra: `<path d="M58 30c2-5 8-6 12-4" fill="none" stroke="${LINE}" stroke-width="1.5"/>`,
  },
  softtop: {
    body: [
      [6, 44],
      [6, 36],
      [14, 33],
      [36, 31],
      [48, 20],
      [66, 19],
      [88, 30],
      [110, 32],
      [114, 37],
      [114, 44],
    ],
    windows: [
      [
        [41, 31],
        [49, 23],
        [62, 22.5],
        [62, 31],
      ],
    ],
    wheels: [26, 94],
    extra: `<path d="M48 20l18-1 22 11" fill="none" stroke="#2d3748" stroke-width="3.5" stroke-linejoin="round"/>`,
  },
  hardtop: {
    body: [
      [6, 44],
      [6, 36],
      [14, 33],
      [36, 31],
      [48, 20],
      [70, 20],
      [90, 31],
      [110, 32],
      [114, 37],
      [114, 44],
    ],
    windows: [
      [
        [41, 31],
        [50, 23],
        [68, 23],
        [82, 31],
      ],
    ],
    wheels: [26, 94],
  },
  coupe: {
    body: [
      [6, 44],
      [6, 37],
      [14, 34],
      [36, 32],
      [52, 22],
      [72, 22],
      [96, 32],
      [110, 33],
      [114, 38],
      [114, 44],
    ],
    windows: [
      [
        [42, 32],
        [53, 24.5],
        [70, 24.5],
        [86, 32],
      ],
    ],
    wheels: [26, 94],
  },
  ev: {
    ...hatch,
    extra: `<path d="M60 4l-7 10h5l-3 8 8-11h-5l3-7z" fill="#2f855a"/>`,
  },
  prestige: {
    body: [
      [4, 44],
      [4, 36],
      [12, 33],
      [38, 31],
      [50, 21],
      [76, 20.5],
      [92, 30],
      [112, 32],
      [116, 37],
      [116, 44],
    ],
    windows: [
      [
        [43, 31],
        [52, 23.5],
        [63, 23.5],
        [63, 31],
      ],
      [
        [66, 31],
        [66, 23.5],
        [75, 23],
        [87, 31],
      ],
    ],
    wheels: [26, 96],
    extra: `<path d="M10 38h102" stroke="#f0f4f8" stroke-width="1.2"/>`,
  },
};

const points = (pts: Pt[]) => pts.map(([x, y]) => `${x},${y}`).join(" ");

function svg(name: string, shape: Shape): string {
  const r = shape.wheelR ?? 7;
  const wheels = shape.wheels
    .map(
      (x) =>
        `<circle cx="${x}" cy="${50 - r}" r="${r + 2}" fill="#fff"/><circle cx="${x}" cy="${50 - r}" r="${r}" fill="#2d3748"/><circle cx="${x}" cy="${50 - r}" r="${r * 0.45}" fill="#cbd5e0"/>`,
    )
    .join("");
  const windows = (shape.windows ?? [])
    .map((w) => `<polygon points="${points(w)}" fill="${GLASS}" stroke="${LINE}" stroke-width="1" stroke-linejoin="round"/>`)
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 56" width="120" height="56" role="img" aria-label="${name}"><ellipse cx="60" cy="51" rx="56" ry="2.5" fill="#000" opacity=".08"/><polygon points="${points(shape.body)}" fill="${BODY}" stroke="${LINE}" stroke-width="1.5" stroke-linejoin="round"/>${windows}${shape.extra ?? ""}${wheels}</svg>\n`;
}

const out = path.join(process.cwd(), "public/body-types");
fs.mkdirSync(out, { recursive: true });
for (const name of BODY_TYPE_IMAGES) {
  const shape = shapes[name];
  if (!shape) throw new Error(`no drawing for body type ${name}`);
  fs.writeFileSync(path.join(out, `${name}.svg`), svg(name, shape));
}
console.log(`${BODY_TYPE_IMAGES.length} body-type images written to public/body-types`);
