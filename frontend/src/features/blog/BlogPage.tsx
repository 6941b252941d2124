import { getRouteApi } from '@tanstack/react-router';
import { useId } from 'react';
import { FilterButtons } from '../../components/FilterButtons';
import { Form } from '../../components/Form';
import { Icon } from '../../components/Icon';
import { InnerPage } from '../../components/InnerPage';
import { pageHero } from '../../components/pageHeroes';
import { Pagination } from '../../components/Pagination';
import { usePageMeta } from '../../components/usePageMeta';
import { useSearchText } from '../listing/useSearchText';
import { BlogCard } from './BlogCard';
import { usePrograms } from '../programs/program-list';
import { useTranslator } from '../../i18n/i18n';
import './BlogPage.css';

const blogRoute = getRouteApi('/{-$lang}/blog/');

/** Cards in the first screen load their images eagerly. */
const eagerImageCount = 3;

export function BlogPage() {
  const { t } = useTranslator();
  usePageMeta(t('Blog & News'), t('Stories and news from our clean water, education, reforestation and farming programs.'));
  const { items: posts, total } = blogRoute.useLoaderData();
  const search = blogRoute.useSearch();
  const navigate = blogRoute.useNavigate();
  const category = search.category ?? 'all';
  // All, then each program by its tag.
  const filters = [{ id: 'all', label: t('All') }, ...usePrograms().map((program) => ({ id: program.id, label: program.tag }))];
  // Typing refines the current entry of the history; a category or a page is a new one.
  const searchText = useSearchText(search.q ?? '', (text) =>
    navigate({ search: (prev) => ({ ...prev, q: text.trim() ? text : undefined, page: undefined }), replace: true }),
  );
  const searchId = useId();

  return (
    <InnerPage hero={pageHero('blog', t)}>
      <div className="blog-toolbar">
        {/* Without the script, Enter asks the server for /blog?q=… */}
        <Form form={searchText.form} method="get" className="search-field" role="search" onSubmit={searchText.flush}>
          <label htmlFor={searchId} className="visually-hidden">
            {t('Search posts')}
          </label>
          <Icon name="search" size={20} />
          <input
            id={searchId}
            className="input"
            type="search"
            placeholder={t('Search posts...')}
            {...searchText.form.field('q')}
            onChange={(event) => searchText.change(event.target.value)}
          />
        </Form>
        <FilterButtons
          label={t('Filter posts by category')}
          options={filters}
          selected={category}
          onSelect={(id) => navigate({ search: (prev) => ({ ...prev, category: id === 'all' ? undefined : id, page: undefined }) })}
        />
      </div>

      {posts.length > 0 ? (
        <div className="grid grid-3">
          {posts.map((post, index) => (
            <BlogCard key={post.id} post={post} priority={index < eagerImageCount} />
          ))}
        </div>
      ) : (
        <div className="empty-state" role="status">
          <h2>{t('No posts found')}</h2>
          <p>{t('Try adjusting the search term or category filter')}</p>
        </div>
      )}
      <Pagination to="/{-$lang}/blog" search={search} total={total} label={t('Blog pages')} />
    </InnerPage>
  );
}
