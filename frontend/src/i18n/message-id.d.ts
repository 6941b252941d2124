export function messageId(text: string): string;
