import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import { cn } from './cn';

interface DropZoneProps {
  /** Files dropped here; they go the way picked files go (same checks, same upload). */
  onFiles: (files: File[]) => void;
  /** Said while files are dragged over, e.g. "Drop to upload". */
  activeLabel: string;
  disabled?: boolean;
  className?: string;
  children: ReactNode;
}

/** Only a drag that carries files: dragged text or a link is none of this zone's business. */
const carriesFiles = (event: DragEvent) => [...event.dataTransfer.types].includes('Files');

/**
 * A desktop drop target around an upload area. It adds to the file picker, never replaces it: the
 * keyboard and phones keep the button. While files hover, the area is outlined and says what a drop
 * does. Children's own drag events bubble here; the counter keeps the outline while the pointer
 * passes from the area onto a child.
 */
export function DropZone({ onFiles, activeLabel, disabled, className, children }: DropZoneProps) {
  const [over, setOver] = useState(false);
  const depth = useRef(0);

  const leave = () => {
    depth.current = 0;
    setOver(false);
  };

  return (
    <div
      data-drop-zone
      data-drag-over={over || undefined}
      className={cn('relative rounded-lg', over && 'outline-2 outline-offset-4 outline-brand-600 outline-dashed', className)}
      onDragEnter={(event) => {
        if (disabled || !carriesFiles(event)) return;
        event.preventDefault();
        depth.current += 1;
        setOver(true);
      }}
      onDragOver={(event) => {
        if (disabled || !carriesFiles(event)) return;
        // Without this the browser opens the dropped file instead of handing it to the page.
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
      }}
      onDragLeave={() => {
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setOver(false);
      }}
      onDrop={(event) => {
        if (disabled || !carriesFiles(event)) return;
        event.preventDefault();
        leave();
        const files = [...event.dataTransfer.files];
        if (files.length > 0) onFiles(files);
      }}
    >
      {children}
      {over && (
        <div
          aria-hidden
          className="pointer-events-none absolute inset-0 flex items-center justify-center rounded-lg bg-brand-50/90 text-base font-semibold text-brand-900"
        >
          {activeLabel}
        </div>
      )}
    </div>
  );
}
