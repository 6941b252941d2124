import healthImage from '../../assets/program-health.svg';
import educationImage from '../../assets/program-education.svg';
import reforestationImage from '../../assets/program-reforestation.svg';
import farmingImage from '../../assets/program-sustainable-farming.svg';
import womenImage from '../../assets/program-women-empowerment.svg';

/** The spec's pause before scrolling to a program anchor, so the page has settled first. */
export const programScrollDelayMs = 500;

/** The built-in illustrations of the first programs, by id (their texts are content, edited in the admin). */
const programArt: Record<string, string> = {
  health: healthImage,
  education: educationImage,
  reforestation: reforestationImage,
  'sustainable-farming': farmingImage,
  'women-empowerment': womenImage,
};

/** The built-in illustration of a program, for content of that category without an image of its own (none for a program added since). */
export function programArtFor(category: string): string | undefined {
  return Object.hasOwn(programArt, category) ? programArt[category] : undefined;
}
