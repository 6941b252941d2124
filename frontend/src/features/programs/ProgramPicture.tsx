import type { PageViews } from '@ngo-site/shared';
import fallbackArt from '../../assets/gallery-fallback.svg';
import { ApiImage } from '../../components/ApiImage';
import { programArtFor } from './programs';

type Program = Pick<PageViews['programs']['items'][number], 'id' | 'picture'>;

/**
 * A program's picture, beside its name (so it says nothing more to a screen reader): the one
 * chosen in the admin, or else its built-in illustration, or a generic one for a program added since.
 */
export function ProgramPicture({ program, sizes, priority = false }: { program: Program; sizes: string; priority?: boolean }) {
  if (program.picture) return <ApiImage imageUrl={program.picture} alt="" sizes={sizes} width="800" height="600" priority={priority} />;
  return <img src={programArtFor(program.id) ?? fallbackArt} alt="" width="800" height="600" loading={priority ? 'eager' : 'lazy'} decoding="async" />;
}
