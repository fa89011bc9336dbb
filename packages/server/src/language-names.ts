// biome-ignore format: a lookup table reads best as a table
/** Display names of the languages the listings show. */
export const LANGUAGE_NAMES: Readonly<Record<string, string>> = {
  AR: 'Arabic', BG: 'Bulgarian', CS: 'Czech', DA: 'Danish', DE: 'German', EL: 'Greek',
  EN: 'English', 'EN-GB': 'English (British)', 'EN-US': 'English (American)', ES: 'Spanish',
  'ES-419': 'Spanish (Latin American)', ET: 'Estonian', FI: 'Finnish', FR: 'French',
  HE: 'Hebrew', HU: 'Hungarian', ID: 'Indonesian', IT: 'Italian', JA: 'Japanese',
  KO: 'Korean', LT: 'Lithuanian', LV: 'Latvian', NB: 'Norwegian (Bokmål)', NL: 'Dutch',
  PL: 'Polish', PT: 'Portuguese', 'PT-BR': 'Portuguese (Brazilian)',
  'PT-PT': 'Portuguese (European)', RO: 'Romanian', RU: 'Russian', SK: 'Slovak',
  SL: 'Slovenian', SV: 'Swedish', TH: 'Thai', TR: 'Turkish', UK: 'Ukrainian', VI: 'Vietnamese',
  ZH: 'Chinese', 'ZH-HANS': 'Chinese (simplified)', 'ZH-HANT': 'Chinese (traditional)',
};

// biome-ignore format: the contract's lists
/** Codes of `GET /v2/languages?type=source` (contract 4.3). */
export const SOURCE_LISTING = [
  'AR', 'BG', 'CS', 'DA', 'DE', 'EL', 'EN', 'ES', 'ET', 'FI', 'FR', 'HE', 'HU', 'ID', 'IT', 'JA',
  'KO', 'LT', 'LV', 'NB', 'NL', 'PL', 'PT', 'RO', 'RU', 'SK', 'SL', 'SV', 'TH', 'TR', 'UK', 'VI',
  'ZH',
] as const;

// biome-ignore format: the contract's lists
/** Codes of `GET /v2/languages?type=target` (contract 4.3). */
export const TARGET_LISTING = [
  'AR', 'BG', 'CS', 'DA', 'DE', 'EL', 'EN-GB', 'EN-US', 'ES', 'ES-419', 'ET', 'FI', 'FR', 'HU',
  'ID', 'IT', 'JA', 'KO', 'LT', 'LV', 'NB', 'NL', 'PL', 'PT-BR', 'PT-PT', 'RO', 'RU', 'SK', 'SL',
  'SV', 'TR', 'UK', 'ZH', 'ZH-HANS', 'ZH-HANT',
] as const;
