import type { NewTool } from '@toolshop/contracts';

/** Catalog of the embedded demo shop; `image` is a file in api/assets/tools; every product has a SKU. */
export const SEED_TOOLS: (Omit<NewTool, 'img' | 'sku'> & { image: string; sku: string })[] = [
  {
    name: 'Cordless Drill Driver 18V',
    sku: 'DRL-18V',
    image: 'cordless-drill.webp',
    category: 'Drills',
    shortDescription:
      'Two-speed brushless drill driver with 60 Nm torque, 13 mm metal chuck and LED work light.',
    minOrder: 10,
    available: 480,
    price: 129,
    priceTiers: [
      { minQuantity: 50, price: 119 },
      { minQuantity: 200, price: 109 },
    ],
  },
  {
    name: 'Impact Driver 20V',
    sku: 'IMP-20V',
    image: 'impact-driver.webp',
    category: 'Fastening',
    shortDescription:
      'Compact 1/4" hex impact driver, 180 Nm, three speed modes for decking and framing screws.',
    minOrder: 10,
    available: 350,
    price: 149,
  },
  {
    name: 'Angle Grinder 125 mm',
    sku: 'AGR-125',
    image: 'angle-grinder.webp',
    category: 'Grinders',
    shortDescription:
      '1100 W grinder with anti-kickback clutch, tool-free guard and soft start for cutting and grinding.',
    minOrder: 20,
    available: 620,
    price: 89,
  },
  {
    name: 'Circular Saw 185 mm',
    sku: 'CSW-185',
    image: 'circular-saw.webp',
    category: 'Saws',
    shortDescription:
      '1400 W saw with 65 mm cutting depth, 0-56° bevel and dust port; carbide blade included.',
    minOrder: 5,
    available: 240,
    price: 179,
  },
  {
    name: 'Rotary Hammer SDS-Plus',
    sku: 'RHM-SDS',
    image: 'rotary-hammer.webp',
    category: 'Drills',
    shortDescription:
      '800 W, 2.7 J impact energy, three modes (drill, hammer drill, chisel) for concrete and masonry.',
    minOrder: 5,
    available: 190,
    price: 219,
  },
  {
    name: 'Jigsaw Pro 650 W',
    sku: 'JSW-650',
    image: 'jigsaw.webp',
    category: 'Saws',
    shortDescription:
      'Four-stage pendulum action, variable speed and tool-free blade change for curves in wood and metal.',
    minOrder: 10,
    available: 410,
    price: 99,
  },
  {
    name: 'Random Orbit Sander 125 mm',
    sku: 'ROS-125',
    image: 'orbit-sander.webp',
    category: 'Sanders',
    shortDescription:
      '350 W sander with 2.5 mm orbit, hook-and-loop pad and micro-filter dust box for a swirl-free finish.',
    minOrder: 15,
    available: 560,
    price: 69,
  },
  {
    name: 'Reciprocating Saw 18V',
    sku: 'RSW-18V',
    image: 'reciprocating-saw.webp',
    category: 'Saws',
    shortDescription:
      'Brushless demolition saw, 28 mm stroke, orbital mode and keyless blade clamp for pipe and timber.',
    minOrder: 5,
    available: 275,
    price: 159,
  },
  {
    name: 'Jigsaw Blade Set T-Shank',
    sku: 'JBL-TSH',
    image: 'jigsaw.webp',
    category: 'Accessories',
    shortDescription:
      'T-shank jigsaw blades for wood, metal and curve cuts, HCS and bi-metal; priced per blade, packed in boxes of 5.',
    minOrder: 10,
    packSize: 5,
    available: 600,
    price: 12,
  },
];

export const SEED_REVIEWS = [
  {
    email: 'maria.lopez@example.com',
    customerName: 'Maria Lopez',
    rating: 5,
    opinion:
      'Ordered 40 drill drivers for our crew. Delivered on time, batteries last a full shift.',
  },
  {
    email: 'tom.becker@example.com',
    customerName: 'Tom Becker',
    rating: 4,
    opinion:
      'The rotary hammer chews through concrete. A bit heavy overhead, but worth every dollar.',
  },
  {
    email: 'aisha.khan@example.com',
    customerName: 'Aisha Khan',
    rating: 5,
    opinion:
      'Great wholesale prices on grinders and quick answers from support about spare guards.',
  },
  {
    email: 'li.wei@example.com',
    customerName: 'Li Wei',
    rating: 4,
    opinion: 'Circular saws cut clean and straight. I would love a rail accessory in the catalog.',
  },
  {
    email: 'james.oconnor@example.com',
    customerName: "James O'Connor",
    rating: 5,
    opinion: 'Our workshop switched to these sanders: far less dust and no swirl marks on oak.',
  },
  {
    email: 'sofia.rossi@example.com',
    customerName: 'Sofia Rossi',
    rating: 3,
    opinion:
      'Solid jigsaws. Shipping took a week longer than promised, but the tools are excellent.',
  },
];

/** The demo customer's saved list (by product name): a pack product and the tiered drill among them. */
export const SEED_SAVED_LIST = {
  name: 'Monthly consumables',
  lines: [
    { product: 'Jigsaw Blade Set T-Shank', quantity: 20 },
    { product: 'Cordless Drill Driver 18V', quantity: 50 },
    { product: 'Random Orbit Sander 125 mm', quantity: 15 },
    { product: 'Angle Grinder 125 mm', quantity: 20 },
  ],
};
