/** How many posts or pictures one page of the public blog and gallery lists. */
export const listPageSize = 12;

/** Where the site's RSS feed is answered; every page links to it. */
export const feedPath = '/feed.xml';
