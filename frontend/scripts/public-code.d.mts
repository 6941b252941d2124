export const compileHint: string;
export function isAdminCode(id: string): boolean;
