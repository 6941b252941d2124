import { getRouteApi } from '@tanstack/react-router';
import { FilterButtons } from '../../components/FilterButtons';
import { CtaBand } from '../../components/CtaBand';
import { InnerPage } from '../../components/InnerPage';
import { pageHero } from '../../components/pageHeroes';
import { Pagination } from '../../components/Pagination';
import { usePageMeta } from '../../components/usePageMeta';
import { GalleryCard } from './GalleryCard';
import { usePrograms } from '../programs/program-list';
import { useTranslator } from '../../i18n/i18n';

const galleryRoute = getRouteApi('/{-$lang}/gallery');

const eagerImageCount = 3;

export function GalleryPage() {
  const { t } = useTranslator();
  usePageMeta(t('Gallery'), t('Photos from our health camps, learning centres, tree planting drives and farms in Jharkhand and Bihar.'));
  const { items: shown, total } = galleryRoute.useLoaderData();
  const search = galleryRoute.useSearch();
  const navigate = galleryRoute.useNavigate();
  const filter = search.category ?? 'all';
  // All Images, then each program by its gallery name.
  const filters = [{ id: 'all', label: t('All Images') }, ...usePrograms().map((program) => ({ id: program.id, label: program.filter }))];

  return (
    <>
      <InnerPage hero={pageHero('gallery', t)}>
        <FilterButtons
          label={t('Filter images by program')}
          options={filters}
          selected={filter}
          onSelect={(id) => navigate({ search: (prev) => ({ ...prev, category: id === 'all' ? undefined : id, page: undefined }) })}
        />

        {shown.length > 0 ? (
          <div className="grid grid-3">
            {shown.map((item, index) => (
              <GalleryCard key={item.id} item={item} priority={index < eagerImageCount} />
            ))}
          </div>
        ) : (
          <div className="empty-state" role="status">
            <h2>{t('No images found')}</h2>
            <p>{t('Try adjusting your filter to see more images.')}</p>
          </div>
        )}
        <Pagination to="/{-$lang}/gallery" search={search} total={total} label={t('Gallery pages')} />
      </InnerPage>

      <CtaBand
        headingId="gallery-cta"
        title={t('Be part of the next picture')}
        actions={[
          { to: '/{-$lang}/donate', label: t('Make a Donation') },
          { to: '/{-$lang}/contact', label: t('Get Involved') },
        ]}
      >
        {t('Every photo here is the work of donors, volunteers and villagers together. Join them.')}
      </CtaBand>
    </>
  );
}
