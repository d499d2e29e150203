import type { FileRecord } from '@taxli/domain';

export interface DayGroup {
  /** yyyy-mm-dd of the upload, local time. */
  day: string;
  date: Date;
  files: FileRecord[];
}

/** Files grouped by upload day, newest day first, newest file first within a day (part 2 §2). */
export function groupByUploadDay(files: FileRecord[]): DayGroup[] {
  const groups = new Map<string, DayGroup>();
  for (const file of [...files].sort((a, b) => b.uploadedAt.localeCompare(a.uploadedAt))) {
    const date = new Date(file.uploadedAt);
    const day = `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
    const group = groups.get(day) ?? { day, date, files: [] };
    group.files.push(file);
    groups.set(day, group);
  }
  return [...groups.values()];
}
