import type { TSlide } from './schema.ts';

/**
 * The exercise of an interactive slide as the player shows it (and the API sends it); null for a
 * text slide. Optional fields become null, so the answer has one shape for JSON and OpenAPI.
 */
export function exerciseOf(slide: TSlide) {
  switch (slide.type) {
    case 'scenario':
      return { type: slide.type, prompt: slide.prompt, choices: slide.choices };
    case 'spot-the-signs':
      return {
        type: slide.type,
        mock: {
          kind: slide.mock.kind,
          parts: slide.mock.parts.map((part) => ({ ...part, target: part.target ?? null, sign: part.sign ?? null })),
        },
        signs: slide.signs,
      };
    case 'sort':
      return { type: slide.type, groups: slide.groups, items: slide.items };
    default:
      return null;
  }
}
