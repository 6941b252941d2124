export const galleryFallbacks = { title: 'Untitled', caption: 'No description' } as const;
