import healthImage from '../../assets/program-health.svg';
import educationImage from '../../assets/program-education.svg';
import reforestationImage from '../../assets/program-reforestation.svg';
import farmingImage from '../../assets/program-sustainable-farming.svg';
import womenImage from '../../assets/program-women-empowerment.svg';
import type { MessageKey } from '../../i18n/i18n';

/** The spec's pause before scrolling to a program anchor, so the page has settled first. */
export const programScrollDelayMs = 500;

export interface ProgramStat {
  label: MessageKey;
  /** As written in English ("100,000 plants"); hi.json gives the Indian grouping ("1,00,000 पौधे"). */
  value: MessageKey;
}

export interface Program {
  /** Also the anchor on /programs (`/programs#health`). */
  id: 'health' | 'education' | 'reforestation' | 'sustainable-farming' | 'women-empowerment';
  title: MessageKey;
  description: MessageKey;
  longDescription: MessageKey;
  imageUrl: string;
  stats: ProgramStat[];
}

export const programs: Program[] = [
  {
    id: 'health',
    title: 'Clean Water Initiative',
    description: 'Safe drinking water, hygiene awareness and health camps for villages that walk miles for water.',
    longDescription:
      'Many villages in Jharkhand and Bihar still depend on open wells and seasonal streams. We repair and install hand pumps, build rainwater harvesting structures and train local water committees to test and look after their own sources. Alongside the water work, our health and blood donation camps bring doctors, check-ups and awareness on hygiene and sanitation to communities far from the nearest clinic.',
    imageUrl: healthImage,
    stats: [
      { label: 'Water projects completed', value: '5' },
      { label: 'Health & blood donation camps', value: '18' },
      { label: 'Families with safe water', value: '1,200' },
    ],
  },
  {
    id: 'education',
    title: 'Education for All',
    description: 'Learning centres, school kits and scholarships so that every child can stay in school.',
    longDescription:
      'Our community learning centres give children from farming and tribal families a quiet place to study after school, with trained local tutors, books and digital lessons. We supply school kits, support girls with scholarships so they can continue into secondary school, and run evening literacy classes for adults who never had the chance to learn to read.',
    imageUrl: educationImage,
    stats: [
      { label: 'Children in learning centres', value: '650' },
      { label: 'Scholarships for girls', value: '85' },
      { label: 'Adults in literacy classes', value: '210' },
    ],
  },
  {
    id: 'reforestation',
    title: 'Reforestation Project',
    description: 'Native trees, community nurseries and protected commons to bring back forests and soil.',
    longDescription:
      'Together with village forest committees we raise native saplings in community nurseries, plant them on degraded commons and school grounds, and look after them for three years so that they survive. Each planting drive doubles as a lesson on why forests matter for rain, soil and livelihoods, and the nurseries give local youth a steady income.',
    imageUrl: reforestationImage,
    stats: [
      { label: 'Tree target this financial year', value: '100,000 plants' },
      { label: 'Community nurseries', value: '12' },
      { label: 'Sapling survival rate', value: '82%' },
    ],
  },
  {
    id: 'sustainable-farming',
    title: 'Sustainable Farming',
    description: 'Training smallholder farmers in organic methods, water saving and crop diversity.',
    longDescription:
      'Smallholder farmers face shrinking yields and rising costs. Our sustainability trainings teach organic composting, seed saving, drip irrigation and mixed cropping on demonstration plots run by farmers themselves. We connect farmer groups with fair markets and help them set up seed banks, so that good harvests do not depend on expensive inputs.',
    imageUrl: farmingImage,
    stats: [
      { label: 'Farmers trained', value: '940' },
      { label: 'Demonstration plots', value: '36' },
      { label: 'Village seed banks', value: '9' },
    ],
  },
];

/** Women empowerment runs through every program rather than standing on its own. */
export const womenEmpowerment: { id: 'women-empowerment'; title: MessageKey; description: MessageKey; imageUrl: string } = {
  id: 'women-empowerment',
  title: 'Women Empowerment',
  description:
    'Self-help groups, skills training and small loans help women start their own businesses and take a leading voice in village decisions. Women lead our water committees, run the tree nurseries and teach in the learning centres.',
  imageUrl: womenImage,
};

/** The illustration of a program, for content of that category that has no image of its own. */
export function programArtFor(category: string): string | undefined {
  if (category === womenEmpowerment.id) return womenEmpowerment.imageUrl;
  return programs.find((program) => program.id === category)?.imageUrl;
}
