// The text of a PDF as a reader's copy-and-paste would give it, one string per line of the page,
// so a test checks what the document says rather than its bytes (the backend's own reader).
export { pdfText } from '../src/features/compliance/pdf-text.js';
