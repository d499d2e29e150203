import { findCategory } from '@taxli/domain';

/**
 * Names a person gave their files, made safe for the expert's computer (issue 27): an archive entry
 * or a download name is one name, never a path, on Windows, macOS and Linux alike.
 */

/** Characters long enough for any document name, short enough for Windows' 260-character paths with a folder. */
export const MAX_NAME_CHARACTERS = 120;
/** The extension kept when a name is shortened ('.pdf', '.docx'); a longer "extension" is just text. */
const MAX_EXTENSION_CHARACTERS = 10;

/**
 * What no common file system takes in a name or what would mislead in one: control characters
 * (C0, DEL, C1), path separators, Windows' reserved characters, and the bidirectional controls that
 * make 'invoice‮fdp.exe' read as '…exe.pdf'.
 */
// eslint-disable-next-line no-control-regex -- control characters are what this rule looks for
const UNSAFE = /[\u0000-\u001f\u007f-\u009f/\\:*?"<>|\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
/** Windows' device names, which it will not create as files whatever the extension. */
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$/i;

/** The last extension of a name ('report.final.pdf' → '.pdf'), when it is short enough to be one. */
function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return '';
  const extension = name.slice(dot);
  return [...extension].length <= MAX_EXTENSION_CHARACTERS ? extension : '';
}

/** At most `max` characters (code points, so no character is cut in half), the extension kept. */
function shorten(name: string, max: number): string {
  const characters = [...name];
  if (characters.length <= max) return name;
  const extension = [...extensionOf(name)];
  const stem = characters.slice(0, characters.length - extension.length);
  return `${cutStem(stem, max - extension.length)}${extension.join('')}`;
}

/** The first `room` characters of a name's stem, without the dots and spaces Windows would drop at its end. */
function cutStem(stem: string[], room: number): string {
  return stem.slice(0, Math.max(room, 1)).join('').replace(/[. ]+$/, '');
}

/**
 * One safe name: unsafe characters become '_', leading dots go (no hidden file, no '..'), trailing
 * dots and spaces go (Windows drops them), a device name gets a '_' before it, and the length is
 * bounded. `fallback` when nothing is left.
 */
export function safeName(raw: string, fallback: string, max = MAX_NAME_CHARACTERS): string {
  let name = raw.normalize('NFC').replace(UNSAFE, '_').trim().replace(/^\.+/, '').replace(/[. ]+$/, '');
  if (name === '' || /^_*$/.test(name)) name = fallback;
  if (WINDOWS_DEVICE.test(name)) name = `_${name}`;
  return shorten(name, max);
}

/** A category's folder: its id on two digits and its English name, '05 Salary Statement', '26 Spouse - bank documents'. */
export function categoryFolder(categoryId: number): string {
  const name = findCategory(categoryId)?.name ?? 'Other documents';
  return `${String(categoryId).padStart(2, '0')} ${safeName(name.replace(/\s*:\s*/g, ' - '), 'Documents')}`;
}

/** 'statement.pdf' as version 2: 'statement (v2).pdf'. */
export function withSuffix(name: string, suffix: string): string {
  const extension = extensionOf(name);
  const stem = [...name.slice(0, name.length - extension.length)];
  return `${cutStem(stem, MAX_NAME_CHARACTERS - [...suffix].length - [...extension].length)}${suffix}${extension}`;
}

/**
 * The names already given in one folder, compared as Windows and macOS compare them (case and
 * Unicode form ignored): a name taken again gets ' (2)', ' (3)', … before its extension.
 */
export function uniqueNamesIn(): (name: string) => string {
  const taken = new Set<string>();
  const key = (name: string) => name.normalize('NFC').toLocaleLowerCase('en');
  return (name) => {
    let candidate = name;
    for (let n = 2; taken.has(key(candidate)); n++) candidate = withSuffix(name, ` (${n})`);
    taken.add(key(candidate));
    return candidate;
  };
}
