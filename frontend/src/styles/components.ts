// Every public component's own stylesheet, gathered into the entry's one stylesheet (inlined in
// the page, so the first paint needs nothing but the HTML). The components import theirs too;
// without this, those of split-off routes would arrive with their script. Admin styles stay out.
import.meta.glob(['../components/**/*.css', '../features/**/*.css', '!../features/admin/**'], { eager: true });
