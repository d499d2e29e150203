/**
 * What a document request's note is sealed for (storage/sealed-text.ts): its own purpose, so a note's
 * sealed text cannot be opened as a message or an AHV number. The code that writes requests and every
 * reader of them use this one constant.
 */
export const DOCUMENT_REQUEST_NOTE_SEAL = 'document_request.note';
