export function ciReporters(name: string): { reporters?: string[]; outputFile?: { json: string } };
