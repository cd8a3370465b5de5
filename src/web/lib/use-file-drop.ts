import { type DragEvent, useState } from "react";

/**
 * What makes an element take dropped files: its drag handlers, and whether files are held over it (to show
 * the zone lit). `onFiles` gets what was dropped.
 */
export function useFileDrop(onFiles: (files: FileList) => void) {
  const [dragging, setDragging] = useState(false);
  const dropProps = {
    onDragOver: (event: DragEvent) => {
      event.preventDefault();
      setDragging(true);
    },
    onDragLeave: () => setDragging(false),
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      setDragging(false);
      onFiles(event.dataTransfer.files);
    },
  };
  return { dragging, dropProps };
}
