/** A carousel's next start index: wraps both ways over the positions that still fill the view. */
export function stepCarousel(index: number, direction: 1 | -1, count: number, visible: number): number {
  const positions = Math.max(1, count - Math.max(1, visible) + 1);
  return (((index + direction) % positions) + positions) % positions;
}
