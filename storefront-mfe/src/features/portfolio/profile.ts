export interface Skill {
  name: string;
  /** Self-assessed, 0-100. */
  level: number;
}

export interface Project {
  name: string;
  summary: string;
  stack: string[];
}

export const PROFILE = {
  name: 'Jordan Ellis',
  role: 'Full-stack web developer',
  location: 'Sheffield, United Kingdom',
  email: 'jordan.ellis@toolshop.example',
  about: [
    'I build web shops and internal tools for manufacturers: fast storefronts, honest checkouts and dashboards that people on the shop floor actually enjoy using.',
    "Before moving into software I spent six years repairing power tools, which is why Toolshop's product pages answer the questions tradespeople really ask.",
  ],
  skills: [
    { name: 'TypeScript & JavaScript', level: 90 },
    { name: 'React & micro-frontends', level: 88 },
    { name: 'Node.js & NestJS', level: 80 },
    { name: 'MongoDB', level: 72 },
    { name: 'Accessibility & web performance', level: 78 },
    { name: 'Testing with Jest & Playwright', level: 82 },
  ] satisfies Skill[],
  projects: [
    {
      name: 'Toolshop',
      summary:
        'This shop: storefront, customer dashboard and admin area composed at run time, card payments and a NestJS API.',
      stack: ['React', 'Module Federation', 'NestJS', 'MongoDB'],
    },
    {
      name: 'Workshop Planner',
      summary:
        'Schedules repair jobs across three service centres and tells customers by text when their tool is ready.',
      stack: ['Next.js', 'PostgreSQL', 'Twilio'],
    },
    {
      name: 'Torque Calculator',
      summary:
        'An offline-first progressive web app that picks the right fastener and driver setting for timber and steel.',
      stack: ['TypeScript', 'Service workers', 'IndexedDB'],
    },
  ] satisfies Project[],
};
