/**
 * "Transmit Files Enabled" (part 1 §4): said on the dashboard, where Mark as Transmitted is, after
 * the person finished the year's Advanced Tax Information section on its own page. The two pages
 * are never on screen together, so the section leaves the news here and the dashboard takes it
 * once, when it shows that year and the server agrees transmitting is open.
 */
const announced = new Set<number>();

export function announceTransmitEnabled(taxYear: number): void {
  announced.add(taxYear);
}

/** The section was reopened before the dashboard was seen: nothing to announce. */
export function withdrawTransmitAnnouncement(taxYear: number): void {
  announced.delete(taxYear);
}

/** True once for a year announced and not withdrawn; the announcement is then gone. */
export function takeTransmitAnnouncement(taxYear: number): boolean {
  return announced.delete(taxYear);
}
