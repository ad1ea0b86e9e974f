/**
 * The element tree satori lays out: plain `{ type, props }` objects, so the templates need no JSX
 * toolchain. Only the CSS subset satori supports (flexbox, absolute positioning, borders).
 */
export type TStyle = Record<string, string | number>;
export type TChild = TNode | string;
export interface TNode {
  type: 'div';
  props: { style: TStyle; children?: TChild | TChild[] };
}

export const h = (style: TStyle, ...children: TChild[]): TNode => ({
  type: 'div',
  props: { style: { display: 'flex', ...style }, children: children.length === 1 ? children[0] : children },
});

/** A4 landscape in PostScript points; satori's pixels map 1:1 onto PDF points. */
export const PAGE = { width: 842, height: 595 } as const;
export const MARGIN = { x: 56, top: 46, bottom: 42 } as const;
/** Where the QR code goes; the templates leave this square empty and the renderer draws into it. */
export const QR_BOX = { size: 84, x: PAGE.width - MARGIN.x - 84, y: PAGE.height - MARGIN.bottom - 84 } as const;

export const COLOR = {
  ink: '#10263b',
  blue: '#0b4f8a',
  muted: '#4a5563',
  line: '#c9ced6',
  soft: '#e8eef5',
} as const;

export const FONT = {
  sans: { fontFamily: 'plex-sans', fontWeight: 400 },
  sansBold: { fontFamily: 'plex-sans-semibold', fontWeight: 600 },
  serif: { fontFamily: 'plex-serif-semibold', fontWeight: 600 },
} as const;
