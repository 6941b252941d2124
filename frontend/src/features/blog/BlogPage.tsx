import { getRouteApi } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { FilterButtons } from '../../components/FilterButtons';
import { Icon } from '../../components/Icon';
import { PageHero } from '../../components/PageHero';
import { usePageMeta } from '../../components/usePageMeta';
import { BlogCard } from './BlogCard';
import { blogCategoryFilters, filterPosts, type BlogCategoryFilter } from './display';

const blogRoute = getRouteApi('/blog/');

/** Cards in the first screen load their images eagerly. */
const eagerImageCount = 3;

export function BlogPage() {
  usePageMeta('Blog & News', 'Stories and news from our clean water, education, reforestation and farming programs.');
  const posts = blogRoute.useLoaderData();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<BlogCategoryFilter>('all');
  const searchId = useId();
  const shown = filterPosts(posts, search, category);

  return (
    <>
      <PageHero title="Blog & News" eyebrow="Stories from the field">
        News, stories and lessons learned from the villages we work with.
      </PageHero>
      <section className="section">
        <div className="container">
          <div className="blog-toolbar">
            <div className="search-field">
              <label htmlFor={searchId} className="visually-hidden">
                Search posts
              </label>
              <Icon name="search" size={20} />
              <input
                id={searchId}
                className="input"
                type="search"
                placeholder="Search posts..."
                value={search}
                onChange={(event) => setSearch(event.target.value)}
              />
            </div>
            <FilterButtons label="Filter posts by category" options={blogCategoryFilters} selected={category} onSelect={setCategory} />
          </div>

          {shown.length > 0 ? (
            <div className="grid grid-3">
              {shown.map((post, index) => (
                <BlogCard key={post.id} post={post} priority={index < eagerImageCount} />
              ))}
            </div>
          ) : (
            <div className="empty-state" role="status">
              <h2>No posts found</h2>
              <p>Try adjusting the search term or category filter</p>
            </div>
          )}
        </div>
      </section>
    </>
  );
}
