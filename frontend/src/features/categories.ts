// Only the admin's category selects and lists still read this (until they move to the programs
// list of the Programs page); the public pages name categories by their program (program-list.ts).

const adminNames: Record<string, string> = {
  health: 'Clean Water',
  education: 'Education',
  reforestation: 'Reforestation',
  'sustainable-farming': 'Sustainable Farming',
  'women-empowerment': 'Women Empowerment',
};

/** The first programs' ids, in their order. */
export const categories = Object.keys(adminNames);

/** How a category reads in the admin area; an unknown one as it is. */
export const adminCategoryLabel = (category: string): string => (Object.hasOwn(adminNames, category) ? adminNames[category]! : category);
