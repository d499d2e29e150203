import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DropZone } from './drop-zone';

/** What a browser's drag carries, as far as the zone reads it. */
const dragOf = (files: File[], types = ['Files']) => ({ dataTransfer: { files, types, dropEffect: 'none' } });

function renderZone(disabled = false) {
  const onFiles = vi.fn();
  render(
    <DropZone onFiles={onFiles} activeLabel="Drop files to upload" disabled={disabled}>
      <button type="button">Upload files</button>
    </DropZone>,
  );
  const zone = screen.getByRole('button', { name: 'Upload files' }).parentElement!;
  return { zone, onFiles };
}

describe('drop zone', () => {
  it('says what a drop does while files hover, also over its children, and forgets it when they leave', () => {
    const { zone } = renderZone();
    const pdf = new File(['%PDF'], 'a.pdf', { type: 'application/pdf' });
    fireEvent.dragEnter(zone, dragOf([pdf]));
    expect(screen.getByText('Drop files to upload')).toBeInTheDocument();
    expect(zone).toHaveAttribute('data-drag-over', 'true');
    // Onto the button inside: one more enter, then the zone's own leave; still over the zone.
    fireEvent.dragEnter(screen.getByRole('button'), dragOf([pdf]));
    fireEvent.dragLeave(zone, dragOf([pdf]));
    expect(screen.getByText('Drop files to upload')).toBeInTheDocument();
    fireEvent.dragLeave(screen.getByRole('button'), dragOf([pdf]));
    expect(screen.queryByText('Drop files to upload')).not.toBeInTheDocument();
    expect(zone).not.toHaveAttribute('data-drag-over');
  });

  it('hands over the dropped files, in order, and lets the browser not open them', () => {
    const { zone, onFiles } = renderZone();
    const files = [new File(['%PDF'], 'a.pdf'), new File(['x'], 'b.png')];
    fireEvent.dragEnter(zone, dragOf(files));
    const over = fireEvent.dragOver(zone, dragOf(files));
    expect(over).toBe(false); // default prevented: a drop is allowed here
    const dropped = fireEvent.drop(zone, dragOf(files));
    expect(dropped).toBe(false);
    expect(onFiles).toHaveBeenCalledWith(files);
    expect(screen.queryByText('Drop files to upload')).not.toBeInTheDocument();
  });

  it('ignores a drag without files (text, a link)', () => {
    const text = renderZone();
    fireEvent.dragEnter(text.zone, dragOf([], ['text/plain']));
    expect(screen.queryByText('Drop files to upload')).not.toBeInTheDocument();
    expect(fireEvent.drop(text.zone, dragOf([], ['text/plain']))).toBe(true);
    expect(text.onFiles).not.toHaveBeenCalled();
  });

  it('takes nothing while disabled', () => {
    const off = renderZone(true);
    const file = new File(['%PDF'], 'a.pdf');
    fireEvent.dragEnter(off.zone, dragOf([file]));
    expect(screen.queryByText('Drop files to upload')).not.toBeInTheDocument();
    fireEvent.drop(off.zone, dragOf([file]));
    expect(off.onFiles).not.toHaveBeenCalled();
  });
});
