import { Link, getRouteApi } from '@tanstack/react-router';
import { FilterButtons } from '../../components/FilterButtons';
import { PageHero } from '../../components/PageHero';
import { Pagination } from '../../components/Pagination';
import { usePageMeta } from '../../components/usePageMeta';
import { GalleryCard } from './GalleryCard';
import { galleryFilters, type CategoryFilter } from '../categories';
import { useMatchLang, useTranslator } from '../../i18n/i18n';

const galleryRoutes = { en: getRouteApi('/gallery'), hi: getRouteApi('/hi/gallery') };

const eagerImageCount = 3;

export function GalleryPage() {
  const { t, localPath } = useTranslator();
  const galleryRoute = galleryRoutes[useMatchLang()];
  usePageMeta(t('Gallery'), t('Photos from our health camps, learning centres, tree planting drives and farms in Jharkhand and Bihar.'));
  const { items: shown, total } = galleryRoute.useLoaderData();
  const search = galleryRoute.useSearch();
  const navigate = galleryRoute.useNavigate();
  const filter = (search.category ?? 'all') as CategoryFilter;

  return (
    <>
      <PageHero title={t('Our Impact in Pictures')} eyebrow={t('Gallery')}>
        {t('Moments from health camps, classrooms, planting drives and fields across Jharkhand and Bihar.')}
      </PageHero>

      <section className="section">
        <div className="container">
          <FilterButtons
            label={t('Filter images by program')}
            options={galleryFilters}
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
          <Pagination to="/gallery" search={search} total={total} label={t('Gallery pages')} />
        </div>
      </section>

      <section className="section section-green cta-band" aria-labelledby="gallery-cta">
        <div className="container narrow center">
          <h2 id="gallery-cta">{t('Be part of the next picture')}</h2>
          <p>{t('Every photo here is the work of donors, volunteers and villagers together. Join them.')}</p>
          <div className="button-row">
            <Link to={localPath('/donate')} className="btn btn-accent btn-lg">
              {t('Make a Donation')}
            </Link>
            <Link to={localPath('/contact')} className="btn btn-ghost-light btn-lg">
              {t('Get Involved')}
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
