export const compileHint: string;
export function isAdminCode(id: string): boolean;
export const homeRouteModules: { en: RegExp[]; hi: RegExp[] };
