import { describe, expect, it } from 'vitest';
import {
  UK_SIC_2007_DIVISIONS,
  UK_SIC_2007_SECTIONS,
  ukSicDescription,
  ukSicDivision,
} from './uk-sic-2007.js';

describe('UK SIC 2007 descriptions', () => {
  it.each([
    ['62012', '62012 — Division 62: Computer programming, consultancy and related activities'],
    ['47110', '47110 — Division 47: Retail trade, except of motor vehicles and motorcycles'],
    [
      '01110',
      '01110 — Division 01: Crop and animal production, hunting and related service activities',
    ],
    ['86101', '86101 — Division 86: Human health activities'],
    ['70229', '70229 — Division 70: Activities of head offices; management consultancy activities'],
  ])('describes %s with its division', (code, description) => {
    expect(ukSicDescription(code)).toBe(description);
  });

  it.each([
    ['a division SIC 2007 does not use', '04100'],
    ['Companies House’s dormant company code', '99999'],
    ['text that is not a code', 'n/a'],
    ['an empty code', ''],
  ])('shows %s alone', (_, code) => {
    expect(ukSicDivision(code)).toBeNull();
    expect(ukSicDescription(code)).toBe(code);
  });

  it('holds the 21 sections and 88 divisions, every division inside its section', () => {
    expect(UK_SIC_2007_SECTIONS.map((s) => s.letter).join('')).toBe('ABCDEFGHIJKLMNOPQRSTU');
    const divisions = Object.keys(UK_SIC_2007_DIVISIONS).map(Number);
    expect(divisions).toHaveLength(88);
    for (const division of divisions) {
      const sections = UK_SIC_2007_SECTIONS.filter(
        (s) => division >= s.divisions[0] && division <= s.divisions[1],
      );
      expect(sections, `division ${division}`).toHaveLength(1);
    }
    for (const {
      divisions: [from, to],
    } of UK_SIC_2007_SECTIONS) {
      expect(UK_SIC_2007_DIVISIONS[String(from).padStart(2, '0')]).toBeDefined();
      expect(UK_SIC_2007_DIVISIONS[String(to).padStart(2, '0')]).toBeDefined();
    }
  });
});
