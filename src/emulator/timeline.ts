/** What the emulated carriers' tracking timelines share. */

const SPACING_MS = 15 * 60_000;

/**
 * Planned scans that collide (a late booking on an overnight lane crowds the day) are moved to
 * 15 minutes after the one before, so a timeline always reads in order.
 */
export function keepInOrder(events: { at: Date }[]): void {
  for (let i = 1; i < events.length; i++) {
    const prev = events[i - 1];
    const cur = events[i];
    if (prev && cur && cur.at.getTime() <= prev.at.getTime()) cur.at = new Date(prev.at.getTime() + SPACING_MS);
  }
}
