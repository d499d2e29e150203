/**
 * What a document request's note is sealed for (storage/sealed-text.ts): its own purpose, so a note
 * cannot be passed off as a message or an AHV number. Everyone who seals or opens notes uses this.
 */
export const DOCUMENT_REQUEST_NOTE_SEAL = 'document_request.note';
