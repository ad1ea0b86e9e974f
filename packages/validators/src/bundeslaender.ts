/** The German states, as feiertagejs names them; a company's state adds its own holidays (ADR 033). */
export const BUNDESLAENDER = [
  'BW',
  'BY',
  'BE',
  'BB',
  'HB',
  'HH',
  'HE',
  'MV',
  'NI',
  'NW',
  'RP',
  'SL',
  'SN',
  'ST',
  'SH',
  'TH',
] as const;
export type TBundesland = (typeof BUNDESLAENDER)[number];

export const isBundesland = (value: string | null | undefined): value is TBundesland =>
  typeof value === 'string' && (BUNDESLAENDER as readonly string[]).includes(value);
