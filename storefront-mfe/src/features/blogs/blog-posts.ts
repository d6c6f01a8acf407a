export interface BlogPost {
  id: string;
  topic: string;
  question: string;
  answer: string[];
}

/** The six Q&A cards of /blogs: the questions our support line hears most. */
export const BLOG_POSTS: BlogPost[] = [
  {
    id: 'brushless',
    topic: 'Motors',
    question: 'Brushless or brushed motor: is brushless worth the extra money?',
    answer: [
      'A brushed motor passes current to its spinning part through carbon brushes that rub, heat up and wear out. A brushless motor switches its windings electronically instead, so nothing rubs.',
      'The result is more run time from the same battery, more power under load, a cooler and more compact tool and no brushes to replace. If a tool works every day on site, brushless pays for itself; for a drill that comes out a few times a year, a brushed model is perfectly good.',
    ],
  },
  {
    id: 'volts-amp-hours',
    topic: 'Batteries',
    question: 'What do the volts and amp-hours on a battery actually mean?',
    answer: [
      'Volts describe the power class of the platform: 12 V tools are light and compact for fitting and assembly, 18 V (sold as "20 V max" in some markets, the same cells) covers almost everything on site, and 36 V or more drives mitre saws and big grinders.',
      'Amp-hours (Ah) describe the fuel tank. A 5.0 Ah pack runs roughly twice as long as a 2.5 Ah pack but is heavier. Multiply the two for watt-hours, the honest way to compare packs: 18 V × 5 Ah = 90 Wh.',
    ],
  },
  {
    id: 'drill-driver',
    topic: 'Choosing a tool',
    question: 'Drill, hammer drill or impact driver: which one do I need?',
    answer: [
      'A drill/driver drills wood and metal and drives screws with a clutch that stops before the screw head sinks too deep: the one tool every kit starts with.',
      'A hammer drill adds a rapid forward blow for brick and block; for regular concrete work move up to an SDS rotary hammer. An impact driver delivers short rotational impacts that sink long screws and coach bolts without twisting your wrist. Most trades carry a drill/driver and an impact driver as a pair.',
    ],
  },
  {
    id: 'battery-care',
    topic: 'Batteries',
    question: 'How do I make lithium-ion batteries last longer?',
    answer: [
      'Heat is the enemy. Do not leave packs on a van dashboard in summer, and let a hot pack cool down before charging it. Lithium-ion has no memory effect, so topping up a half-full pack does no harm.',
      "For storage of more than a few weeks, leave packs at about half charge in a cool, dry place, and only use the charger made for the platform: it watches each cell's temperature and voltage.",
    ],
  },
  {
    id: 'saw-blades',
    topic: 'Accessories',
    question: 'How many teeth should my circular saw blade have?',
    answer: [
      'Fewer teeth cut faster, more teeth cut cleaner. A 24-tooth blade rips along the grain and handles framing timber quickly; a 40-tooth blade is the all-rounder; 60 teeth and more give splinter-free crosscuts in plywood, laminate and trim.',
      "Always match the blade's bore to the saw's arbor and check that its maximum speed is above the saw's. On cordless saws, a thin-kerf blade removes less material and gives noticeably more cuts per charge.",
    ],
  },
  {
    id: 'grinder-safety',
    topic: 'Safety',
    question: 'What do I need to use an angle grinder safely?',
    answer: [
      'Wear safety glasses or a face shield, hearing protection and gloves, and add a dust mask rated for silica when cutting stone or concrete. Keep the guard on and use the side handle: a grinder that kicks back is hard to hold with one hand.',
      "Use discs rated for at least the grinder's speed, never grind with the face of a thin cutting disc, and let the disc reach full speed before it touches the work. Unplug the tool or remove the battery before changing a disc.",
    ],
  },
];
